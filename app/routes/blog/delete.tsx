import { Text } from "@mantine/core";
import type { Route } from "./+types/delete";
import { ConfirmDelete } from "#app/components/confirm-delete.tsx";
import { DELETE_COPY } from "./delete-copy.ts";
import { BLOG_PATH } from "#app/content/blog.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { DELETE_FAILED, POST_DELETED } from "./post-messages.ts";
import { forbidden, requireAccess } from "#app/utils/permissions.server.ts";
import { requirePost } from "./blog.server.ts";
import { PostAccessBoundary } from "./post-access-boundary.tsx";
import { env } from "#app/utils/env.server.ts";
import { deletePost, publicCoverPrefix } from "./post.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";

// Deleting a post: the confirmation page for browsers without JavaScript
// (the card's button links here) and the POST both versions send. Only the
// post's author, while an author, may delete it; row-level security enforces
// it, and a former author gets the authors' denied message here.

const DELETE_FORBIDDEN_MESSAGE = "You are not allowed to delete this post.";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: DELETE_COPY.pageTitle,
    description: DELETE_COPY.confirmation,
    noIndex: true,
  });

const isListPath = (path: string) =>
  path === BLOG_PATH || path.startsWith(`${BLOG_PATH}?`);

/**
 * Back to the list the author came from, or the post's editor, or the blog.
 * Only Cancel returns to the editor: a deleted post has none.
 */
function returnTo(value: unknown, postId: string | undefined) {
  const path = safeRedirect(value, BLOG_PATH);
  return isListPath(path) || (postId && path === `/edit/${postId}`)
    ? path
    : BLOG_PATH;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { user } = await requireAccess(context, request, "posts");
  const post = await requirePost(
    getSupabase(context),
    params.id,
    "Post failed to load for deletion",
  );
  if (post.author_id !== user.id) throw forbidden(DELETE_FORBIDDEN_MESSAGE);
  return {
    post: { id: post.id, title: post.title },
    returnTo: returnTo(
      new URL(request.url).searchParams.get("returnTo"),
      params.id,
    ),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { user } = await requireAccess(context, request, "posts");
  const formData = await requireSmallForm(request);
  const back = returnTo(formData.get("returnTo"), params.id);
  const deleted = await deletePost(getSupabase(context), {
    id: params.id,
    userId: user.id,
    coverPrefix: publicCoverPrefix(env.SUPABASE_URL),
  });
  return redirectWithToast(deleted && !isListPath(back) ? BLOG_PATH : back, {
    ...(deleted ? POST_DELETED : DELETE_FAILED),
    type: deleted ? "success" : "error",
  });
}

export default function DeletePost({ loaderData }: Route.ComponentProps) {
  const { post, returnTo } = loaderData;
  return (
    <ConfirmDelete
      copy={DELETE_COPY}
      cancelTo={returnTo}
      hiddenFields={{ returnTo }}
    >
      <Text fw={600}>{post.title}</Text>
    </ConfirmDelete>
  );
}

export function ErrorBoundary() {
  return <PostAccessBoundary />;
}
