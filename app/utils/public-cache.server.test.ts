import { describe, expect, test } from "vitest";
import {
  cappedCacheControl,
  PUBLIC_CACHE_CONTROL,
  SCHEDULE_LEAD_SECONDS,
} from "#app/utils/public-cache.server.ts";

/** The last second any cache may still answer with the page, by its header. */
function lastSecond(cacheControl: string) {
  const value = (name: string) =>
    Number(new RegExp(`${name}=(\\d+)`).exec(cacheControl)?.[1]);
  return Math.max(
    value("max-age"),
    value("s-maxage") + value("stale-while-revalidate"),
  );
}

describe("cappedCacheControl", () => {
  test("is the public rule when nothing is scheduled", () => {
    expect(cappedCacheControl(null)).toBe(PUBLIC_CACHE_CONTROL);
  });

  test.each([0, 0.9, 1, 5, 10.5, 11, 15, 16, 17, 300, 86_700, 10 ** 7])(
    "no lifetime passes a publication %s s away",
    (seconds) => {
      const header = cappedCacheControl(seconds);
      // A second is left for the answer's way to the cache.
      expect(lastSecond(header)).toBeLessThanOrEqual(Math.max(0, seconds - 1));
      expect(header).toMatch(
        /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
      );
    },
  );

  test("keeps the usual lifetimes when the publication is further away than all of them", () => {
    expect(cappedCacheControl(10 ** 7)).toBe(PUBLIC_CACHE_CONTROL);
    expect(cappedCacheControl(13.5)).toBe(
      "public, max-age=0, s-maxage=10, stale-while-revalidate=2",
    );
    expect(cappedCacheControl(-3)).toBe(
      "public, max-age=0, s-maxage=0, stale-while-revalidate=0",
    );
  });

  test("the usual rule ends within the schedule lead time the database keeps", () => {
    expect(lastSecond(PUBLIC_CACHE_CONTROL)).toBeLessThanOrEqual(
      SCHEDULE_LEAD_SECONDS,
    );
  });
});
