import { safeLinkUrl } from "#app/lib/sanitize.ts";
import { creditLine, type PostSummary } from "./blog.server.ts";
import { formatPostDate } from "./format-date.ts";
import {
  readStoredVariants,
  responsiveImage,
  type ResponsiveImage,
} from "./image-variants.server.ts";
import type { PostCardData } from "./post-card.tsx";
import { readingTime } from "./reading-time.ts";

// A public post as a list's card (post-card.tsx): the blog's list and an
// author's page show the same cards.

// Cards fill the 1200 px container in two columns from 768 px, one below.
const CARD_SIZES = "(min-width: 1200px) 580px, (min-width: 768px) 50vw, 100vw";

/** The card's cover keys: srcset and sizes only when there are variants. */
function cardCover(image: ResponsiveImage | null) {
  if (!image?.srcSet) return { coverImageUrl: image?.src ?? null };
  return {
    coverImageUrl: image.src,
    coverSrcSet: image.srcSet,
    coverSizes: image.sizes,
  };
}

export function summaryCard(
  post: PostSummary,
  coverPrefix: string,
): PostCardData {
  return {
    id: post.id,
    title: post.title,
    excerpt: post.excerpt,
    ...cardCover(
      responsiveImage(
        safeLinkUrl(post.cover_image_url ?? undefined),
        readStoredVariants(post.cover_variants, coverPrefix),
        CARD_SIZES,
      ),
    ),
    tags: post.tags,
    readingTime: readingTime(post.word_count),
    by: creditLine(post),
    day: post.created_at.slice(0, 10),
    date: formatPostDate(post.created_at),
  };
}
