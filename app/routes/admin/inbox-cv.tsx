import { data, redirect } from "react-router";
import type { Route } from "./+types/inbox-cv";
import { cvDownloadUrl } from "./inbox.server.ts";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { INBOX_COPY, INBOX_MESSAGES, INBOX_PATH } from "#app/content/inbox.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/public-cache.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

// An application's CV: the server asks Storage, with the team member's own
// session, for a signed URL that works for a minute and downloads the file
// as an attachment, then sends the browser there. The browser never holds a
// Supabase key; the URL is a capability for this one object until it expires.
// A route with a page (not a resource route) so that a visitor without the
// role gets the same sign-in or access-denied page as the inbox.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: INBOX_MESSAGES.cvFailed.title,
    description: INBOX_MESSAGES.cvFailed.description,
    noIndex: true,
  });

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PRIVATE_CACHE_CONTROL,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "jobs");
  const url = UUID.test(params.id)
    ? await cvDownloadUrl(getSupabase(context), params.id)
    : null;
  if (!url) return data({ failed: true }, { status: 404 });
  return redirect(url, {
    status: 303,
    headers: {
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      // The signed URL must not travel on as a Referer from the download.
      "Referrer-Policy": "no-referrer",
    },
  });
}

export default function CvUnavailable() {
  return (
    <ErrorPage
      title={INBOX_MESSAGES.cvFailed.title}
      message={INBOX_MESSAGES.cvFailed.description}
      actions={[{ to: INBOX_PATH, label: INBOX_COPY.title }]}
    />
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
