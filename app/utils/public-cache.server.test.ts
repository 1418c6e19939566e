import { describe, expect, test } from "vitest";
import {
  cappedCacheControl,
  PUBLIC_CACHE_CONTROL,
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

  test.each([0, 0.9, 1, 45, 60, 299.5, 300, 301, 4000, 86_700, 10 ** 7])(
    "no lifetime passes a publication %s s away",
    (seconds) => {
      const header = cappedCacheControl(seconds);
      // A second is left for the answer's way to the cache.
      expect(lastSecond(header)).toBeLessThanOrEqual(Math.max(0, seconds - 1));
      expect(header).toMatch(
        /^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/,
      );
    },
  );

  test("keeps the usual lifetimes when the publication is further away than all of them", () => {
    expect(cappedCacheControl(10 ** 7)).toBe(PUBLIC_CACHE_CONTROL);
    expect(cappedCacheControl(121.5)).toBe(
      "public, max-age=60, s-maxage=120, stale-while-revalidate=0",
    );
    expect(cappedCacheControl(-3)).toBe(
      "public, max-age=0, s-maxage=0, stale-while-revalidate=0",
    );
  });
});
