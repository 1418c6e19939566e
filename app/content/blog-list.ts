// The words only the blog list shows: its states, pagination and search.
// Apart from blog.ts, whose chunk every blog page loads (a post
// page too): only the list ships these, and the loaders' own strings (reading
// time, the refusal) ship nowhere.

/** Longest search a visitor may send (the box's maxlength; longer is refused with searchTooLong). */
export const MAX_SEARCH_LENGTH = 200;

export const LIST_COPY = {
  clearTagFilter: "Clear tag filter",
  noPostsWithTag: (tag: string) => `No posts found with tag "${tag}"`,
  noPosts: "No posts available yet.",
  listError: (message: string) => `Error loading posts: ${message}`,
  coverPlaceholder: "Article Preview",
  previousPage: "Previous page",
  nextPage: "Next page",
  pagination: "Blog pages",
  searchLabel: "Search posts",
  searchButton: "Search",
  clearSearch: "Clear search",
  /** Page title of a search. */
  searchResultsFor: (q: string) => `Search results for "${q}"`,
  noSearchResults: (q: string) => `No posts match "${q}"`,
} as const;

/** The pagination's status, made by the loader (so it ships in no chunk). */
export const PAGE_STATUS = {
  page: (page: number) => `Page ${page}`,
  pageOf: (page: number, last: number) => `Page ${page} of ${last}`,
} as const;

/**
 * How many posts a search found, made by the loader. The search ranks the
 * newest SEARCH_CANDIDATES matches only, so that many reads as "or more".
 */
export const SEARCH_CANDIDATES = 200;
export const searchCount = (total: number, q: string) =>
  total >= SEARCH_CANDIDATES
    ? `${SEARCH_CANDIDATES} or more posts match "${q}"`
    : total === 1
      ? `1 post matches "${q}"`
      : `${total} posts match "${q}"`;

/** A search without results offers these, sent by the loader with it. */
export const SEARCH_SUGGESTIONS = {
  hint: "Try other words, or start from a topic or a recent post.",
  tagsHeading: "Browse by topic",
  postsHeading: "Latest posts",
} as const;

export const searchTooLong = (max: number) =>
  `Search for at most ${max} characters: shorten your search and try again.`;

export const readingTimeLabel = (minutes: number) => `${minutes} min read`;
