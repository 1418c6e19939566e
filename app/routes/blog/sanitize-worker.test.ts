import { describe, expect, test } from "vitest";
import { CONTENT_MAX_DEPTH } from "#app/lib/html-depth.ts";
import { sanitizePost } from "./sanitize-worker.ts";

describe("the depth check and the sanitiser read the same bytes", () => {
  test("a control character inside a tag is removed before either reads it", () => {
    const deep = `${"<\u0001blockquote>".repeat(CONTENT_MAX_DEPTH + 8)}deep`;
    expect(sanitizePost(deep)).toEqual({ refused: "too-deep" });
    const within = `${"<\u0001blockquote>".repeat(2)}kept`;
    expect(sanitizePost(within)).toEqual({
      html: "<blockquote><blockquote>kept</blockquote></blockquote>",
    });
  });

  test("no control character reaches the stored HTML", () => {
    expect(sanitizePost("<p>a\u0000b\u0007c</p>")).toEqual({
      html: "<p>abc</p>",
    });
  });
});
