import sanitizeHtml from "sanitize-html";
import { expect, test } from "vitest";
import {
  CONTENT_MAX_DEPTH,
  isNestedTooDeeply,
  nestingDepth,
} from "#app/lib/html-depth.ts";
import { CONTENT_TOO_DEEP_MESSAGE } from "#app/routes/blog/post-messages.ts";

const nested = (depth: number) =>
  `${"<blockquote>".repeat(depth)}deep${"</blockquote>".repeat(depth)}`;

test("counts how deep elements nest, not how many there are", () => {
  expect(nestingDepth("plain text")).toBe(0);
  expect(nestingDepth("<p>a</p><p>b</p><p>c</p>")).toBe(1);
  expect(nestingDepth("<ul><li><p>a</p></li><li>b</li></ul>")).toBe(3);
  // Void elements do not open a level.
  expect(nestingDepth('<p>a<br>b<img src="x">c</p>')).toBe(1);
  expect(nestingDepth(nested(40))).toBe(40);
  expect(nestingDepth(`</p></p>${nested(5)}`)).toBe(5);
});

test("keeps the real stack of open elements: stray end tags close nothing, implied ones close", () => {
  // An end tag with nothing of its name open does not climb back out.
  expect(nestingDepth("<blockquote></i>".repeat(40))).toBe(40);
  expect(nestingDepth("<ul></li></ol>".repeat(40))).toBe(40);
  // HTML has no self-closing div.
  expect(nestingDepth("<div/>".repeat(40))).toBe(40);
  // A paragraph or list item implies the one before it closed.
  expect(nestingDepth("<p>a<p>b<p>c")).toBe(1);
  expect(nestingDepth("<ul><li>a<li>b<li>c</ul>")).toBe(2);
});

test("measures what sanitize-html nests: its own nesting limit agrees", () => {
  const keepAll = {
    allowedTags: ["blockquote", "div", "i", "p", "ul", "ol", "li"],
    allowedAttributes: false as const,
  };
  for (const html of [
    nested(7),
    "<blockquote></i>".repeat(9),
    "<div/>".repeat(6),
    "<p>a<p>b<p>c",
    "<ul><li>a<li><ol><li>b</ol></ul>",
  ]) {
    const depth = nestingDepth(html);
    const whole = sanitizeHtml(html, keepAll);
    expect(sanitizeHtml(html, { ...keepAll, nestingLimit: depth })).toBe(whole);
    expect(
      sanitizeHtml(html, { ...keepAll, nestingLimit: depth - 1 }),
    ).not.toBe(whole);
  }
});

test("the limit and its message", () => {
  expect(CONTENT_TOO_DEEP_MESSAGE).toContain(`${CONTENT_MAX_DEPTH} levels`);
  expect(isNestedTooDeeply(nested(CONTENT_MAX_DEPTH))).toBe(false);
  expect(isNestedTooDeeply(nested(CONTENT_MAX_DEPTH + 1))).toBe(true);
});

test("reads flat markup through, and stops at the first element past the limit", () => {
  const flat = "<p>word <strong>bold</strong> word</p>".repeat(30_000);
  expect(nestingDepth(flat, CONTENT_MAX_DEPTH)).toBe(2);
  // Elements that never close: a parser that read on through all 100,000
  // would report 100,000 levels (and take minutes), so the depth itself shows
  // where it stopped.
  const stairs = "<blockquote></i>".repeat(100_000);
  expect(nestingDepth(stairs, CONTENT_MAX_DEPTH)).toBe(CONTENT_MAX_DEPTH + 1);
});
