// Runs in a worker thread (post-html.server.ts), never on the thread that
// answers visitors: sanitising is the one step of a request whose time grows
// with what an author sends.
import { isNestedTooDeeply } from "#app/lib/html-depth.ts";
import { sanitizePostHtml } from "#app/lib/sanitize.ts";
import { withoutControlCharacters } from "#supabase/functions/_shared/text.ts";

export type SanitizedPost = { html: string } | { refused: "too-deep" };

/**
 * A post's sanitised HTML, or a refusal when its elements nest deeper than
 * CONTENT_MAX_DEPTH, which is measured first and costs one linear pass.
 * Both read the same text, normalised once: a control character inside a
 * tag (`<\x01blockquote>`) is text to a reader that keeps it and a tag to
 * one that removes it first.
 */
export function sanitizePost(content: string): SanitizedPost {
  const normalised = withoutControlCharacters(content);
  if (isNestedTooDeeply(normalised)) return { refused: "too-deep" };
  return { html: sanitizePostHtml(normalised) };
}
