import {
  Alert,
  Anchor,
  Button,
  Group,
  Progress,
  Stack,
  Text,
} from "@mantine/core";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/newsletter-send";
import { postState } from "./publication.ts";
import { ActionNotice } from "#app/components/team/action-notice.tsx";
import { PostToolPage, postToolMeta } from "./post-tool-page.tsx";
import { SEND_COPY } from "#app/content/newsletter.ts";
import { PostAccessBoundary } from "#app/routes/blog/post-access-boundary.tsx";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { requireEditablePost } from "./editable-post.server.ts";
import {
  confirmedCount,
  sendProgress,
  sendTest,
  startSend,
} from "./newsletter-send.server.ts";

// Sending a published post to the newsletter's confirmed subscribers: an
// editor or admin (the newsletter capability). A test to oneself first; the send itself asks
// once more, naming how many it will reach, and then shows its progress.

export const meta: Route.MetaFunction = postToolMeta(SEND_COPY);

const NOT_LOADED = "Post failed to load for its newsletter";

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args.context, args.request, "newsletter");
  const { post } = await requireEditablePost(args, NOT_LOADED);
  const [recipients, progress] = await Promise.all([
    confirmedCount(),
    sendProgress(post.id),
  ]);
  return data({
    post: { id: post.id, title: post.title },
    published: postState(post.published_at) === "published",
    recipients,
    progress,
    confirming: new URL(args.request.url).searchParams.has("confirm"),
  });
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args.context, args.request, "newsletter");
  const { post, user } = await requireEditablePost(args, NOT_LOADED);
  const formData = await requireSmallForm(args.request);
  if (postState(post.published_at) !== "published") {
    return data(
      { ok: false, message: SEND_COPY.notPublished },
      { status: 409 },
    );
  }
  if (formData.get("intent") === "test") {
    const to = user.email ?? "";
    const sent = to ? await sendTest(args.context, post, to) : false;
    return data(
      {
        ok: sent,
        message: sent ? SEND_COPY.testSent(to) : SEND_COPY.testFailed,
      },
      { status: sent ? 200 : 502 },
    );
  }
  const sendId = await startSend(post, user.id);
  if (!sendId) {
    const progress = await sendProgress(post.id);
    return data(
      {
        ok: false,
        message: progress ? SEND_COPY.alreadySent : SEND_COPY.failed,
      },
      { status: 409 },
    );
  }
  return redirect(`/edit/${post.id}/newsletter`);
}

export default function NewsletterSend({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { post, published, recipients, progress, confirming } = loaderData;
  return (
    <PostToolPage copy={SEND_COPY} post={post}>
      <ActionNotice result={actionData} />
      {progress ? (
        <Stack gap="xs" data-testid="send-progress">
          <Text>
            {SEND_COPY.progress(progress.sent, progress.recipients)}
            {" · "}
            {progress.finished_at ? SEND_COPY.finished : SEND_COPY.sending}
          </Text>
          <Progress
            value={
              progress.recipients
                ? (100 * progress.sent) / progress.recipients
                : 100
            }
            aria-label={SEND_COPY.progress(progress.sent, progress.recipients)}
          />
          {progress.batches_failed > 0 ? (
            <Text c="red">
              {SEND_COPY.failures(progress.batches_failed)}
              {progress.last_error ? `: ${progress.last_error}` : null}
            </Text>
          ) : null}
          {progress.finished_at ? null : (
            <Anchor component={Link} to="." reloadDocument>
              {SEND_COPY.refresh}
            </Anchor>
          )}
        </Stack>
      ) : !published ? (
        <Text>{SEND_COPY.notPublished}</Text>
      ) : (
        <>
          <Text>{SEND_COPY.intro}</Text>
          <Form method="post">
            <Button type="submit" name="intent" value="test" variant="default">
              {SEND_COPY.test}
            </Button>
          </Form>
          {confirming ? (
            <Alert color="yellow" role="alert">
              <Stack gap="sm">
                <Text>{SEND_COPY.confirmQuestion(recipients)}</Text>
                <Form method="post">
                  <Group gap="sm">
                    <Button
                      type="submit"
                      name="intent"
                      value="send"
                      color="red.9"
                    >
                      {SEND_COPY.confirm(recipients)}
                    </Button>
                    <Button component={Link} to="." variant="default">
                      {SEND_COPY.cancel}
                    </Button>
                  </Group>
                </Form>
              </Stack>
            </Alert>
          ) : (
            <Button component={Link} to="?confirm" w="fit-content">
              {SEND_COPY.review(recipients)}
            </Button>
          )}
        </>
      )}
    </PostToolPage>
  );
}

export function ErrorBoundary() {
  return <PostAccessBoundary />;
}
