import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  createStylesheetInliner,
  inlineStylesheets,
  MAX_INLINE_BYTES,
} from "#app/utils/inline-css.server.ts";

const files: Record<string, string> = {
  "/assets/app-AbC_12.css": ".a{color:red}",
  "/assets/home-x.y.css": ".h{margin:0}",
  "/assets/huge-1.css": "x".repeat(MAX_INLINE_BYTES + 1),
  "/assets/evil-1.css": ".e{content:'</style><script>'}",
  "/assets/fonts-1.css":
    '@font-face{src:url(/assets/inter-latin-wght-normal-Dx4.woff2) format("woff2-variations")}',
  "/assets/fonts-2.css":
    "@font-face{src:url(/assets/inter-latin-wght-normal-Dx4.woff2)}.b{background:url(/assets/x.png)}",
};
const read = (href: string) => files[href] ?? null;

describe("inlineStylesheets", () => {
  it("puts a built stylesheet's text before its link and disables the link", () => {
    const head =
      '<meta charSet="utf-8"/><link nonce="n0nce" rel="stylesheet" href="/assets/app-AbC_12.css" data-precedence="base"/>' +
      '<link rel="stylesheet" href="/assets/home-x.y.css"/>';
    expect(inlineStylesheets(head, read)).toBe(
      '<meta charSet="utf-8"/>' +
        '<style data-inline-href="/assets/app-AbC_12.css" nonce="n0nce">.a{color:red}</style>' +
        '<link disabled="" media="not all" nonce="n0nce" rel="stylesheet" href="/assets/app-AbC_12.css" data-precedence="base"/>' +
        '<style data-inline-href="/assets/home-x.y.css">.h{margin:0}</style>' +
        '<link disabled="" media="not all" rel="stylesheet" href="/assets/home-x.y.css"/>',
    );
  });

  it("inlines a stylesheet React Router marks with an empty fragment, from its file", () => {
    // "x.css#" is React Router's href for a stylesheet a lazy chunk also loads.
    const head = '<link rel="stylesheet" href="/assets/home-x.y.css#"/>';
    expect(inlineStylesheets(head, read)).toBe(
      '<style data-inline-href="/assets/home-x.y.css#">.h{margin:0}</style>' +
        '<link disabled="" media="not all" rel="stylesheet" href="/assets/home-x.y.css#"/>',
    );
  });

  it("preloads each built font an inlined stylesheet names, once", () => {
    const head =
      '<link rel="stylesheet" href="/assets/fonts-1.css"/>' +
      '<link rel="stylesheet" href="/assets/fonts-2.css"/>';
    const out = inlineStylesheets(head, read);
    const preload =
      '<link rel="preload" href="/assets/inter-latin-wght-normal-Dx4.woff2" as="font" type="font/woff2" crossorigin="">';
    expect(
      out.startsWith(
        preload + '<style data-inline-href="/assets/fonts-1.css">',
      ),
    ).toBe(true);
    expect(out.split(preload)).toHaveLength(2);
    expect(out).not.toContain('href="/assets/x.png"');
  });

  it("leaves every other link alone", () => {
    const head = [
      '<link rel="icon" href="/favicon.svg"/>',
      '<link rel="modulepreload" href="/assets/root-1.js"/>',
      '<link rel="preload" as="style" href="/assets/app-AbC_12.css"/>',
      // Not built, too large to be worth it, or unsafe to put in a <style>.
      '<link rel="stylesheet" href="/assets/missing-1.css"/>',
      '<link rel="stylesheet" href="https://cdn.example/assets/app-AbC_12.css"/>',
      '<link rel="stylesheet" href="/assets/../server/index.css"/>',
      '<link rel="stylesheet" href="/assets/huge-1.css"/>',
      '<link rel="stylesheet" href="/assets/evil-1.css"/>',
    ].join("");
    expect(inlineStylesheets(head, read)).toBe(head);
  });
});

describe("createStylesheetInliner", () => {
  it("rewrites the head and ends it with headEnd, even when </head> and a character are split across chunks", async () => {
    const html =
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app-AbC_12.css"/></head>' +
      "<body>é ✓</body></html>";
    const bytes = Buffer.from(html);
    // Cut inside "</head>" and inside the multi-byte "✓".
    const cuts = [10, html.indexOf("</head>") + 3, bytes.indexOf("✓") + 1];
    const chunks = [0, ...cuts].map((start, i) =>
      bytes.subarray(start, cuts[i] ?? bytes.length),
    );
    let finalCalled = false;
    const inliner = createStylesheetInliner(
      {
        final(callback) {
          finalCalled = true;
          callback();
        },
      },
      read,
      '<script type="application/ld+json">{}</script>',
    );
    const out = await text(Readable.from(chunks).pipe(inliner));
    expect(out).toBe(
      '<!DOCTYPE html><html><head><style data-inline-href="/assets/app-AbC_12.css">.a{color:red}</style>' +
        '<link disabled="" media="not all" rel="stylesheet" href="/assets/app-AbC_12.css"/>' +
        '<script type="application/ld+json">{}</script></head>' +
        "<body>é ✓</body></html>",
    );
    expect(finalCalled).toBe(true);
  });
});
