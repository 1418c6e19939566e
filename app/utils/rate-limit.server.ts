import { env } from "#app/utils/env.server.ts";

/** How long each limit counts attempts before starting over (RATE_LIMIT_WINDOW_MS, a minute by default). */
export const RATE_LIMIT_WINDOW_MS = env.RATE_LIMIT_WINDOW_MS;

type Window = { count: number; resetAt: number };

/**
 * A fixed-window counter per key, in memory: the cheap first filter in front
 * of the count every machine shares in Postgres (shared-rate-limit.server.ts),
 * which is kept under `name`.
 */
export class RateLimiter {
  private windows = new Map<string, Window>();
  readonly limit: number;
  readonly windowMs: number;
  readonly name: string | null;

  constructor(limit: number, windowMs: number, name: string | null = null) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.name = name;
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

  /** The key's count in its current window, without adding to it. */
  count(key: string, now = Date.now()) {
    const window = this.windows.get(key);
    return window && window.resetAt > now
      ? {
          hits: window.count,
          retryAfter: Math.ceil((window.resetAt - now) / 1000),
        }
      : { hits: 0, retryAfter: 0 };
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
