import type { Route } from "./+types/sitemap.xml";
import { AGENTS } from "#app/content/agents.ts";
import { BLOG_PATH } from "#app/content/blog.ts";
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
import { listAuthorSlugs } from "#app/routes/blog/authors.server.ts";
import { env } from "#app/utils/env.server.ts";
import { publicCacheHeaders } from "#app/utils/public-cache.server.ts";
import { siteRoutes, storedRoutes } from "#app/utils/route-table.server.ts";
import { getPublicSupabase } from "#app/utils/supabase.server.ts";
import {
  JobsQueryError,
  listOpenJobs,
} from "#app/routes/careers/jobs.server.ts";

type Client = ReturnType<typeof getPublicSupabase>;

// The values a stored page's path parameter takes: the content its loader
// reads. Open jobs and authors come from the database (a closed one drops
// out by the same predicate its page uses); posts from the database below.
const PARAMETER_VALUES: Record<
  string,
  (supabase: Client) => Promise<string[]>
> = {
  "/careers/:id": async (supabase) =>
    (await listOpenJobs(supabase)).map((job) => String(job.id)),
  "/agents/:slug": async () => AGENTS.map((agent) => agent.slug),
  // Only authors credited on a public post: row-level security hides the rest.
  "/blueprints/authors/:slug": listAuthorSlugs,
};

/** Every stored page but the posts, from the routes' declarations. */
async function pagePaths(supabase: Client) {
  const routes = storedRoutes(await siteRoutes());
  const paths = await Promise.all(
    routes.map(async ({ path }) => {
      if (!path.includes(":")) return [path];
      const values = (await PARAMETER_VALUES[path]?.(supabase)) ?? [];
      return values.map((value) => path.replace(/:\w+/, value));
    }),
  );
  return paths.flat();
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
        pages: (await pagePaths(supabase)).map((path) => ({
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
    if (error instanceof JobsQueryError) {
      console.error("Sitemap failed:", error.message);
    } else if (error instanceof BlogQueryError) {
      console.error("Sitemap failed:", logMessage(error));
    } else throw error;
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
