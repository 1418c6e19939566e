import type { Route } from "./+types/sitemap.xml";
import { AGENTS } from "#app/content/agents.ts";
import { BLOG_PATH } from "#app/content/blog.ts";
import { JOBS } from "#app/content/jobs.ts";
import { buildSitemap, type SitemapEntry } from "./feeds.ts";
import { absoluteUrl } from "#app/lib/meta.ts";
import {
  BlogQueryError,
  listPostDates,
  logMessage,
} from "#app/routes/blog/blog.server.ts";
import { env } from "#app/utils/env.server.ts";
import { publicCacheHeaders } from "#app/utils/public-cache.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { siteRoutes, storedRoutes } from "#app/utils/route-table.server.ts";

// The values a stored page's path parameter takes: the content its loader
// reads. Posts come from the database below.
const PARAMETER_VALUES: Record<string, () => string[]> = {
  "/careers/:id": () => JOBS.map((job) => job.id),
  "/agents/:slug": () => AGENTS.map((agent) => agent.slug),
};

/** Every stored page that does not come from the database, from the routes' declarations. */
async function pagePaths() {
  return storedRoutes(await siteRoutes()).flatMap(({ path }) => {
    if (!path.includes(":")) return [path];
    const values = PARAMETER_VALUES[path]?.() ?? [];
    return values.map((value) => path.replace(/:\w+/, value));
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  let posts;
  try {
    posts = await listPostDates(getSupabase(context));
  } catch (error) {
    if (!(error instanceof BlogQueryError)) throw error;
    console.error("Sitemap failed:", logMessage(error));
    // Crawlers retry a 503 later instead of dropping every post from the index.
    return new Response("The sitemap is unavailable right now.", {
      status: 503,
      headers: {
        ...publicCacheHeaders(request, 503),
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": "60",
      },
    });
  }
  const entries: SitemapEntry[] = [
    ...(await pagePaths()).map((path) => ({
      url: absoluteUrl(env.SITE_URL, path),
    })),
    ...posts.map((post) => ({
      url: absoluteUrl(env.SITE_URL, `${BLOG_PATH}/${post.id}`),
      lastModified: post.updated_at,
    })),
  ];
  return new Response(buildSitemap(entries), {
    headers: {
      ...publicCacheHeaders(request),
      "Content-Type": "application/xml; charset=utf-8",
    },
  });
}
