import { env } from "#app/utils/env.server.ts";

/** How long each limit counts attempts before starting over (RATE_LIMIT_WINDOW_MS, a minute by default). */
export const RATE_LIMIT_WINDOW_MS = env.RATE_LIMIT_WINDOW_MS;

type Window = { count: number; resetAt: number };

/**
 * A fixed-window counter per key, in memory. Each app instance limits on its
 * own, which is enough to blunt brute force and form spam; a shared store
 * would be needed only if the exact global count mattered.
 */
export class RateLimiter {
  private windows = new Map<string, Window>();
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Counts one attempt; returns the seconds to wait when over the limit. */
  hit(key: string, now = Date.now()): { allowed: boolean; retryAfter: number } {
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    const allowed = window.count <= this.limit;
    return {
      allowed,
      retryAfter: allowed ? 0 : Math.ceil((window.resetAt - now) / 1000),
    };
  }

  /** Drops one key's count, e.g. once a sign-in for that e-mail succeeds. */
  forget(key: string) {
    this.windows.delete(key);
  }

  reset() {
    this.windows.clear();
  }

  private lastSweep = 0;
  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}

/** Counts a hit on every key: 0 when all are within their limits, else the seconds until the latest frees up. */
export function rateLimitRetryAfter(
  checks: { limiter: RateLimiter; key: string }[],
) {
  let retryAfter = 0;
  for (const { limiter, key } of checks) {
    const result = limiter.hit(key);
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfter);
  }
  return retryAfter;
}
