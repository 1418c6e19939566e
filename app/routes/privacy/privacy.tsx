import { data } from "react-router";
import type { Route } from "./+types/privacy";
import { PrivacyPage } from "./privacy-page.tsx";
import { routeMeta } from "#app/lib/meta.ts";
import { readPublishedPage } from "#app/routes/pages/pages.server.ts";
import { cacheHeadersFromLoader } from "#app/utils/public-cache.server.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";

// What the site counts and how (decisions 160, 162), in the words of its
// published version (/admin/pages/privacy).

export const headers: Route.HeadersFunction = cacheHeadersFromLoader;

export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-pages-change"),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, headers } = await readPublishedPage(
    context,
    request,
    "privacy",
  );
  return data(content, { headers });
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(
    args,
    args.loaderData
      ? {
          title: args.loaderData.notice.title,
          description: args.loaderData.notice.summary,
        }
      : {},
  );

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <PrivacyPage data={loaderData} />;
}
