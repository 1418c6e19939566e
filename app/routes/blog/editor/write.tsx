import type { Route } from "./+types/write";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { POST_FORM_COPY } from "./labels.ts";
import { PostForm } from "./post-form.tsx";
import { routeMeta } from "#app/lib/meta.ts";
import { requireRole } from "#app/utils/permissions.server.ts";
import { postFormAction } from "./editor.server.ts";
import { listTagNames } from "#app/routes/blog/post.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: POST_FORM_COPY.writeHeading,
    description: "Write a new blueprint for the blog.",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "author");
  return { existingTags: await listTagNames(getSupabase(context)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return postFormAction({ request, context, postId: null });
}

export default function WritePost({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return (
    <PostForm existingTags={loaderData.existingTags} actionData={actionData} />
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
