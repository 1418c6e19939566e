// How a route says that its page is the same for every anonymous visitor and
// may be stored and replayed (app/utils/page-cache.server.ts), and for how
// long: its `handle`. The page store and the sitemap read these declarations
// from the route table; no list of paths repeats them.
//
//   export const handle = { store: "until-deploy" } satisfies StoredPageHandle;
//
// A literal in the route module rather than an imported constant: the handle
// ships with the page's JavaScript, and the budgeted pages have bytes to spare
// for nothing.

/**
 * `until-deploy`: the page is made from the build alone (marketing copy), so
 * it is kept until the process ends. `until-posts-change`: it reads posts, so
 * it is kept for a few seconds and dropped when this server saves or deletes
 * a post.
 */
export type StoreRule = "until-deploy" | "until-posts-change";

export type StoredPageHandle = { store: StoreRule };

/** The rule a route module's `handle` declares, or null. */
export function storeRuleOf(handle: unknown): StoreRule | null {
  if (!handle || typeof handle !== "object" || !("store" in handle))
    return null;
  const { store } = handle;
  return store === "until-deploy" || store === "until-posts-change"
    ? store
    : null;
}
