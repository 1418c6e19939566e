import { describe, expect, test } from "vitest";
import {
  backstopDiffers,
  backstopKey,
  type Backstop,
} from "./local-backstop.ts";

const shown = {
  title: "T",
  excerpt: "",
  content: "<p>Body</p>",
  tags: ["AI"],
  coverAlt: "",
  coverDecorative: false,
  metaDescription: "",
};
const kept: Backstop = {
  ...shown,
  baseUpdatedAt: "2026-11-27T08:00:00Z",
  savedAt: "2026-11-27T08:01:00Z",
};

describe("local backstop", () => {
  test("one key per post, and one for a new post", () => {
    expect(backstopKey("p1")).not.toBe(backstopKey(null));
    expect(backstopKey(null)).toBe(backstopKey(null));
  });

  test("offered only when it holds something the page does not show", () => {
    expect(backstopDiffers(kept, shown)).toBe(false);
    expect(backstopDiffers({ ...kept, content: "<p>More</p>" }, shown)).toBe(
      true,
    );
    expect(backstopDiffers({ ...kept, tags: ["AI", "Data"] }, shown)).toBe(
      true,
    );
    expect(backstopDiffers({ ...kept, coverDecorative: true }, shown)).toBe(
      true,
    );
  });
});
