import { data } from "react-router";
import type { Route } from "./+types/page-preview";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { routeMeta } from "#app/lib/meta.ts";
import { PAGE_COPY } from "./page-copy.ts";
import { pageData } from "./page-data.server.ts";
import { isPageKey, type PageKey } from "./page-types.ts";
import { PageView } from "./page-views.tsx";
import { pageByPreviewToken, pageSchema } from "./pages.server.ts";
import { backendFailed, notFound } from "#app/utils/route-errors.server.ts";
import { getPublicSupabase } from "#app/utils/supabase.server.ts";

// A version of a page opened by a preview link, for anyone with the link,
// signed in or not, drawn by the page's own component under a banner. Never
// stored (not declared for the page store, `no-store` for every cache) and
// never indexed; an unknown or expired link is the site's 404.

const NEVER_STORED = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

export const headers: Route.HeadersFunction = () => NEVER_STORED;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: PAGE_COPY.publicBanner, noIndex: true });

export async function loader({ params, context }: Route.LoaderArgs) {
  let found;
  try {
    found = await pageByPreviewToken(getPublicSupabase(context), params.token);
  } catch (error) {
    console.error(error);
    throw backendFailed(undefined, NEVER_STORED);
  }
  if (!found || !isPageKey(found.page_key)) throw notFound(NEVER_STORED);
  const key: PageKey = found.page_key;
  const content = pageSchema(key).safeParse(found.content);
  if (!content.success) throw backendFailed(undefined, NEVER_STORED);
  return data(
    {
      key,
      page: pageData(key, content.data as never),
      expires: PAGE_COPY.time(found.expires_at),
    },
    { headers: NEVER_STORED },
  );
}

export default function PagePreview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <aside
        role="note"
        data-testid="draft-banner"
        style={{
          position: "relative",
          zIndex: 10,
          padding: "0.75rem 1rem",
          background: "#fff3bf",
          color: "#1a1b1e",
          textAlign: "center",
        }}
      >
        <strong>{PAGE_COPY.publicBanner}</strong>{" "}
        {PAGE_COPY.publicNote(loaderData.expires)}
      </aside>
      <PageView pageKey={loaderData.key} data={loaderData.page as never} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
