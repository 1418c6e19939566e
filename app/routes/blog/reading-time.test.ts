import { describe, expect, test } from "vitest";
import {
  readingMinutes,
  readingTime,
  WORDS_PER_MINUTE,
} from "./reading-time.ts";

describe("readingMinutes", () => {
  test("words / 230, rounded up", () => {
    expect(WORDS_PER_MINUTE).toBe(230);
    expect(readingMinutes(230)).toBe(1);
    expect(readingMinutes(231)).toBe(2);
    expect(readingMinutes(460)).toBe(2);
    expect(readingMinutes(461)).toBe(3);
    expect(readingMinutes(2300)).toBe(10);
  });

  test("at least one minute, even for an empty post", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(-5)).toBe(1);
    expect(readingMinutes(Number.NaN)).toBe(1);
  });

  test("the label", () => {
    expect(readingTime(10)).toBe("1 min read");
    expect(readingTime(1000)).toBe("5 min read");
  });
});
