import { readingTimeLabel } from "#app/content/blog-list.ts";

/** Words a reader gets through in a minute. */
export const WORDS_PER_MINUTE = 230;

/**
 * Minutes to read a post of `words` words: rounded up, never under one (a
 * post of a few words still takes a moment). Anything that is not a count of
 * words (a missing column, a negative number) reads as an empty post.
 */
export function readingMinutes(words: number) {
  const count = Number.isFinite(words) && words > 0 ? Math.floor(words) : 0;
  return Math.max(1, Math.ceil(count / WORDS_PER_MINUTE));
}

/** The label cards and the post page show, made in the loader. */
export function readingTime(words: number) {
  return readingTimeLabel(readingMinutes(words));
}
