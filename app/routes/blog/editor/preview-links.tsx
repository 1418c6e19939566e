import { Button, Group, Text, TextInput } from "@mantine/core";
import { data, Form } from "react-router";
import type { Route } from "./+types/preview-links";
import { PREVIEW_LINKS_COPY } from "./labels.ts";
import { ActionNotice } from "#app/components/team/action-notice.tsx";
import { PostToolPage, postToolMeta } from "./post-tool-page.tsx";
import { postState } from "./publication.ts";
import { formatInZone } from "./publish-time.ts";
import { absoluteUrl } from "#app/lib/meta.ts";
import { PostAccessBoundary } from "#app/routes/blog/post-access-boundary.tsx";
import {
  createPreviewLink,
  openPreviewLinks,
  revokePreviewLinks,
} from "#app/routes/blog/preview-links.server.ts";
import { env } from "#app/utils/env.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { requireEditablePost } from "./editable-post.server.ts";

// Making and revoking a draft's preview links (decision 131): whoever may
// edit the post. A new link's token is shown once, in the answer to the
// POST that made it; the database keeps only its hash.

export const meta: Route.MetaFunction = postToolMeta(PREVIEW_LINKS_COPY);

const NOT_LOADED = "Post failed to load for its preview links";

export async function loader(args: Route.LoaderArgs) {
  const { post } = await requireEditablePost(args, NOT_LOADED);
  const open = await openPreviewLinks(getSupabase(args.context), post.id);
  return {
    post: { id: post.id, title: post.title },
    published: postState(post.published_at) === "published",
    openCount: open?.length ?? 0,
    nextExpiry: open?.[0] ? formatInZone(open[0], "UTC") : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { post } = await requireEditablePost(args, NOT_LOADED);
  const formData = await requireSmallForm(args.request);
  const supabase = getSupabase(args.context);
  if (formData.get("intent") === "revoke") {
    const revoked = await revokePreviewLinks(supabase, post.id);
    return data(
      {
        link: null,
        message: revoked
          ? PREVIEW_LINKS_COPY.revoked
          : PREVIEW_LINKS_COPY.failed,
        ok: revoked,
      },
      { status: revoked ? 200 : 503 },
    );
  }
  if (postState(post.published_at) === "published") {
    return data(
      { link: null, message: PREVIEW_LINKS_COPY.published, ok: false },
      { status: 409 },
    );
  }
  const token = await createPreviewLink(supabase, post.id);
  if (!token) {
    return data(
      { link: null, message: PREVIEW_LINKS_COPY.failed, ok: false },
      { status: 503 },
    );
  }
  return data({
    link: absoluteUrl(env.SITE_URL, `/preview/${token}`),
    message: PREVIEW_LINKS_COPY.created,
    ok: true,
  });
}

export default function PreviewLinks({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { post, published, openCount, nextExpiry } = loaderData;
  return (
    <PostToolPage copy={PREVIEW_LINKS_COPY} post={post}>
      <Text>{PREVIEW_LINKS_COPY.intro}</Text>
      <ActionNotice result={actionData} />
      {actionData?.link ? (
        <TextInput
          label={PREVIEW_LINKS_COPY.link}
          value={actionData.link}
          readOnly
          data-testid="preview-link"
        />
      ) : null}
      <Text data-testid="open-preview-links">
        {PREVIEW_LINKS_COPY.open(openCount)}
        {nextExpiry ? ` ${nextExpiry}.` : null}
      </Text>
      <Form method="post">
        <Group gap="sm">
          {published ? null : (
            <Button type="submit" name="intent" value="create">
              {PREVIEW_LINKS_COPY.create}
            </Button>
          )}
          <Button
            type="submit"
            name="intent"
            value="revoke"
            variant="default"
            color="red"
          >
            {PREVIEW_LINKS_COPY.revoke}
          </Button>
        </Group>
      </Form>
    </PostToolPage>
  );
}

export function ErrorBoundary() {
  return <PostAccessBoundary />;
}
