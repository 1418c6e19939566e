import {
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/delete";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { DELETE_COPY } from "./delete-copy.ts";
import { ErrorPage } from "#app/components/error-page.tsx";
import { BLOG_PATH } from "#app/content/blog.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import {
  DELETE_FAILED,
  LOAD_FAILED,
  POST_DELETED,
  POST_NOT_FOUND,
} from "./post-messages.ts";
import { forbidden, requireUser } from "#app/utils/permissions.server.ts";
import { lookUpPost } from "./blog.server.ts";
import { env } from "#app/utils/env.server.ts";
import { deletePost, publicCoverPrefix } from "./post.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";

// Deleting a post: the confirmation page for browsers without JavaScript
// (the card's button links here) and the POST both versions send. Only the
// post's author may delete (SPEC.md section 6); row-level security enforces it.

const DELETE_FORBIDDEN_MESSAGE = "You are not allowed to delete this post.";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: DELETE_COPY.pageTitle,
    description: DELETE_COPY.confirmation,
    noIndex: true,
  });

/** Back to the list the author came from, or the blog. */
function returnTo(value: unknown) {
  const path = safeRedirect(value, BLOG_PATH);
  return path === BLOG_PATH || path.startsWith(`${BLOG_PATH}?`)
    ? path
    : BLOG_PATH;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const found = await lookUpPost(
    getSupabase(context),
    params.id,
    "Post failed to load for deletion",
  );
  if (found.state === "error") {
    return data({ state: "error" as const }, { status: 503 });
  }
  if (found.state === "not-found") {
    return data({ state: "not-found" as const }, { status: 404 });
  }
  const { post } = found;
  if (post.author_id !== user.id) throw forbidden(DELETE_FORBIDDEN_MESSAGE);
  return {
    state: "ok" as const,
    post: { id: post.id, title: post.title },
    returnTo: returnTo(new URL(request.url).searchParams.get("returnTo")),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const formData = await requireSmallForm(request);
  const back = returnTo(formData.get("returnTo"));
  const deleted = await deletePost(getSupabase(context), {
    id: params.id,
    userId: user.id,
    coverPrefix: publicCoverPrefix(env.SUPABASE_URL),
  });
  return redirectWithToast(back, {
    ...(deleted ? POST_DELETED : DELETE_FAILED),
    type: deleted ? "success" : "error",
  });
}

export default function DeletePost({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.state === "error") {
    return (
      <ErrorPage title={LOAD_FAILED.title} message={LOAD_FAILED.description} />
    );
  }
  if (loaderData.state === "not-found") {
    return (
      <ErrorPage
        title={POST_NOT_FOUND.title}
        message={POST_NOT_FOUND.description}
        actions={[{ to: BLOG_PATH, label: "Blueprints" }]}
      />
    );
  }
  const { post } = loaderData;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Container size={560} py={140}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {DELETE_COPY.pageTitle}
          </Title>
          <Text size="lg">{DELETE_COPY.confirmation}</Text>
          <Text fw={600}>{post.title}</Text>
          <Form method="post">
            <input type="hidden" name="returnTo" value={loaderData.returnTo} />
            <Group justify="flex-end" gap="sm">
              <Button
                component={Link}
                to={loaderData.returnTo}
                variant="default"
              >
                {DELETE_COPY.cancel}
              </Button>
              <Button type="submit" color="red" disabled={busy}>
                {DELETE_COPY.confirm}
              </Button>
            </Group>
          </Form>
        </Stack>
      </Paper>
    </Container>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
