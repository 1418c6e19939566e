import { describe, expect, test } from "vitest";
import { diffLines, htmlLines, revisionDiff } from "./revision-diff.ts";

describe("htmlLines", () => {
  test("one line per block, entities decoded, images by their alt text", () => {
    expect(
      htmlLines(
        '<h2>Title &amp; more</h2><p>First <strong>bold</strong></p><ul><li>one</li><li>two</li></ul><p><img src="a.png" alt="A chart"><img src="b.png"></p><p>a<br>b</p>',
      ),
    ).toEqual([
      "Title & more",
      "First bold",
      "one",
      "two",
      "[image: A chart]",
      "[image]",
      "a",
      "b",
    ]);
  });
});

describe("diffLines", () => {
  test("keeps common lines in order and marks the rest", () => {
    expect(diffLines(["a", "b", "c", "d"], ["a", "c", "x", "d"])).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "same", text: "c" },
      { kind: "added", text: "x" },
      { kind: "same", text: "d" },
    ]);
    expect(diffLines([], ["new"])).toEqual([{ kind: "added", text: "new" }]);
    expect(diffLines(["old"], [])).toEqual([{ kind: "removed", text: "old" }]);
  });

  test("a field past the line limit is shown replaced whole, without the quadratic table", () => {
    const many = Array.from({ length: 2001 }, (_, i) => `line ${i}`);
    const lines = diffLines(many, ["x"]);
    expect(lines).toHaveLength(2002);
    expect(lines.at(-1)).toEqual({ kind: "added", text: "x" });
  });
});

describe("revisionDiff", () => {
  test("compares every shown field and says which changed", () => {
    const labels = {
      title: "Title",
      excerpt: "Excerpt",
      content: "Content",
      cover_image_url: "Cover image",
      tags: "Tags",
    };
    const base = {
      title: "Same",
      excerpt: null,
      content: "<p>One</p><p>Two</p>",
      cover_image_url: null,
      tags: ["a"],
    };
    const diff = revisionDiff(
      base,
      { ...base, content: "<p>One</p><p>Three</p>", tags: ["a", "b"] },
      labels,
    );
    expect(diff.map((field) => [field.field, field.changed])).toEqual([
      ["Title", false],
      ["Excerpt", false],
      ["Cover image", false],
      ["Tags", true],
      ["Content", true],
    ]);
    expect(diff[4]!.lines).toEqual([
      { kind: "same", text: "One" },
      { kind: "removed", text: "Two" },
      { kind: "added", text: "Three" },
    ]);
  });
});
