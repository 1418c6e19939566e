import type { HeadersArgs } from "react-router";
import { hasSessionCookie } from "#app/utils/session.server.ts";

// Public pages may sit in a CDN for a few minutes and be served stale while it
// refreshes them. Anything personal must not: a request carrying a Supabase
// session cookie, or a response setting a cookie (a flash message being read),
// is private. authMiddleware marks signed-in responses `private, no-store`
// as well; these rules only decide the anonymous case.

const BROWSER_SECONDS = 60;
const SHARED_SECONDS = 300;
const STALE_SECONDS = 86400;

export const PUBLIC_CACHE_CONTROL = `public, max-age=${BROWSER_SECONDS}, s-maxage=${SHARED_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;

/**
 * The public rule with every lifetime it grants (a browser's, a CDN's, and
 * the CDN's stale serving after that) ending within `secondsLeft`: a page
 * that reads posts may not be kept past the next scheduled publication
 * (decision 130). Null: nothing is scheduled, the usual rule.
 */
export function cappedCacheControl(secondsLeft: number | null) {
  if (secondsLeft === null) return PUBLIC_CACHE_CONTROL;
  // Whole seconds, less one for the answer's way to the cache that counts
  // its lifetime from receiving it.
  const left = Math.max(0, Math.floor(secondsLeft) - 1);
  const shared = Math.min(SHARED_SECONDS, left);
  return `public, max-age=${Math.min(BROWSER_SECONDS, left)}, s-maxage=${shared}, stale-while-revalidate=${Math.min(STALE_SECONDS, left - shared)}`;
}
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/**
 * Marketing pages change only with a deploy: browsers revalidate every time
 * (the page cache answers 304 to a matching ETag), a CDN keeps them for good
 * and the deploy purges it.
 */
export const MARKETING_CACHE_CONTROL =
  "public, max-age=0, must-revalidate, s-maxage=31536000";

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
