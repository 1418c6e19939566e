import { createContext, type MiddlewareFunction } from "react-router";

// How a route says that its page is the same for every anonymous visitor and
// may be stored and replayed (app/utils/page-cache.server.ts), and for how
// long: one of these in its own `middleware`.
//
//   export const middleware = [storedUntilDeploy];
//
// Route middleware runs on the server alone, so the declaration costs the
// page's JavaScript nothing. The store reads it from the render it stores;
// the sitemap from the route table (app/utils/route-table.server.ts). No list
// of paths repeats it.

/**
 * `until-deploy`: the page is made from the build alone (marketing copy), so
 * it is kept until the process ends. `until-posts-change`: it reads posts, so
 * it is kept for a few seconds and dropped when this server saves or deletes
 * a post. `until-jobs-change`: the same for jobs, `until-pages-change` for
 * the pages the team edits (app/routes/pages). Whatever the rule, a copy is
 * never answered past its own `s-maxage`, which a page capping its lifetime
 * (the next job's closing, the next scheduled post) sets.
 */
export type StoreRule =
  | "until-deploy"
  | "until-posts-change"
  | "until-jobs-change"
  | "until-pages-change";

/**
 * Set by the page store for a request it may store: told the route's rule
 * as the route's middleware runs, before any loader, so requests for the
 * same page arriving meanwhile know this render is one to wait for.
 */
export const declareRuleContext = createContext<(rule: StoreRule) => void>(
  () => {},
);

function declare(rule: StoreRule): MiddlewareFunction<Response> {
  return ({ context }, next) => {
    context.get(declareRuleContext)(rule);
    return next();
  };
}

export const storedUntilDeploy = declare("until-deploy");
export const storedUntilPostsChange = declare("until-posts-change");
export const storedUntilJobsChange = declare("until-jobs-change");
export const storedUntilPagesChange = declare("until-pages-change");

/** The rule a route module's middleware declares, or null. */
export function storeRuleOf(module: {
  middleware?: unknown;
}): StoreRule | null {
  const middleware = Array.isArray(module.middleware) ? module.middleware : [];
  if (middleware.includes(storedUntilDeploy)) return "until-deploy";
  if (middleware.includes(storedUntilPostsChange)) return "until-posts-change";
  if (middleware.includes(storedUntilJobsChange)) return "until-jobs-change";
  if (middleware.includes(storedUntilPagesChange)) return "until-pages-change";
  return null;
}
