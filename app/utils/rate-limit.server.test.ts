import { describe, expect, it } from "vitest";
import { RateLimiter } from "#app/utils/rate-limit.server.ts";

describe("RateLimiter", () => {
  it("allows the limit, refuses the next, and recovers after the window", () => {
    const limiter = new RateLimiter(5, 60_000);
    const t0 = 1_000_000;
    for (let i = 0; i < 5; i++)
      expect(limiter.hit("ip", t0 + i).allowed).toBe(true);
    const refused = limiter.hit("ip", t0 + 10);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBe(60);
    expect(limiter.hit("other", t0 + 10).allowed).toBe(true);
    expect(limiter.hit("ip", t0 + 60_001).allowed).toBe(true);
  });
});
