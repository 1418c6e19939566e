import { Alert, Container } from "@mantine/core";
import { data } from "react-router";
import type { Route } from "./+types/preview";
import { PREVIEW_PAGE_COPY } from "./preview-copy.ts";
import { PostPreview } from "./editor/post-preview.tsx";
import { formatInZone } from "./editor/publish-time.ts";
import { readingTime } from "./reading-time.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { routeMeta } from "#app/lib/meta.ts";
import { safeLinkUrl } from "#app/lib/sanitize.ts";
import { safePostHtml } from "./post-html.server.ts";
import { postByPreviewToken } from "./preview-links.server.ts";
import { backendFailed, notFound } from "#app/utils/route-errors.server.ts";
import { getPublicSupabase } from "#app/utils/supabase.server.ts";

// A draft or scheduled post opened by a preview link (decision 131), for
// anyone with the link, signed in or not. Never stored: not declared for the
// page store, and `no-store` for every cache; never indexed. An unknown,
// expired or revoked link is the site's plain 404.

const NEVER_STORED = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

export const headers: Route.HeadersFunction = () => NEVER_STORED;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData?.post.title ?? PREVIEW_PAGE_COPY.banner,
    description: PREVIEW_PAGE_COPY.description,
    noIndex: true,
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await postByPreviewToken(
    getPublicSupabase(context),
    params.token,
  );
  if (found.state === "not-found") throw notFound(NEVER_STORED);
  if (found.state === "error") {
    throw backendFailed(PREVIEW_PAGE_COPY.unavailable, NEVER_STORED);
  }
  const { post } = found;
  const html = await safePostHtml({
    id: post.id,
    content: post.content,
    stored: null,
  });
  if (html === null) {
    throw backendFailed(PREVIEW_PAGE_COPY.unavailable, NEVER_STORED);
  }
  return data(
    {
      post: {
        title: post.title,
        excerpt: post.excerpt,
        html,
        readingTime: readingTime(post.word_count),
        coverUrl: safeLinkUrl(post.cover_image_url ?? undefined) ?? null,
        createdAt: post.published_at ?? post.created_at,
        tags: post.tags,
        // A visitor may read a profile only through a public post.
        authors: [],
      },
      expires: formatInZone(post.preview_expires_at, "UTC"),
    },
    { headers: NEVER_STORED },
  );
}

export default function PreviewPost({ loaderData }: Route.ComponentProps) {
  const { post, expires } = loaderData;
  return (
    <Container size="md" py="xl">
      <Alert
        color="yellow"
        title={PREVIEW_PAGE_COPY.banner}
        mb="xl"
        data-testid="draft-banner"
      >
        {PREVIEW_PAGE_COPY.bannerText(expires)}
      </Alert>
      <PostPreview preview={post} idPrefix="preview" />
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
