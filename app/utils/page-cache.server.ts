import { parseCookieHeader } from "@supabase/ssr";
import type { MiddlewareFunction } from "react-router";
import { env } from "#app/utils/env.server.ts";
import { nonceContext } from "#app/utils/security.server.ts";
import { TOAST_COOKIE } from "#app/utils/toast.server.ts";

// Public pages render the same bytes for every anonymous visitor, so a
// render is kept in memory and replayed: no React render, no loaders, no
// Supabase. Everything that can make a page personal bypasses the cache: a
// session or flash cookie on the request, a query string, a response that
// sets a cookie, is private, or is anything but a 200.
//
// Marketing pages come from the build, so they are kept until the process
// ends. The blog list and posts come from the database: they are kept for
// PAGE_CACHE_BLOG_SECONDS (their Cache-Control already lets a CDN keep them
// for a minute), and dropped at once when this server saves or deletes a post.

const CACHEABLE: { pattern: RegExp; blog: boolean }[] = [
  // The home page's data request is `/_.data`.
  { pattern: /^\/_?$/, blog: false },
  {
    pattern: /^\/(?:blueprint-showcase|company|careers|contact-us)$/,
    blog: false,
  },
  { pattern: /^\/careers\/[^/]+$/, blog: false },
  { pattern: /^\/agents\/[^/]+$/, blog: false },
  { pattern: /^\/blueprints(?:\/(?!rss\.xml$)[^/]+)?$/, blog: true },
];

/**
 * Stands in for the request's CSP nonce in a stored body. It cannot collide
 * with a real nonce: those are base64 and never contain a dash.
 */
export const NONCE_PLACEHOLDER = "page-cache-nonce-placeholder";

/**
 * Every post is a key of its own: past this many pages (tens of megabytes)
 * the oldest stored is dropped.
 */
export const MAX_ENTRIES = 500;

type Entry = {
  status: number;
  headers: [string, string][];
  body: string;
  /** performance.now() after which the entry is stale. */
  expires: number;
};

export type PageCache = Map<string, Entry>;

export const pageCache: PageCache = new Map();

/**
 * Where and for how long a request may be answered from the cache, or null.
 * Queries change what loaders return (and single-fetch revalidations carry
 * `_routes`), so only the bare path is cached: that also bounds the keys.
 */
export function pageCacheKey(
  request: Request,
  blogSeconds = env.PAGE_CACHE_BLOG_SECONDS,
) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.search) return null;
  const page = url.pathname.replace(/\.data$/, "");
  const match = CACHEABLE.find(({ pattern }) => pattern.test(page));
  if (!match || (match.blog && blogSeconds === 0)) return null;
  const personal = parseCookieHeader(request.headers.get("Cookie") ?? "").some(
    ({ name }) => name.startsWith("sb-") || name === TOAST_COOKIE,
  );
  if (personal) return null;
  return {
    key: url.pathname,
    ttlMs: match.blog ? blogSeconds * 1000 : Infinity,
  };
}

/** Drops the blog pages after a post changed, so readers see it at once. */
export function invalidateBlogPages(cache: PageCache = pageCache) {
  for (const key of cache.keys()) {
    if (key.startsWith("/blueprints")) cache.delete(key);
  }
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
  blogSeconds?: number,
): MiddlewareFunction<Response> {
  // Keys being rendered again right now. Meanwhile other requests get the
  // expired copy, so a busy page costs one render per expiry, not a
  // stampede of them.
  const refreshing = new Set<string>();
  return async ({ request, context }, next) => {
    const cacheable = pageCacheKey(request, blogSeconds);
    if (!cacheable) return next();
    const { key, ttlMs } = cacheable;
    const nonce = context.get(nonceContext);
    const cached = cache.get(key);
    if (cached && (cached.expires > performance.now() || refreshing.has(key))) {
      return replay(cached, nonce);
    }
    refreshing.add(key);
    let response: Response;
    try {
      response = await next();
    } finally {
      refreshing.delete(key);
    }
    if (!storable(response)) return response;
    const body = await response.text();
    const entry: Entry = {
      status: response.status,
      // The nonce swap changes the body's length.
      headers: [...response.headers].filter(
        ([name]) => name.toLowerCase() !== "content-length",
      ),
      body: nonce ? body.replaceAll(nonce, NONCE_PLACEHOLDER) : body,
      expires: performance.now() + ttlMs,
    };
    // Re-inserting moves the key to the end: the first key is the oldest.
    cache.delete(key);
    cache.set(key, entry);
    if (cache.size > MAX_ENTRIES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    const fresh = replay(entry, nonce);
    fresh.headers.set("X-Page-Cache", "miss");
    return fresh;
  };
}

export const pageCacheMiddleware = createPageCacheMiddleware(pageCache);
