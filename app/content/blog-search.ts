// The words of the blog's search and reading time (issue #23). Apart from
// blog.ts, whose chunk every blog page loads: only the list ships these, and
// the loaders' own strings (reading time, the refusal) ship nowhere.

/** Longest search a visitor may send (the box's maxlength; longer is refused with searchTooLong). */
export const MAX_SEARCH_LENGTH = 200;

export const SEARCH_COPY = {
  label: "Search posts",
  button: "Search",
  clear: "Clear search",
  /** Page title of a search. */
  resultsFor: (q: string) => `Search results for "${q}"`,
  noResults: (q: string) => `No posts match "${q}"`,
} as const;

export const searchTooLong = (max: number) =>
  `Search for at most ${max} characters: shorten your search and try again.`;

export const readingTimeLabel = (minutes: number) => `${minutes} min read`;
