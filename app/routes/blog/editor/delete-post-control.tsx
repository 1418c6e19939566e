import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { BLOG_PATH } from "#app/content/blog.ts";
import { DELETE_COPY } from "#app/routes/blog/delete-copy.ts";

/**
 * The editor's Delete. Without JavaScript it links to the confirmation page
 * (Cancel there comes back here); with it, a dialog asks the same question,
 * names the post, and sends the page's own POST.
 */
export function DeletePostControl({
  postId,
  title,
  onDeleting,
}: {
  postId: string;
  title: string;
  /** Called as the deletion is sent: the page is about to be left on purpose. */
  onDeleting: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const action = `${BLOG_PATH}/${postId}/delete`;
  return (
    <>
      <Button
        component={Link}
        to={`${action}?${new URLSearchParams({ returnTo: `/edit/${postId}` })}`}
        variant="subtle"
        color="red"
        aria-haspopup="dialog"
        aria-label={DELETE_COPY.buttonLabel(title)}
        onClick={(event) => {
          event.preventDefault();
          setOpened(true);
        }}
      >
        {DELETE_COPY.button}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={DELETE_COPY.pageTitle}
        centered
      >
        <Stack gap="md">
          <Text>{DELETE_COPY.confirmation}</Text>
          <Text fw={600} data-testid="delete-dialog-title">
            {title}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              {DELETE_COPY.cancel}
            </Button>
            <Button
              color="red"
              disabled={busy}
              onClick={() => {
                onDeleting();
                void fetcher.submit(
                  { returnTo: BLOG_PATH },
                  { method: "post", action },
                );
              }}
            >
              {DELETE_COPY.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
