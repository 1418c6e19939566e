import { describe, expect, test } from "vitest";
import {
  listHref,
  pageCount,
  pageLinks,
  pageRange,
  parsePage,
} from "#app/lib/pagination.ts";

describe("parsePage", () => {
  test.each([
    [null, 1],
    [undefined, 1],
    ["", 1],
    ["1", 1],
    ["2", 2],
    ["0", 1],
    ["-3", 1],
    ["2.5", 1],
    ["abc", 1],
    ["1e3", 1],
    [" 2", 1],
    ["9999999", 1],
    ["999999", 999999],
  ])("%j -> %d", (input, expected) => {
    expect(parsePage(input)).toBe(expected);
  });
});

describe("pageRange and pageCount", () => {
  test("12 per page", () => {
    expect(pageRange(1)).toEqual({ from: 0, to: 11 });
    expect(pageRange(2)).toEqual({ from: 12, to: 23 });
    expect(pageRange(3, 5)).toEqual({ from: 10, to: 14 });
  });

  test("an empty list still has one page", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
    expect(pageCount(1000)).toBe(84);
  });
});

describe("pageLinks", () => {
  test("first, middle and last pages", () => {
    expect(pageLinks(1, 30)).toEqual({ prev: null, next: 2, last: 3 });
    expect(pageLinks(2, 30)).toEqual({ prev: 1, next: 3, last: 3 });
    expect(pageLinks(3, 30)).toEqual({ prev: 2, next: null, last: 3 });
  });

  test("a single page has no neighbours", () => {
    expect(pageLinks(1, 7)).toEqual({ prev: null, next: null, last: 1 });
    expect(pageLinks(1, 0)).toEqual({ prev: null, next: null, last: 1 });
  });

  test("past the end points back to the last page", () => {
    expect(pageLinks(50, 30)).toEqual({ prev: 3, next: null, last: 3 });
  });
});

describe("listHref", () => {
  test("keeps the tag, drops page 1", () => {
    expect(listHref("/blueprints", {})).toBe("/blueprints");
    expect(listHref("/blueprints", { page: 1 })).toBe("/blueprints");
    expect(listHref("/blueprints", { page: 2 })).toBe("/blueprints?page=2");
    expect(listHref("/blueprints", { tag: "AI Agents & co", page: 3 })).toBe(
      "/blueprints?tag=AI+Agents+%26+co&page=3",
    );
  });

  test("keeps the search beside the tag", () => {
    expect(listHref("/blueprints", { q: '"data lake" -cloud', page: 2 })).toBe(
      "/blueprints?q=%22data+lake%22+-cloud&page=2",
    );
    expect(listHref("/blueprints", { tag: "AI", q: "a&b=c#d" })).toBe(
      "/blueprints?tag=AI&q=a%26b%3Dc%23d",
    );
    expect(listHref("/blueprints", { tag: null, q: null })).toBe("/blueprints");
  });
});
