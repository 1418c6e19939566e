import { createContext, type MiddlewareFunction } from "react-router";

// How a route says that its page is the same for every anonymous visitor and
// may be stored and replayed (app/utils/page-cache.server.ts), for how long,
// and which query parameters its page reads (its loader or its components):
// one of these in its own `middleware`.
//
//   export const middleware = [storedUntilDeploy];
//   export const middleware = [storedPage("until-posts-change", "q", "tag")];
//
// Any other parameter (utm_*, fbclid, anything a client adds) is the same
// page, answered from the copy stored without it. Route middleware runs on
// the server alone, so the declaration costs the page's JavaScript nothing;
// the store reads it from the render it stores, the sitemap from the route
// table (app/utils/route-table.server.ts). No list of paths repeats it.

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

export type StoreDeclaration = { rule: StoreRule; query: readonly string[] };

/** Set by the page store for a request it may store; the route's middleware tells it. */
export const declareRuleContext = createContext<
  (declared: StoreDeclaration) => void
>(() => {});

/** A route's declaration: its rule and the query parameters its page reads. */
export function storedPage(rule: StoreRule, ...query: string[]) {
  const declaration: StoreDeclaration = { rule, query };
  const middleware: MiddlewareFunction<Response> = ({ context }, next) => {
    context.get(declareRuleContext)(declaration);
    return next();
  };
  return Object.assign(middleware, { declaration });
}

export const storedUntilDeploy = storedPage("until-deploy");
export const storedUntilPostsChange = storedPage("until-posts-change");
export const storedUntilJobsChange = storedPage("until-jobs-change");
export const storedUntilPagesChange = storedPage("until-pages-change");

/** The rule a route module's middleware declares, or null. */
export function storeRuleOf(module: { middleware?: unknown }) {
  const middleware = Array.isArray(module.middleware) ? module.middleware : [];
  const declared = middleware.find(
    (each: { declaration?: StoreDeclaration }) => each?.declaration,
  ) as { declaration: StoreDeclaration } | undefined;
  return declared?.declaration.rule ?? null;
}
