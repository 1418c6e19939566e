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
} from "#app/routes/blog/blog.server.ts";
import { parsePage } from "#app/lib/pagination.ts";
import { env } from "#app/utils/env.server.ts";
import { publicCacheHeaders } from "#app/utils/public-cache.server.ts";
import { getPublicSupabase } from "#app/utils/supabase.server.ts";

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

/**
 * `/sitemap.xml` lists every public URL, the site's pages first, then the
 * posts oldest first; past the protocol's 50,000 URLs a file it is an index
 * of `/sitemap.xml?part=N` (feeds.ts, sitemapFile).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const partParam = new URL(request.url).searchParams.get("part");
  const supabase = getPublicSupabase(context);
  let body: string | null;
  try {
    body = await sitemapFile(
      {
        pages: staticPaths().map((path) => ({
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
      ...publicCacheHeaders(request),
      "Content-Type": "application/xml; charset=utf-8",
    },
  });
}
