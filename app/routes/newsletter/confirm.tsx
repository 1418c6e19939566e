import { data } from "react-router";
import type { Route } from "./+types/confirm";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { CONFIRM_COPY } from "#app/content/newsletter.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { countConversion } from "#app/utils/analytics.server.ts";
import { formPagePath } from "#app/utils/public-form.server.ts";
import { LinkPage } from "./link-page.tsx";
import { badLink, LINK_PAGE_HEADERS, linkLoader } from "./link.server.ts";
import { applyLink } from "./newsletter.server.ts";

// The confirmation e-mail's link: a page with a button (a GET confirms
// nothing); the button's POST is the subscriber's consent, and the
// newsletter's conversion in the team's analytics.

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: CONFIRM_COPY.title,
    description: CONFIRM_COPY.text,
    noIndex: true,
  });

export function loader({ params }: Route.LoaderArgs) {
  return linkLoader(params.token, "confirm");
}

export async function action({ params, request }: Route.ActionArgs) {
  const outcome = await applyLink(params.token, "confirm");
  if (outcome === null) throw badLink();
  if (outcome === "confirmed") {
    countConversion(request, "newsletter", formPagePath(request));
  }
  return data({ done: outcome }, { headers: LINK_PAGE_HEADERS });
}

export default function Confirm({ actionData }: Route.ComponentProps) {
  const done = actionData?.done ?? null;
  if (done === "confirmed") {
    return (
      <LinkPage
        title={CONFIRM_COPY.done}
        text={CONFIRM_COPY.doneText}
        button={null}
        done
      />
    );
  }
  if (done === "unchanged") {
    return (
      <LinkPage
        title={CONFIRM_COPY.unchanged}
        text={CONFIRM_COPY.unchangedText}
        button={null}
        done
      />
    );
  }
  return (
    <LinkPage
      title={CONFIRM_COPY.title}
      text={CONFIRM_COPY.text}
      button={CONFIRM_COPY.button}
      done={false}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
