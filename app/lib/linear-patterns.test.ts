import { describe, expect, test } from "vitest";
import {
  adversarialInputs,
  runOn,
  servedPatterns,
} from "#tests/support/regex-inventory.ts";
import { trimEndOf, withoutTags } from "#supabase/functions/_shared/text.ts";
import { hasVisibleContent } from "#app/routes/blog/editor/post-schema.ts";
import { htmlLines } from "#app/routes/blog/editor/revision-diff.ts";
import { contentImages } from "#app/routes/blog/editor/image-alt.ts";

// Every pattern the served code holds, fed what an attacker would send it.
// A pattern that backtracks takes minutes on one of these (100,000² steps),
// past the test's time; `npm run bench:stall` prints the slowest.

describe("every regular expression in the served code", () => {
  const patterns = servedPatterns();

  test("is found (the inventory reads the code)", () => {
    expect(patterns.length).toBeGreaterThan(50);
    expect(patterns.map(({ where }) => where)).toContainEqual(
      expect.stringMatching(/^app\/lib\/sanitize\.ts:\d+$/),
    );
  });

  test("runs through each 100,000-character adversarial input", () => {
    const inputs = adversarialInputs();
    for (const { pattern } of patterns) {
      for (const { input } of inputs) runOn(pattern, input);
    }
    expect(inputs.length * patterns.length).toBeGreaterThan(1000);
  });
});

describe("the scans that replaced backtracking patterns", () => {
  test("drop tags as /<[^>]*>/g did, on 160,000 `<` too", () => {
    for (const value of ["a<b>c", "a<b<c>d", "a<b", "<>x<", "x>y", ""]) {
      expect(withoutTags(value)).toBe(value.replace(/<[^>]*>/g, ""));
    }
    const run = "<".repeat(160_000);
    expect(withoutTags(run)).toBe(run);
    expect(hasVisibleContent(run)).toBe(true);
    expect(hasVisibleContent(`${"<p>".repeat(50_000)}`)).toBe(false);
  });

  test("trim a run at the end as /[ \\t]+$/ did", () => {
    for (const value of ["a  ", "a \t ", "   ", "a b", ""]) {
      expect(trimEndOf(value, " \t")).toBe(value.replace(/[ \t]+$/, ""));
    }
    expect(trimEndOf(`${" ".repeat(100_000)}x`, " \t")).toHaveLength(100_001);
  });

  test("read a revision's lines from 100,000 unclosed tags", () => {
    expect(htmlLines(`<p>a</p>${"<img ".repeat(20_000)}`)).toEqual([
      "a",
      "<img ".repeat(20_000).trim(),
    ]);
    expect(htmlLines(`${'<img alt="'.repeat(10_000)}>`)).toEqual([
      "[image: <img alt=]",
    ]);
  });

  test("find a post's images among 100,000 characters of unclosed `<img `", () => {
    expect(
      contentImages(`<img src="a.png" alt='x > y'>${"<img ".repeat(20_000)}`),
    ).toEqual([{ src: "a.png", alt: "x > y", decorative: false }]);
  });
});
