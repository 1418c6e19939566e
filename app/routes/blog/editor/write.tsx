import type { Route } from "./+types/write";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { OWN_POST_VIEW_DAYS, POST_FORM_COPY } from "./labels.ts";
import { PostForm } from "./post-form.tsx";
import { routeMeta } from "#app/lib/meta.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { postFormAction, postFormOptions } from "./editor.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import {
  BlogQueryError,
  listOwnPublished,
  listOwnUnpublished,
  logMessage,
  ownPostViews,
} from "#app/routes/blog/blog.server.ts";
import { Container } from "@mantine/core";
import { editablePublication } from "./publication-label.ts";
import { YourPosts } from "./your-posts.tsx";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: POST_FORM_COPY.writeHeading,
    description: "Write a new blueprint for the blog.",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, role } = await requireAccess(context, request, "posts");
  const supabase = getSupabase(context);
  const [options, ownPosts, views] = await Promise.all([
    postFormOptions(supabase, null, { userId: user.id, role }),
    Promise.all([
      listOwnUnpublished(supabase, user.id),
      listOwnPublished(supabase, user.id),
    ]).catch((error: unknown) => {
      if (!(error instanceof BlogQueryError)) throw error;
      console.error("Own posts failed to load:", logMessage(error));
      return null;
    }),
    // Without the counts the list still shows, without views.
    ownPostViews(supabase, OWN_POST_VIEW_DAYS).catch((error: unknown) => {
      if (!(error instanceof BlogQueryError)) throw error;
      console.error("Own post views failed to load:", logMessage(error));
      return null;
    }),
  ]);
  return {
    ...options,
    yourPosts:
      ownPosts?.flat().map((post) => {
        const publication = editablePublication(post);
        return {
          id: post.id,
          title: post.title,
          publication,
          views:
            publication.state === "published" && views
              ? (views.get(post.id) ?? { views: 0, visitors: 0 })
              : null,
        };
      }) ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return postFormAction({ request, context, postId: null });
}

export default function WritePost({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { yourPosts, ...options } = loaderData;
  return (
    <>
      <PostForm {...options} actionData={actionData} />
      {yourPosts ? (
        <Container size="md" pb="xl">
          <YourPosts posts={yourPosts} />
        </Container>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
