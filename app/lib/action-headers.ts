/**
 * A route's `headers` export for pages with a public form: a document
 * request only gets the headers this returns, so the Retry-After of a
 * rate-limited post is copied from the action's answer.
 */
export function actionRetryAfterHeaders({
  actionHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  parentHeaders: Headers;
}) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
