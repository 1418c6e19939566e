import { describe, expect, test } from "vitest";
import { sharePreviewData } from "./share-text.ts";

describe("sharePreviewData", () => {
  const base = {
    url: "https://site.example/blueprints/p1",
    imageUrl: "/a.png",
  };

  test("shows the meta description, else the excerpt, as the page's meta tags will", () => {
    expect(
      sharePreviewData({
        ...base,
        text: { title: "Title", excerpt: "Excerpt", metaDescription: "" },
      }),
    ).toEqual({ ...base, title: "Title", description: "Excerpt" });
    expect(
      sharePreviewData({
        ...base,
        text: { title: "Title", excerpt: "Excerpt", metaDescription: "Meta" },
      }).description,
    ).toBe("Meta");
  });

  test("a post without a title yet is the untitled post", () => {
    expect(
      sharePreviewData({
        ...base,
        text: { title: " ", excerpt: "", metaDescription: "" },
      }),
    ).toMatchObject({
      title: "Untitled post",
      description: "Read Untitled post on the blog",
    });
  });
});
