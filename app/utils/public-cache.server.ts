import type { HeadersArgs } from "react-router";
import { hasSessionCookie } from "#app/utils/session.server.ts";

// The contract with a shared cache (a CDN, Varnish): every public page says
// how long it may be kept (s-maxage) and served stale while the cache asks
// again (stale-while-revalidate); browsers revalidate every time (max-age=0,
// answered with a 304 for the page's ETag). A request with a session cookie
// or a response setting a cookie is private.

const SHARED_SECONDS = 10;
const STALE_SECONDS = 5;

/**
 * No schedule may start sooner than this (the database moves an earlier one
 * this far ahead, migration 20261201100000): every lifetime of a page made
 * from the database ends within it, so a copy made anywhere before a post or
 * a closing was scheduled is gone by its time.
 */
export const SCHEDULE_LEAD_SECONDS = SHARED_SECONDS + STALE_SECONDS;

export const PRIVATE_CACHE_CONTROL = "private, no-store";
/** Marketing pages change with a deploy, which reaches every visitor within the hour. */
export const MARKETING_CACHE_CONTROL =
  "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400";

/**
 * The public rule with its keeping and stale serving both ending within
 * `secondsLeft`, the next scheduled publication or closing (null: none).
 */
export function cappedCacheControl(secondsLeft: number | null) {
  // Less one second for the answer's way to the cache.
  const left =
    secondsLeft === null ? Infinity : Math.max(0, Math.floor(secondsLeft) - 1);
  const shared = Math.min(SHARED_SECONDS, left);
  return `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${Math.min(STALE_SECONDS, left - shared)}`;
}

export const PUBLIC_CACHE_CONTROL = cappedCacheControl(null);

/** Cache headers for a public response; a failure is never kept. */
export function publicCacheHeaders(
  request: Request,
  status = 200,
  secondsLeft: number | null = null,
): HeadersInit {
  if (hasSessionCookie(request) || status >= 500) {
    return { "Cache-Control": PRIVATE_CACHE_CONTROL };
  }
  return { "Cache-Control": cappedCacheControl(secondsLeft), Vary: "Cookie" };
}

/** A route's `headers`: its loader's rule, unless any part sets a cookie. */
export function cacheHeadersFromLoader({
  loaderHeaders,
  parentHeaders,
  errorHeaders,
}: HeadersArgs) {
  const chosen = (errorHeaders ?? loaderHeaders).get("Cache-Control");
  const parts = [loaderHeaders, parentHeaders, errorHeaders];
  if (!chosen || parts.some((h) => h?.has("Set-Cookie"))) {
    return new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL });
  }
  const vary = loaderHeaders.get("Vary");
  return new Headers({ "Cache-Control": chosen, ...(vary && { Vary: vary }) });
}
