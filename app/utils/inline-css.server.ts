import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Transform, type TransformOptions } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// Each stylesheet <link> in the head held the first paint for a request of
// its own, which on a slow phone connection shares the line with the page's
// module preloads. The server writes the built stylesheets of the first page
// into its head instead, so the page paints as soon as its HTML arrives, with
// or without JavaScript.
//
// The <link> stays, with `disabled` and `media="not all"`: the browser
// neither applies nor fetches it (`disabled` alone stopped the parser but not
// Chromium 150's preload scanner, which fetched every inlined file again; it
// skips a stylesheet whose media cannot match), and React still finds the
// element it rendered when
// it hydrates <Links /> (it matches rel and href, and does not patch
// attributes of server-rendered elements). Stylesheets of pages reached by a
// client-side navigation are new elements, fetched as before. A <style> left
// behind when its page is navigated away from keeps applying, like the
// stylesheets React never removes: the route styles are CSS modules, scoped to
// their own class names.

/** Where `/assets/…` is on disk, beside the server build (build/server). */
const CLIENT_DIR = fileURLToPath(new URL("../client", import.meta.url));

/** Larger files (the editor's full Mantine set) are left to the browser. */
export const MAX_INLINE_BYTES = 100_000;

const cache = new Map<string, string | null>();

/** A built stylesheet's text, read once per process; null to keep the link. */
export function readBuiltStylesheet(href: string) {
  if (!cache.has(href)) {
    let css: string | null = null;
    try {
      css = readFileSync(CLIENT_DIR + href, "utf8");
    } catch {
      // Not built (the dev server): the link stays.
    }
    cache.set(href, css);
  }
  return cache.get(href) ?? null;
}

const LINK = /<link\b[^>]*>/g;
// Hashed file names from the build only: nothing from a request reaches here,
// and no path can leave the assets folder. React Router ends the href with an
// empty fragment ("x.css#") when a lazily loaded chunk also imports that
// stylesheet (its own mark for Vite's dynamic CSS); the file is the same.
const BUILT_STYLESHEET = /\shref="((\/assets\/[\w-]+(?:\.[\w-]+)*\.css)#?)"/;

// The built font files an inlined stylesheet names (the brand's Inter, one
// Latin file for every weight): the first paint needs them, and a font named
// only in CSS is requested once the page's text has been laid out.
const BUILT_FONT = /url\((\/assets\/[\w-]+(?:\.[\w-]+)*\.woff2)\)/g;

/** Preload links for the fonts in `css` not already preloaded. */
function fontPreloads(css: string, preloaded: Set<string>) {
  let links = "";
  for (const [, href] of css.matchAll(BUILT_FONT)) {
    if (!href || preloaded.has(href)) continue;
    preloaded.add(href);
    links += `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin="">`;
  }
  return links;
}

/**
 * `head` with every built stylesheet's text in a <style> before its link,
 * and the link disabled; the fonts those stylesheets name are preloaded.
 */
export function inlineStylesheets(
  head: string,
  read: (href: string) => string | null = readBuiltStylesheet,
) {
  const preloaded = new Set<string>();
  return head.replace(LINK, (link) => {
    if (!/\srel="stylesheet"/.test(link)) return link;
    const [, href, file] = BUILT_STYLESHEET.exec(link) ?? [];
    const css = file ? read(file) : null;
    if (
      !href ||
      css === null ||
      css.length > MAX_INLINE_BYTES ||
      /<\/style/i.test(css)
    ) {
      return link;
    }
    const nonce = /\snonce="([^"]*)"/.exec(link)?.[1];
    return (
      fontPreloads(css, preloaded) +
      `<style data-inline-href="${href}"${nonce ? ` nonce="${nonce}"` : ""}>${css}</style>` +
      link.replace(/^<link\b/, '<link disabled="" media="not all"')
    );
  });
}

/**
 * A stream that passes HTML through, with `inlineStylesheets` applied to
 * everything before `</head>` and `headEnd` written just before it (React
 * renders the head in the shell, so it is held back only until the shell is
 * written). React leaves elements it did not render at the end of the head
 * alone when it hydrates.
 */
export function createStylesheetInliner(
  options: TransformOptions = {},
  read?: (href: string) => string | null,
  headEnd = "",
) {
  const decoder = new StringDecoder("utf8");
  let head: string | null = "";
  return new Transform({
    ...options,
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk);
      if (head === null) return callback(null, text);
      head += text;
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      const out =
        inlineStylesheets(head.slice(0, end), read) + headEnd + head.slice(end);
      head = null;
      callback(null, out);
    },
    flush(callback) {
      const rest = (head ?? "") + decoder.end();
      head = null;
      callback(null, rest);
    },
  });
}
