import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { storeRuleOf, type StoreRule } from "#app/lib/stored-page.ts";

// The routes' own declarations (app/lib/stored-page.ts), read from the route
// table of the server build: which page is stored, and for how long.

export type RouteTable = ServerBuild["routes"];

const trees = new WeakMap<RouteTable, RouteObject[]>();

/** The flat table as the nested routes matchRoutes walks. */
function tree(routes: RouteTable) {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes).flatMap((route): RouteObject[] => {
      if (!route || route.parentId !== parentId) return [];
      const { id, path, caseSensitive } = route;
      return route.index
        ? [{ id, path, caseSensitive, index: true }]
        : [{ id, path, caseSensitive, children: children(id) }];
    });
  let roots = trees.get(routes);
  if (!roots) {
    roots = children(undefined);
    trees.set(routes, roots);
  }
  return roots;
}

/** The rule the page at `pathname` declares: its own route's, the last matched. */
export function declaredStoreRule(
  routes: RouteTable,
  pathname: string,
): StoreRule | null {
  const leaf = matchRoutes(tree(routes), pathname)?.at(-1)?.route;
  return leaf?.id ? storeRuleOf(routes[leaf.id]?.module.handle) : null;
}

/** Every page the table declares stored, by its full path pattern (`/careers/:id`). */
export function storedRoutes(routes: RouteTable) {
  const found: { path: string; rule: StoreRule }[] = [];
  const walk = (nodes: RouteObject[], base: string) => {
    for (const node of nodes) {
      const path = node.path
        ? `${base.replace(/\/$/, "")}/${node.path.replace(/^\//, "")}`
        : base;
      const rule = node.id ? storeRuleOf(routes[node.id]?.module.handle) : null;
      if (rule) found.push({ path: path || "/", rule });
      walk(node.children ?? [], path);
    }
  };
  walk(tree(routes), "");
  return found;
}

/** The route table of the server build this module is bundled into. */
export async function siteRoutes(): Promise<RouteTable> {
  return (await import("virtual:react-router/server-build")).routes;
}
