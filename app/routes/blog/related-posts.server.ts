import { BLOG_LOADER_COPY, BLOG_PATH } from "#app/content/blog.ts";
import { safeLinkUrl } from "#app/lib/sanitize.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import {
  BlogQueryError,
  creditLine,
  listRecentPosts,
  logMessage,
  relatedPosts,
  type RelatedPost,
} from "./blog.server.ts";
import { formatPostDate } from "./format-date.ts";
import { readStoredVariants } from "./image-variants.server.ts";
import { readingTime } from "./reading-time.ts";

export const RELATED_COUNT = 3;

/** A card under a post, made in full here: the page ships strings, no formatter. */
export type RelatedCard = {
  href: string;
  title: string;
  /** The day it was published, for <time dateTime>. */
  day: string;
  date: string;
  readingTime: string;
  /** Its author and co-author, or the team. */
  by: string;
  /** The smallest variant of its cover (a card is at most 260 px wide), or the cover itself. */
  image: string | null;
};

function relatedCard(post: RelatedPost, coverPrefix: string): RelatedCard {
  const variants = readStoredVariants(post.cover_variants, coverPrefix);
  return {
    href: `${BLOG_PATH}/${post.id}`,
    title: post.title,
    day: post.created_at.slice(0, 10),
    date: formatPostDate(post.created_at),
    readingTime: readingTime(post.word_count),
    by: creditLine(post),
    image:
      variants?.webp[0]?.url ??
      safeLinkUrl(post.cover_image_url ?? undefined) ??
      null,
  };
}

/**
 * What to read next: up to three public posts sharing the post's tags, or,
 * when none does, the newest other posts, under a heading that says which.
 * A failure costs the reader the section, not the post.
 */
export async function readNext(
  supabase: TypedSupabaseClient,
  postId: string,
  coverPrefix: string,
): Promise<{ heading: string; posts: RelatedCard[] }> {
  try {
    const related = await relatedPosts(supabase, postId, RELATED_COUNT);
    if (related.length > 0) {
      return {
        heading: BLOG_LOADER_COPY.relatedHeading,
        posts: related.map((post) => relatedCard(post, coverPrefix)),
      };
    }
    const latest = await listRecentPosts(supabase, RELATED_COUNT + 1);
    return {
      heading: BLOG_LOADER_COPY.latestHeading,
      posts: latest
        .filter((post) => post.id !== postId)
        .slice(0, RELATED_COUNT)
        .map((post) => relatedCard(post, coverPrefix)),
    };
  } catch (error) {
    if (!(error instanceof BlogQueryError)) throw error;
    console.error("Related posts failed:", logMessage(error));
    return { heading: BLOG_LOADER_COPY.relatedHeading, posts: [] };
  }
}
