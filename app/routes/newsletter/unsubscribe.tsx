import { data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { UNSUBSCRIBE_COPY } from "#app/content/newsletter.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { LinkPage } from "./link-page.tsx";
import { badLink, LINK_PAGE_HEADERS, linkLoader } from "./link.server.ts";
import { applyLink } from "./newsletter.server.ts";

// Leaving the newsletter. The e-mail's visible link opens this page with a
// button (a GET changes nothing); the List-Unsubscribe header's URL is the
// same path, which a mail client POSTs to with
// `List-Unsubscribe=One-Click` and no cookie (RFC 8058): any POST with a
// good token unsubscribes at once, whatever its body.

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: UNSUBSCRIBE_COPY.title,
    description: UNSUBSCRIBE_COPY.text,
    noIndex: true,
  });

export function loader({ params }: Route.LoaderArgs) {
  return linkLoader(params.token, "unsubscribe");
}

export async function action({ params }: Route.ActionArgs) {
  const outcome = await applyLink(params.token, "unsubscribe");
  if (outcome === null) throw badLink();
  return data({ done: true }, { headers: LINK_PAGE_HEADERS });
}

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  return actionData?.done ? (
    <LinkPage
      title={UNSUBSCRIBE_COPY.done}
      text={UNSUBSCRIBE_COPY.doneText}
      button={null}
      done
    />
  ) : (
    <LinkPage
      title={UNSUBSCRIBE_COPY.title}
      text={UNSUBSCRIBE_COPY.text}
      button={UNSUBSCRIBE_COPY.button}
      done={false}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
