import { createHash } from "node:crypto";
import { UNKNOWN_CLIENT } from "#app/utils/client-ip.server.ts";
import {
  RATE_LIMIT_WINDOW_MS,
  RateLimiter,
} from "#app/utils/rate-limit.server.ts";
import {
  countShared,
  resetShared,
  type SharedCount,
} from "#app/utils/shared-rate-limit.server.ts";
import type { SpendBudget } from "#app/utils/supabase.server.ts";

/** Failed sign-ins one address may make in a window before it is refused. */
export const ADDRESS_FAILURE_LIMIT = 5;
/** Failures on one account before its attempts start to wait. */
export const ACCOUNT_FREE_FAILURES = 3;
export const ACCOUNT_BASE_DELAY_MS = 250;
/** The longest an attempt on a much-guessed account waits: its owner is slowed, never refused. */
export const ACCOUNT_MAX_DELAY_MS = 2_000;

/** How long an attempt on an account with `failures` recent failures waits first. */
export function accountDelayMs(failures: number) {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(
    ACCOUNT_MAX_DELAY_MS,
    ACCOUNT_BASE_DELAY_MS * 2 ** (failures - ACCOUNT_FREE_FAILURES),
  );
}

type Counter = (
  keys: string[],
  windowMs: number,
  increment?: number,
  signal?: AbortSignal,
) => Promise<Map<string, SharedCount> | null>;

/** Without the request's budget, a check waits up to the store's own timeout. */
const unbudgeted: SpendBudget = (work) => work(new AbortController().signal);

export type ThrottleStore = {
  count: Counter;
  reset: (keys: string[]) => Promise<void>;
};

const addressKey = (ip: string) => `sign-in-address:${ip}`;
// The table keeps a digest, not the e-mail itself.
const accountKey = (email: string) =>
  `sign-in-account:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;

/**
 * Counts failed sign-ins only, per address and per account, in the count all
 * machines share (with this machine's memory as a first filter). An address
 * that has failed too often is refused for the window; an account that has
 * been guessed at makes every attempt wait a capped, growing delay instead,
 * so guessing from many addresses slows down while the owner, from an
 * address that has not failed, still signs in. Without a trusted client
 * address no one is refused by address: the account delay still applies.
 */
export function createSignInThrottle({
  store = { count: countShared, reset: resetShared } as ThrottleStore,
  windowMs = RATE_LIMIT_WINDOW_MS,
  sleep = (ms: number) =>
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
} = {}) {
  const localFailures = new RateLimiter(ADDRESS_FAILURE_LIMIT, windowMs);
  const keysFor = (ip: string, email: string) =>
    ip === UNKNOWN_CLIENT
      ? [accountKey(email)]
      : [addressKey(ip), accountKey(email)];

  return {
    /**
     * Before checking a password: a refusal with its Retry-After, or null
     * after waiting the account's delay. The count is read within `spend`,
     * the request's budget, so a slow store leaves the sign-in itself less
     * time rather than the visitor more waiting.
     */
    async before(ip: string, email: string, spend = unbudgeted) {
      const known = ip !== UNKNOWN_CLIENT;
      const local = known
        ? localFailures.count(addressKey(ip))
        : { hits: 0, retryAfter: 0 };
      if (local.hits >= ADDRESS_FAILURE_LIMIT) {
        return { retryAfter: local.retryAfter };
      }
      const shared = await spend((signal) =>
        store.count(keysFor(ip, email), windowMs, 0, signal),
      );
      const address = known ? shared?.get(addressKey(ip)) : undefined;
      if (address && address.hits >= ADDRESS_FAILURE_LIMIT) {
        return { retryAfter: address.retryAfter };
      }
      const account = shared?.get(accountKey(email))?.hits ?? 0;
      const delay = accountDelayMs(account);
      if (delay > 0) await sleep(delay);
      return null;
    },
    async failed(ip: string, email: string) {
      if (ip !== UNKNOWN_CLIENT) localFailures.hit(addressKey(ip));
      await store.count(keysFor(ip, email), windowMs, 1);
    },
    /** The owner is in: the account's failures no longer slow anyone down. */
    async succeeded(email: string) {
      await store.reset([accountKey(email)]);
    },
  };
}

export const signInThrottle = createSignInThrottle();
