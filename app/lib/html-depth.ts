import { Parser } from "htmlparser2";

/** How deep a post's elements may nest: sanitize-html's cost grows with depth. */
export const CONTENT_MAX_DEPTH = 32;

// Elements that never hold content: the parser opens and closes each at once.
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
 * The deepest nesting of elements in `html`, as the parser under
 * sanitize-html builds its stack of open elements: an element a later tag
 * implies closed is closed (`<p><p>` are siblings), an end tag with no open
 * element of its name closes nothing (so `<blockquote></i>` repeated nests
 * one level more each time), and `<div/>` opens a div, as in a browser. Void
 * elements add no level. Reading stops at the first element deeper than
 * `stopAbove`: the parser's cost per tag grows with the depth, so this stays
 * one linear pass over markup within the limit.
 */
export function nestingDepth(html: string, stopAbove = Infinity) {
  let depth = 0;
  let deepest = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        depth += 1;
        if (VOID_ELEMENTS.has(name)) return;
        deepest = Math.max(deepest, depth);
        if (depth > stopAbove) parser.pause();
      },
      onclosetag() {
        depth -= 1;
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  if (deepest <= stopAbove) parser.end();
  return deepest;
}

/** True when `html` nests deeper than CONTENT_MAX_DEPTH. */
export function isNestedTooDeeply(html: string) {
  return nestingDepth(html, CONTENT_MAX_DEPTH) > CONTENT_MAX_DEPTH;
}
