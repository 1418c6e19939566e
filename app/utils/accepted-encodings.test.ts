import { describe, expect, test } from "vitest";
import { bestEncoding } from "./page-cache.server.ts";

describe("Accept-Encoding", () => {
  test("q=0 refuses a coding, even beside *", () => {
    expect(bestEncoding("br;q=0, *")).toBe("gzip");
    expect(bestEncoding("*, br;q=0")).toBe("gzip");
    expect(bestEncoding("gzip;Q=0, br")).toBe("br");
    expect(bestEncoding("*;q=0")).toBe("identity");
    expect(bestEncoding("gzip, *;q=0")).toBe("gzip");
    expect(bestEncoding("br;q=0.000, gzip;q=0.5")).toBe("gzip");
  });

  test("what browsers send, and nothing", () => {
    expect(bestEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(bestEncoding("*")).toBe("br");
    expect(bestEncoding("")).toBe("identity");
    expect(bestEncoding(undefined)).toBe("identity");
  });
});
