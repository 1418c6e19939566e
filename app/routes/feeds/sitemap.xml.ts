import type { Route } from "./+types/sitemap.xml";
import { AGENTS } from "#app/content/agents.ts";
import { BLOG_PATH } from "#app/content/blog.ts";
import { JOBS } from "#app/content/jobs.ts";
import { sitemapFile } from "./feeds.ts";
import { absoluteUrl } from "#app/lib/meta.ts";
import {
  BlogQueryError,
  countPublicPosts,
  listPostDates,
  logMessage,
  secondsToNextPublication,
} from "#app/routes/blog/blog.server.ts";
import { parsePage } from "#app/lib/pagination.ts";
import { env } from "#app/utils/env.server.ts";
import { publicCacheHeaders } from "#app/utils/public-cache.server.ts";
import { siteRoutes, storedRoutes } from "#app/utils/route-table.server.ts";
import { getPublicSupabase } from "#app/utils/supabase.server.ts";

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

/**
 * `/sitemap.xml` lists every public URL, the site's pages first, then the
 * posts oldest first; past the protocol's 50,000 URLs a file it is an index
 * of `/sitemap.xml?part=N` (feeds.ts, sitemapFile).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const partParam = new URL(request.url).searchParams.get("part");
  const supabase = getPublicSupabase(context);
  const secondsLeft = secondsToNextPublication(supabase);
  let body: string | null;
  try {
    body = await sitemapFile(
      {
        pages: (await pagePaths()).map((path) => ({
          url: absoluteUrl(env.SITE_URL, path),
        })),
        countPosts: () => countPublicPosts(supabase),
        posts: async (offset, limit) =>
          (await listPostDates(supabase, { offset, limit })).map((post) => ({
            url: absoluteUrl(env.SITE_URL, `${BLOG_PATH}/${post.id}`),
            lastModified: post.updated_at,
          })),
        partUrl: (part) =>
          absoluteUrl(env.SITE_URL, `/sitemap.xml?part=${part}`),
      },
      partParam === null ? null : parsePage(partParam),
    );
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
  if (body === null) {
    return new Response("No such sitemap file.", {
      status: 404,
      headers: {
        ...publicCacheHeaders(request, 404),
        "Content-Type": "text/plain; charset=utf-8",
      },
    });
  }
  return new Response(body, {
    headers: {
      ...publicCacheHeaders(request, 200, await secondsLeft),
      "Content-Type": "application/xml; charset=utf-8",
    },
  });
}
