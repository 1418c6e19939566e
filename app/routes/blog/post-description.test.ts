import { describe, expect, test } from "vitest";
import { postDescription } from "./post-description.ts";

describe("postDescription", () => {
  test("the post's own meta description comes first", () => {
    expect(
      postDescription({
        title: "T",
        excerpt: "The excerpt",
        meta_description: "  For search  ",
      }),
    ).toBe("For search");
  });

  test("an empty or missing one falls back to the excerpt, then to the title", () => {
    expect(
      postDescription({
        title: "T",
        excerpt: "The excerpt",
        meta_description: " ",
      }),
    ).toBe("The excerpt");
    expect(postDescription({ title: "T", excerpt: null })).toBe(
      "Read T on the blog",
    );
  });
});
