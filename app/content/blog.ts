// Every word the blog shows, fixed by the product: keep them word for word.
import { BRAND_NAME } from "#app/content/site.ts";

export const BLOG_PATH = "/blueprints";

export const BLOG_COPY = {
  heading: "Blueprints & Breakthroughs",
  tagline: "Insights and news about AI automation",
  taggedWith: (tag: string) => `Posts tagged with "${tag}"`,
  loading: "Loading...",
  teamLabel: `${BRAND_NAME} Team`,
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
  loading: "Loading post",
} as const;

/**
 * Words only loaders and feeds use, apart from the objects above so that no
 * page's JavaScript carries them.
 */
export const BLOG_LOADER_COPY = {
  /** The list's {message} when Supabase gives none. */
  unknownError: "Unknown error",
  /**
   * The {message} for any other backend failure: the database's own words
   * (tables, types, bytes) are for the log, never for a visitor.
   */
  unavailable:
    "the blog is unavailable right now. Please try again in a moment.",
  /** Under a post: posts sharing its tags, or the newest when none does. */
  relatedHeading: "Related posts",
  latestHeading: "Latest posts",
} as const;

/** JSON-LD author of every post, as the product fixes it. */
export const POST_AUTHOR = "team";

export const RSS_TITLE = `${BRAND_NAME}: ${BLOG_COPY.heading}`;
export const RSS_ITEM_COUNT = 20;

/** Copy confirmation stays this long (a constant of the product). */
export const COPIED_MS = 2000;
