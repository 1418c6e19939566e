import { Suspense, use } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/edit";
import { POST_FORM_COPY } from "./labels.ts";
import { editablePublication } from "./publication-label.ts";
import { postTextFields } from "./post-schema.ts";
import { PostFormSkeleton } from "./post-form-skeleton.tsx";
import { PostForm } from "./post-form.tsx";
import { may } from "#app/lib/roles.ts";
import type { PostActionData } from "./types.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { PostAccessBoundary } from "#app/routes/blog/post-access-boundary.tsx";
import { safeLinkUrl } from "#app/lib/sanitize.ts";
import { safePostHtml } from "#app/routes/blog/post-html.server.ts";
import { backendFailed } from "#app/utils/route-errors.server.ts";
import { requireEditablePost } from "./editable-post.server.ts";
import {
  postFormAction,
  postFormOptions,
  savedSocialImages,
} from "./editor.server.ts";
import { publicCoverPrefix } from "#app/routes/blog/post.server.ts";
import { env } from "#app/utils/env.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: POST_FORM_COPY.editHeading,
    description: "Edit a blueprint on the blog.",
    noIndex: true,
  });

export async function loader(args: Route.LoaderArgs) {
  const { post, user, role } = await requireEditablePost(
    args,
    "Post failed to load for editing",
  );
  // The copy stored when the post was saved: the editor never gets markup
  // the sanitiser has not passed, and saved markup is not sanitised again.
  const content = await safePostHtml({
    id: post.id,
    content: post.content,
    stored: post.storedHtml,
  });
  if (content === null) throw backendFailed();
  return {
    post: {
      id: post.id,
      deletable: post.author_id === user.id,
      sendsNewsletter: may(role, "newsletter"),
      ...postTextFields(post),
      content,
      coverImageUrl: safeLinkUrl(post.cover_image_url ?? undefined),
      coverAlt: post.cover_alt,
      coverDecorative: post.cover_decorative,
      metaDescription: post.meta_description,
      bylineId: post.byline_id,
      coAuthorId: post.co_author_id,
      socialImage: savedSocialImages(post, publicCoverPrefix(env.SUPABASE_URL)),
      tags: post.tags,
      publication: editablePublication(post),
      updatedAt: post.updated_at,
    },
    ...(await postFormOptions(getSupabase(args.context), post.id, {
      userId: user.id,
      role,
    })),
  };
}

/**
 * On client navigations the page renders at once with a skeleton and the
 * post streams in; the first, server-rendered visit has it already.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { pending: serverLoader() };
}

/** A failed save or a preview keeps the form as it is: nothing to reload. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return postFormAction({ request, context, postId: params.id });
}

type LoadedData = Awaited<ReturnType<typeof loader>>;

function EditView({
  loaded,
  actionData,
}: {
  loaded: LoadedData;
  actionData?: PostActionData;
}) {
  return <PostForm key={loaded.post.id} {...loaded} actionData={actionData} />;
}

/**
 * The form once the post has streamed in. React's `use` rather than React
 * Router's Await, whose code every public page would download with the
 * router: a failed load (sign-in needed, access denied) throws here, to the
 * route's ErrorBoundary.
 */
function PendingEditView({
  pending,
  actionData,
}: {
  pending: Promise<unknown>;
  actionData?: PostActionData;
}) {
  return (
    <EditView loaded={use(pending) as LoadedData} actionData={actionData} />
  );
}

export default function EditPost({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  // The server-rendered page must not suspend: without JavaScript nothing
  // would ever replace the fallback.
  if (!("pending" in loaderData)) {
    return (
      <EditView loaded={loaderData as LoadedData} actionData={actionData} />
    );
  }
  return (
    <Suspense fallback={<PostFormSkeleton />}>
      <PendingEditView pending={loaderData.pending} actionData={actionData} />
    </Suspense>
  );
}

export function ErrorBoundary() {
  return <PostAccessBoundary />;
}
