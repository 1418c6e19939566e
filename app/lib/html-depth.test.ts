import { expect, test } from "vitest";
import { CONTENT_MAX_DEPTH, nestingDepth } from "#app/lib/html-depth.ts";
import { CONTENT_TOO_DEEP_MESSAGE } from "#app/routes/blog/post-messages.ts";
import { PostSchema } from "#app/routes/blog/editor/post-schema.ts";

const nested = (depth: number) =>
  `${"<blockquote>".repeat(depth)}deep${"</blockquote>".repeat(depth)}`;

test("counts how deep elements nest, not how many there are", () => {
  expect(nestingDepth("plain text")).toBe(0);
  expect(nestingDepth("<p>a</p><p>b</p><p>c</p>")).toBe(1);
  expect(nestingDepth("<ul><li><p>a</p></li><li>b</li></ul>")).toBe(3);
  // Void and self-closed elements do not open a level.
  expect(nestingDepth('<p>a<br>b<img src="x"><hr/>c</p>')).toBe(1);
  expect(nestingDepth(nested(40))).toBe(40);
  // A stray closing tag cannot make later nesting look shallower.
  expect(nestingDepth(`</p></p>${nested(5)}`)).toBe(5);
});

test("the post form refuses content nested past the limit, with the message that says so", () => {
  expect(CONTENT_TOO_DEEP_MESSAGE).toContain(`${CONTENT_MAX_DEPTH} levels`);
  const valid = { intent: "publish", title: "Deep", tags: [] };
  const at = PostSchema.safeParse({
    ...valid,
    content: nested(CONTENT_MAX_DEPTH),
  });
  expect(at.success).toBe(true);
  const past = PostSchema.safeParse({
    ...valid,
    content: nested(CONTENT_MAX_DEPTH + 1),
  });
  expect(past.success).toBe(false);
  expect(past.error?.issues.map((issue) => issue.message)).toContain(
    CONTENT_TOO_DEEP_MESSAGE,
  );
});

test("a megabyte of flat markup is measured in milliseconds", () => {
  const html = "<p>word <strong>bold</strong> word</p>".repeat(30_000);
  const started = performance.now();
  expect(nestingDepth(html)).toBe(2);
  // A bound an order of magnitude above what it takes (about 30 ms), so a
  // busy machine does not fail it; a quadratic scan would take seconds.
  expect(performance.now() - started).toBeLessThan(1_000);
});
