import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { honeypot } from "#app/utils/honeypot.server.ts";
import { nonceContext } from "#app/utils/security.server.ts";

// Values a form page must give each visitor its own of, even when the page
// is replayed from the page cache: the honeypot's "valid from" time (one
// stored timestamp for everyone can never be too recent) and the form's
// submission key (one stored key for everyone would make every later message
// a "duplicate" of the first). Loaders return placeholders; this middleware,
// outside the page cache, fills every response that carries them, rendered
// or replayed, in the markup and in the hydration data alike.

export const SUBMISSION_KEY_PLACEHOLDER = "__fresh_submission_key__";
export const HONEYPOT_FROM_PLACEHOLDER = "__fresh_honeypot_from__";
/** A stored template's nonce attributes; each replay gets its request's nonce. */
export const NONCE_PLACEHOLDER = "__fresh_nonce__";

const PLACEHOLDERS = [
  SUBMISSION_KEY_PLACEHOLDER,
  HONEYPOT_FROM_PLACEHOLDER,
  NONCE_PLACEHOLDER,
];

const freshValuesContext = createContext(false);

/** Says this response carries placeholders to fill (a loader that returned them, a template replay). */
export function markFreshValues(context: Readonly<RouterContextProvider>) {
  context.set(freshValuesContext, true);
}

export function hasFreshValues(text: string) {
  return PLACEHOLDERS.some((placeholder) => text.includes(placeholder));
}

/** The placeholders of one response, each replaced by this response's value. */
export async function fillFreshValues(text: string, nonce: string) {
  const values: Record<string, string> = {
    [SUBMISSION_KEY_PLACEHOLDER]: crypto.randomUUID(),
    [HONEYPOT_FROM_PLACEHOLDER]: (await honeypot.getInputProps())
      .encryptedValidFrom,
    [NONCE_PLACEHOLDER]: nonce,
  };
  return text.replace(
    new RegExp(PLACEHOLDERS.join("|"), "g"),
    (placeholder) => values[placeholder] ?? placeholder,
  );
}

/**
 * Fills a response's placeholders. Its bytes are then this visitor's alone:
 * no ETag (a 304 would bring back an old key) and no shared cache.
 */
export const freshValuesMiddleware: MiddlewareFunction<Response> = async (
  { context },
  next,
) => {
  const response = await next();
  if (!context.get(freshValuesContext) || !response.body) return response;
  const text = await fillFreshValues(
    await response.text(),
    context.get(nonceContext),
  );
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("ETag");
  // A page that must not be kept at all (the admin area) stays so.
  if (!/no-store/.test(headers.get("Cache-Control") ?? "")) {
    headers.set("Cache-Control", "private, no-cache");
  }
  return new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
};
