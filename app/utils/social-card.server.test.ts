import { describe, expect, it } from "vitest";
import {
  postCardSvg,
  renderSocialPng,
  wrapTitle,
} from "#app/utils/social-card.server.ts";

function pngSize(png: Buffer) {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("wrapTitle", () => {
  it("breaks at words, cuts a long word and ends a cut title in an ellipsis", () => {
    expect(wrapTitle("One two three four", 9)).toEqual([
      "One two",
      "three",
      "four",
    ]);
    expect(wrapTitle("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
    const lines = wrapTitle("word ".repeat(40), 10, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
  });
});

describe("postCardSvg and renderSocialPng", () => {
  it("escapes the title and renders a 1200×630 PNG", () => {
    const svg = postCardSvg('<script>"A" & B</script>', "Recursa", "Blueprint");
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;&quot;A&quot; &amp; B&lt;/script&gt;");
    const png = renderSocialPng(svg);
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });
});
