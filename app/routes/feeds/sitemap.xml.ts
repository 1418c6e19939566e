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

/** The public pages of SPEC.md section 2 that do not come from the database. */
function staticPaths() {
  return [
    "/",
    "/blueprint-showcase",
    "/company",
    "/contact-us",
    "/careers",
    ...JOBS.map((job) => `/careers/${job.id}`),
    ...AGENTS.map((agent) => `/agents/${agent.slug}`),
    BLOG_PATH,
  ];
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
    ...staticPaths().map((path) => ({ url: absoluteUrl(env.SITE_URL, path) })),
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
