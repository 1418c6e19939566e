import { data } from "react-router";
import type { Route } from "./+types/home";
import { HomePage } from "./home-page.tsx";
import { homePageData } from "./home-data.server.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { readPublishedPage } from "#app/routes/pages/pages.server.ts";
import { cacheHeadersFromLoader } from "#app/utils/public-cache.server.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";

// The page's words are its published version (/admin/pages/home), read with
// the visitor's session, and come as loader data: the route module imports
// their type alone, so the JavaScript stays within its budget
// (tests/tools/js-budget.ts).
export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-pages-change"),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, headers } = await readPublishedPage(
    context,
    request,
    "home",
  );
  return data(homePageData(content), { headers });
}

export const headers: Route.HeadersFunction = cacheHeadersFromLoader;

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage data={loaderData} />;
}
