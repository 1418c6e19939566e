import type { ServerBuild } from "react-router";
import { storeRuleOf, type StoreRule } from "#app/utils/page-cache.server.ts";

// The routes' own declarations of stored pages
// (app/utils/page-cache.server.ts), read from the route table of the server
// build: what the sitemap lists.

export type RouteTable = ServerBuild["routes"];

/** Every page the table declares stored, by its full path pattern (`/careers/:id`). */
export function storedRoutes(routes: RouteTable) {
  const found: { path: string; rule: StoreRule }[] = [];
  const walk = (parentId: string | undefined, base: string) => {
    for (const route of Object.values(routes)) {
      if (!route || route.parentId !== parentId) continue;
      const path = route.path
        ? `${base.replace(/\/$/, "")}/${route.path.replace(/^\//, "")}`
        : base;
      const rule = storeRuleOf(route.module);
      if (rule) found.push({ path: path || "/", rule });
      walk(route.id, path);
    }
  };
  walk(undefined, "");
  return found;
}

/** The route table of the server build this module is bundled into. */
export async function siteRoutes(): Promise<RouteTable> {
  return (await import("virtual:react-router/server-build")).routes;
}
