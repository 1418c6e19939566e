import { data } from "react-router";
import type { Route } from "./+types/company";
import { CompanyPage } from "./company-page.tsx";
import { BRAND_NAME } from "#app/content/site.ts";
import { actionRetryAfterHeaders } from "#app/lib/action-headers.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { readPublishedPage } from "#app/routes/pages/pages.server.ts";
import { cacheHeadersFromLoader } from "#app/utils/public-cache.server.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";
import { companyContactAction } from "#app/routes/contact/contact.server.ts";

// The page's words are its published version (/admin/pages/company), read
// with the visitor's session; the contact form's post keeps its Retry-After.
export const headers: Route.HeadersFunction = (args) => {
  const headers = cacheHeadersFromLoader(args);
  const retryAfter = actionRetryAfterHeaders(args).get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function action(args: Route.ActionArgs) {
  return companyContactAction(args);
}

// `?contact=1` opens the contact form in the page (its no-JavaScript link).
export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-pages-change", "contact"),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, headers } = await readPublishedPage(
    context,
    request,
    "company",
  );
  return data(content, { headers });
}

export const meta: Route.MetaFunction = (args) => {
  const content = args.loaderData;
  if (!content) return routeMeta(args);
  return routeMeta(args, {
    title: `Company: ${content.hero.title}`,
    description: `${content.hero.text} Meet the mission and the values behind ${BRAND_NAME}.`,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "AboutPage",
        name: `About ${BRAND_NAME}`,
        description: content.mission.paragraphs[0],
      },
    ],
  });
};

export default function Company({ loaderData }: Route.ComponentProps) {
  return <CompanyPage data={loaderData} />;
}
