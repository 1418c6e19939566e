// Every word the blog shows (SPEC.md "Blog list", "Blog post", section 8).
import { BRAND_NAME } from "#app/content/site.ts";

export const BLOG_PATH = "/blueprints";

/** Longest search a visitor may send (the box's maxlength; longer is refused with searchTooLong). */
export const MAX_SEARCH_LENGTH = 200;

export const BLOG_COPY = {
  heading: "Blueprints & Breakthroughs",
  tagline: "Insights and news about AI automation",
  taggedWith: (tag: string) => `Posts tagged with "${tag}"`,
  clearTagFilter: "Clear tag filter",
  loading: "Loading...",
  noPostsWithTag: (tag: string) => `No posts found with tag "${tag}"`,
  noPosts: "No posts available yet.",
  listError: (message: string) => `Error loading posts: ${message}`,
  /** The list's {message} when Supabase gives none. */
  unknownError: "Unknown error",
  /**
   * The {message} for any other backend failure: the database's own words
   * (tables, types, bytes) are for the log, never for a visitor.
   */
  unavailable:
    "the blog is unavailable right now. Please try again in a moment.",
  coverPlaceholder: "Article Preview",
  teamLabel: `${BRAND_NAME} Team`,
  previousPage: "Previous page",
  nextPage: "Next page",
  pageOf: (page: number, last: number) => `Page ${page} of ${last}`,
  pagination: "Blog pages",
  rssLink: "RSS feed",
  readingTime: (minutes: number) => `${minutes} min read`,
  searchLabel: "Search posts",
  searchButton: "Search",
  clearSearch: "Clear search",
  /** Subtitle and page title of a search. */
  searchResultsFor: (q: string) => `Search results for "${q}"`,
  noSearchResults: (q: string) => `No posts match "${q}"`,
  searchTooLong: (max: number) =>
    `Search for at most ${max} characters: shorten your search and try again.`,
} as const;

export const POST_COPY = {
  editPost: "Edit Post",
  backToBlog: "Back to all posts",
  tagsHeading: "Tags",
  shareHeading: "Share this post",
  shareVia: "Share via...",
  shareText: "Check out this blog post!",
  copyLink: "Copy link",
  copied: "Copied!",
  shareOn: (network: string) => `Share on ${network}`,
  errorTitle: "Error Loading Post",
  errorFallback: "Failed to load blog post",
  notFoundTitle: "Post Not Found",
  notFoundMessage:
    "The blog post you're looking for doesn't exist or has been removed.",
  descriptionFallback: (title: string) => `Read ${title} on the blog`,
  loading: "Loading post",
  publishedOn: "Published",
  relatedHeading: "Related posts",
} as const;

/** JSON-LD author of every post (SPEC.md "Blog post" metadata). */
export const POST_AUTHOR = "team";

export const RSS_TITLE = `${BRAND_NAME}: ${BLOG_COPY.heading}`;
export const RSS_ITEM_COUNT = 20;

/** Copy confirmation stays this long (SPEC.md section 9). */
export const COPIED_MS = 2000;
