// Shared by the post form's schema (browser and server) and the sanitiser's
// callers: no imports, so the editor does not pull sanitize-html in.
/** How deep a post's elements may nest: sanitize-html's cost grows with depth. */
export const CONTENT_MAX_DEPTH = 32;

const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/**
 * The deepest nesting of elements in `html`, read from its tags alone (a
 * linear scan, cheap enough to run on every keystroke's validation): an
 * opening tag goes one level down, a closing tag one up, void and
 * self-closed elements stay level.
 */
export function nestingDepth(html: string) {
  let depth = 0;
  let deepest = 0;
  for (const [, closing, name = "", selfClosing] of html.matchAll(
    /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(\/?)>/g,
  )) {
    if (closing) {
      depth = Math.max(0, depth - 1);
    } else if (!selfClosing && !VOID_ELEMENTS.has(name.toLowerCase())) {
      depth += 1;
      deepest = Math.max(deepest, depth);
    }
  }
  return deepest;
}
