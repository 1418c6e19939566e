import { parseCookieHeader } from "@supabase/ssr";
import type { MiddlewareFunction } from "react-router";
import { nonceContext } from "#app/utils/security.server.ts";
import { TOAST_COOKIE } from "#app/utils/toast.server.ts";

// Marketing pages render the same bytes for every anonymous visitor, so the
// first render of each is kept in memory and replayed: no React render, no
// loaders, no Supabase. Everything that can make a page personal bypasses
// the cache: a session or flash cookie on the request, a query string, a
// response that sets a cookie, is private, or is anything but a 200.

const MARKETING_PATHS = [
  /^\/(?:_root)?$/,
  /^\/(?:blueprint-showcase|company|careers|contact-us)$/,
  /^\/careers\/[^/]+$/,
  /^\/agents\/[^/]+$/,
];

/**
 * Stands in for the request's CSP nonce in a stored body. It cannot collide
 * with a real nonce: those are base64 and never contain a dash.
 */
export const NONCE_PLACEHOLDER = "page-cache-nonce-placeholder";

type Entry = { status: number; headers: [string, string][]; body: string };

export type PageCache = Map<string, Entry>;

export const pageCache: PageCache = new Map();

/** The cache key for a request that may be answered from the cache, else null. */
export function pageCacheKey(request: Request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  // Queries change what loaders return (and single-fetch revalidations
  // carry `_routes`); only the bare path is cached.
  if (url.search) return null;
  const page = url.pathname.replace(/\.data$/, "");
  if (!MARKETING_PATHS.some((pattern) => pattern.test(page))) return null;
  const personal = parseCookieHeader(request.headers.get("Cookie") ?? "").some(
    ({ name }) => name.startsWith("sb-") || name === TOAST_COOKIE,
  );
  return personal ? null : url.pathname;
}

function storable(response: Response) {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    !/private|no-store/.test(response.headers.get("Cache-Control") ?? "")
  );
}

export function replay(entry: Entry, nonce: string) {
  const headers = new Headers(entry.headers);
  headers.set("X-Page-Cache", "hit");
  return new Response(entry.body.replaceAll(NONCE_PLACEHOLDER, nonce), {
    status: entry.status,
    headers,
  });
}

/**
 * Answers from `cache` when it may, and otherwise stores what the rest of the
 * chain rendered. Runs after securityMiddleware has made this request's
 * nonce, which is swapped for the placeholder on the way in and back out.
 */
export function createPageCacheMiddleware(
  cache: PageCache,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const key = pageCacheKey(request);
    if (!key) return next();
    const nonce = context.get(nonceContext);
    const cached = cache.get(key);
    if (cached) return replay(cached, nonce);
    const response = await next();
    if (!storable(response)) return response;
    const body = await response.text();
    const entry: Entry = {
      status: response.status,
      headers: [...response.headers],
      body: nonce ? body.replaceAll(nonce, NONCE_PLACEHOLDER) : body,
    };
    cache.set(key, entry);
    const fresh = replay(entry, nonce);
    fresh.headers.set("X-Page-Cache", "miss");
    return fresh;
  };
}

export const pageCacheMiddleware = createPageCacheMiddleware(pageCache);
