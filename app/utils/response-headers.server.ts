/**
 * Changes a response's headers, copying the response once when they are
 * immutable (the headers of a proxied fetch response cannot be set).
 */
export function withHeaders(
  response: Response,
  change: (headers: Headers) => void,
): Response {
  try {
    change(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    change(copy.headers);
    return copy;
  }
}

// What a 304 carries of its 200's headers (RFC 9110 §15.4.5): enough for a
// cache to refresh its copy, nothing about a body it does not send. Browsers
// also take the 304's Content-Security-Policy for the page they keep, so it
// keeps Content-Type: securityMiddleware then gives it the page's own policy,
// not the locked one of a body-less answer (which left the page unstyled and
// without scripts).
const NOT_MODIFIED_HEADERS = new Set([
  "cache-control",
  "vary",
  "expires",
  "content-location",
  "content-type",
  "etag",
  "x-page-cache",
]);

/** Drops from a 200's headers what its 304 does not send. */
export function keepNotModifiedHeaders(headers: Headers) {
  for (const name of [...headers.keys()]) {
    if (!NOT_MODIFIED_HEADERS.has(name)) headers.delete(name);
  }
}
