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
