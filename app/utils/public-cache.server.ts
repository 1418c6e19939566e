import type { HeadersArgs } from "react-router";
import { hasSessionCookie } from "#app/utils/session.server.ts";

// The contract with a shared cache (a CDN, Varnish, nginx): every public
// page says how long it may be kept (s-maxage) and served stale while the
// cache asks again (stale-while-revalidate), and browsers revalidate every
// time (max-age=0; a stored page answers its ETag with a 304). Anything
// personal is private: a request carrying a session cookie, or a response
// setting a cookie. authMiddleware marks signed-in responses `private,
// no-store` as well; these rules only decide the anonymous case.

const SHARED_SECONDS = 10;
const STALE_SECONDS = 5;

/**
 * No schedule may start sooner than this (the database moves an earlier one
 * to this far ahead, migration 20261201100000): every lifetime of a page
 * made from the database ends within it, so a copy made before a post or a
 * closing was scheduled, anywhere, is gone by its time. It also bounds how
 * long any change to posts or jobs takes to reach a cache honouring these
 * headers.
 */
export const SCHEDULE_LEAD_SECONDS = SHARED_SECONDS + STALE_SECONDS;

export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;

/**
 * The public rule with a cache's keeping and stale serving both ending
 * within `secondsLeft`, the next scheduled publication or closing; null:
 * nothing is scheduled, the usual rule.
 */
export function cappedCacheControl(secondsLeft: number | null) {
  if (secondsLeft === null) return PUBLIC_CACHE_CONTROL;
  // Whole seconds, less one for the answer's way to the cache that counts
  // its lifetime from receiving it.
  const left = Math.max(0, Math.floor(secondsLeft) - 1);
  const shared = Math.min(SHARED_SECONDS, left);
  return `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${Math.min(STALE_SECONDS, left - shared)}`;
}
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/**
 * Marketing pages change only with a deploy: a shared cache keeps them an
 * hour and then serves its copy for a day more while it asks again, so a
 * deploy reaches every visitor within the hour without a purge.
 */
export const MARKETING_CACHE_CONTROL =
  "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400";

/**
 * Cache headers for a public response with this status. Failures are never
 * stored, so a backend hiccup does not stay on the page for minutes. A page
 * that reads posts passes the seconds until the next scheduled publication
 * (`secondsToNextPublication`), which no lifetime may pass.
 */
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

/**
 * The route `headers` export for pages whose loader sets `publicCacheHeaders`:
 * keeps the loader's choice unless some part of the response sets a cookie.
 */
export function cacheHeadersFromLoader({
  loaderHeaders,
  parentHeaders,
  errorHeaders,
}: HeadersArgs) {
  const headers = new Headers();
  const setsCookie = [loaderHeaders, parentHeaders, errorHeaders].some((h) =>
    h?.has("Set-Cookie"),
  );
  const chosen = (errorHeaders ?? loaderHeaders).get("Cache-Control");
  if (setsCookie || !chosen) {
    headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return headers;
  }
  headers.set("Cache-Control", chosen);
  const vary = loaderHeaders.get("Vary");
  if (vary) headers.set("Vary", vary);
  return headers;
}
