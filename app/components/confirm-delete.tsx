import {
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { SubmitButton, usePendingPost } from "#app/components/form-kit.tsx";

/**
 * A delete confirmation page (a post, an inbox submission): what is about to
 * go, a way back, and the only button that deletes, a POST to this page.
 */
export function ConfirmDelete({
  copy,
  cancelTo,
  children,
  hiddenFields,
}: {
  copy: {
    pageTitle: string;
    confirmation: string;
    cancel: string;
    confirm: string;
  };
  cancelTo: string;
  /** What is about to be deleted. */
  children: ReactNode;
  /** Sent with the POST, e.g. where to come back to. */
  hiddenFields?: Record<string, string>;
}) {
  const busy = usePendingPost();
  return (
    <Container size={560} py={48}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {copy.pageTitle}
          </Title>
          <Text size="lg">{copy.confirmation}</Text>
          {children}
          <Form method="post">
            {Object.entries(hiddenFields ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to={cancelTo} variant="default">
                {copy.cancel}
              </Button>
              {/* red-9: white on the default red (#fa5252) is 3.28:1. */}
              <SubmitButton busy={busy} color="red.9">
                {copy.confirm}
              </SubmitButton>
            </Group>
          </Form>
        </Stack>
      </Paper>
    </Container>
  );
}
