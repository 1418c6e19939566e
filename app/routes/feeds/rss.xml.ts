import type { Route } from "./+types/rss.xml";
import {
  BLOG_COPY,
  BLOG_PATH,
  RSS_ITEM_COUNT,
  RSS_TITLE,
} from "#app/content/blog.ts";
import { buildRss } from "./feeds.ts";
import { descriptionFallback } from "#app/content/blog-description.ts";
import { absoluteUrl } from "#app/lib/meta.ts";
import {
  BlogQueryError,
  creditNames,
  logMessage,
  listRecentPosts,
  publishedAt,
  secondsToNextPublication,
} from "#app/routes/blog/blog.server.ts";
import { env } from "#app/utils/env.server.ts";
import { publicCacheHeaders } from "#app/utils/public-cache.server.ts";
import { getPublicSupabase } from "#app/utils/supabase.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const supabase = getPublicSupabase(context);
  const secondsLeft = secondsToNextPublication(supabase);
  let posts;
  try {
    posts = await listRecentPosts(supabase, RSS_ITEM_COUNT);
  } catch (error) {
    if (!(error instanceof BlogQueryError)) throw error;
    console.error("RSS feed failed:", logMessage(error));
    return new Response("The feed is unavailable right now.", {
      status: 503,
      headers: {
        ...publicCacheHeaders(request, 503),
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": "60",
      },
    });
  }
  const xml = buildRss({
    title: RSS_TITLE,
    description: BLOG_COPY.tagline,
    url: absoluteUrl(env.SITE_URL, BLOG_PATH),
    feedUrl: absoluteUrl(env.SITE_URL, `${BLOG_PATH}/rss.xml`),
    items: posts.map((post) => ({
      title: post.title,
      url: absoluteUrl(env.SITE_URL, `${BLOG_PATH}/${post.id}`),
      description: post.excerpt || descriptionFallback(post.title),
      publishedAt: publishedAt(post),
      categories: post.tags,
      creators: creditNames(post),
    })),
  });
  return new Response(xml, {
    headers: {
      ...publicCacheHeaders(request, 200, await secondsLeft),
      "Content-Type": "application/rss+xml; charset=utf-8",
    },
  });
}
