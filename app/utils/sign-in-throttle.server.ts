import {
  RATE_LIMIT_WINDOW_MS,
  RateLimiter,
} from "#app/utils/rate-limit.server.ts";

/**
 * Sign-in attempts per client address (all of them) and per e-mail (until
 * one succeeds, so a team member who mistypes a few times and then gets it
 * right starts over, while guessing at one account is capped).
 */
export function createSignInThrottle(
  limit = 5,
  windowMs = RATE_LIMIT_WINDOW_MS,
) {
  const byIp = new RateLimiter(limit, windowMs);
  const byEmail = new RateLimiter(limit, windowMs);
  return {
    attempt(ip: string, email: string, now = Date.now()) {
      const results = [
        byIp.hit(ip, now),
        byEmail.hit(email.toLowerCase(), now),
      ];
      const retryAfter = Math.max(
        ...results.map((result) => result.retryAfter),
      );
      return { allowed: retryAfter === 0, retryAfter };
    },
    succeeded(email: string) {
      byEmail.forget(email.toLowerCase());
    },
  };
}

export const signInThrottle = createSignInThrottle();
