// One spelling per page. React Router matches a path whatever its case, its
// trailing slash or its %XX-encoded letters, and the URL parser resolves dot
// segments before it, so `/Company`, `/company/`, `/compan%79` and
// `/blueprints/../company` are all the company page. Each would otherwise be
// a page of its own to the page store, to a CDN and to analytics; instead a
// GET or HEAD of any of them is sent to the one spelling the route table
// writes (its literal segments as written, its parameters encoded) with a 301.
import {
  generatePath,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
} from "react-router";

type Manifest = ServerBuild["routes"];

function tree(routes: Manifest, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      caseSensitive: route!.caseSensitive,
      children: tree(routes, route!.id),
    })) as RouteObject[];
}

/**
 * The canonical spelling of a request target's path for this route table,
 * or null when the target is already spelled so (or is not a path).
 */
export function createCanonicalPath(routes: Manifest) {
  const routeTree = tree(routes);
  return function canonicalTarget(target: string): string | null {
    const queryAt = target.indexOf("?");
    const raw = queryAt === -1 ? target : target.slice(0, queryAt);
    if (!raw.startsWith("/")) return null;
    const parsed = URL.parse(`http://site${raw}`);
    if (!parsed) return null;
    let path = parsed.pathname.replace(/\/{2,}/g, "/");
    const data = path.endsWith(".data") ? ".data" : "";
    path = path.slice(0, path.length - data.length);
    if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
    const matches = matchRoutes(routeTree, path) ?? [];
    const last = matches.at(-1);
    // A page the route table names: its own spelling. Anything else (the
    // not-found route's splat, a static file) keeps its letters as sent.
    if (last && last.route.path !== "*") {
      const pattern = matches
        .map((match) => match.route.path)
        .filter(Boolean)
        .join("/");
      // generatePath encodes each parameter as it writes it.
      path = generatePath(`/${pattern}`, last.params);
    }
    const canonical = path + data;
    if (canonical === raw) return null;
    return queryAt === -1 ? canonical : canonical + target.slice(queryAt);
  };
}
