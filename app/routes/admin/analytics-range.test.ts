import { describe, expect, test } from "vitest";
import { eachDay, parseRange } from "./analytics-range.ts";

const TODAY = "2026-11-27";
const parse = (query: string) => parseRange(new URLSearchParams(query), TODAY);

describe("parseRange", () => {
  test("the last 7, 30 or 90 days end today; anything else is 30", () => {
    expect(parse("range=7")).toMatchObject({
      from: "2026-11-21",
      to: TODAY,
      days: 7,
    });
    expect(parse("range=90")).toMatchObject({ from: "2026-08-30", days: 90 });
    expect(parse("")).toMatchObject({
      range: "30",
      from: "2026-10-29",
      days: 30,
    });
    expect(parse("range=9999")).toMatchObject({ range: "30", days: 30 });
  });

  test("takes a custom range of whole days", () => {
    expect(parse("range=custom&from=2026-01-01&to=2026-01-31")).toMatchObject({
      range: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
      days: 31,
      errors: [],
    });
  });

  test.each([
    ["range=custom&to=2026-01-31", "Choose a start date."],
    [
      "range=custom&from=2026-02-01&to=2026-01-31",
      "The start date must be on or before the end date.",
    ],
    [
      "range=custom&from=2024-01-01&to=2026-01-31",
      "A range can cover at most 366 days.",
    ],
    [
      "range=custom&from=2026-11-01&to=2026-12-31",
      "The end date cannot be after today.",
    ],
    ["range=custom&from=yesterday&to=2026-01-31", "Choose a start date."],
  ])(
    "refuses %s with a message, keeps what was typed and shows 30 days",
    (query, message) => {
      const range = parse(query);
      expect(range.errors).toContain(message);
      expect(range.days).toBe(30);
      expect(range.typed.to).toBe(new URLSearchParams(query).get("to"));
    },
  );

  test("lists each day", () => {
    expect(eachDay("2026-02-27", "2026-03-01")).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
    ]);
  });
});
