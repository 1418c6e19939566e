import { describe, expect, test } from "vitest";
import { acceptedEncodings } from "./page-cache.server.ts";

describe("Accept-Encoding", () => {
  test("q=0 refuses a coding, even beside *", () => {
    expect(acceptedEncodings("br;q=0, *")).toEqual(["gzip"]);
    expect(acceptedEncodings("*, br;q=0")).toEqual(["gzip"]);
    expect(acceptedEncodings("gzip;Q=0, br")).toEqual(["br"]);
    expect(acceptedEncodings("*;q=0")).toEqual([]);
    expect(acceptedEncodings("gzip, *;q=0")).toEqual(["gzip"]);
    expect(acceptedEncodings("br;q=0.000, gzip;q=0.5")).toEqual(["gzip"]);
  });

  test("what browsers send, and nothing", () => {
    expect(acceptedEncodings("gzip, deflate, br, zstd")).toEqual([
      "br",
      "gzip",
    ]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("")).toEqual([]);
    expect(acceptedEncodings(null)).toEqual([]);
  });
});
