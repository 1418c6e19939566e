import { describe, expect, test, vi } from "vitest";
import {
  ACCOUNT_MAX_DELAY_MS,
  ADDRESS_FAILURE_LIMIT,
  accountDelayMs,
  createSignInThrottle,
  type ThrottleStore,
} from "#app/utils/sign-in-throttle.server.ts";
import type { SharedCount } from "#app/utils/shared-rate-limit.server.ts";
import { createBudget } from "#app/utils/supabase.server.ts";

// A stand-in for the Postgres count every machine shares.
function memoryStore(): ThrottleStore {
  const hits = new Map<string, number>();
  return {
    async count(keys, _windowMs, increment = 1) {
      const result = new Map<string, SharedCount>();
      for (const key of keys) {
        const value = (hits.get(key) ?? 0) + increment;
        hits.set(key, value);
        result.set(key, { key, hits: value, retryAfter: 60 });
      }
      return result;
    },
    async reset(keys) {
      for (const key of keys) hits.delete(key);
    },
  };
}

function throttle(store = memoryStore()) {
  const waits: number[] = [];
  const instance = createSignInThrottle({
    store,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { instance, waits, store };
}

describe("sign-in throttle", () => {
  test("refuses an address after its failures, whatever the e-mail, and only that address", async () => {
    const { instance } = throttle();
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++) {
      expect(await instance.before("10.0.0.1", `u${i}@example.com`)).toBeNull();
      await instance.failed("10.0.0.1", `u${i}@example.com`);
    }
    expect(await instance.before("10.0.0.1", "x@example.com")).toEqual({
      retryAfter: 60,
    });
    expect(await instance.before("10.0.0.2", "x@example.com")).toBeNull();
  });

  test("a failure counted on another machine refuses the address here too", async () => {
    const store = memoryStore();
    const one = throttle(store).instance;
    const two = throttle(store).instance;
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++)
      await one.failed("10.0.0.3", "a@example.com");
    expect(await two.before("10.0.0.3", "b@example.com")).not.toBeNull();
  });

  test("successful sign-ins are not counted: an office behind one address is never refused", async () => {
    const { instance } = throttle();
    for (let i = 0; i < 20; i++) {
      expect(await instance.before("10.0.0.4", `c${i}@example.com`)).toBeNull();
      await instance.succeeded(`c${i}@example.com`);
    }
  });

  test("an account guessed at from many addresses slows down, capped, and never refuses its owner", async () => {
    const { instance, waits } = throttle();
    for (let i = 0; i < 20; i++)
      await instance.failed(`10.9.0.${i}`, "Owner@Example.com");
    expect(await instance.before("10.0.0.5", "owner@example.com")).toBeNull();
    expect(waits).toEqual([ACCOUNT_MAX_DELAY_MS]);
    await instance.succeeded("owner@example.com");
    expect(await instance.before("10.0.0.5", "owner@example.com")).toBeNull();
    expect(waits).toHaveLength(1);
  });

  test("without a trusted address no one is refused by address", async () => {
    const { instance } = throttle();
    for (let i = 0; i < 10; i++)
      await instance.failed("unknown", `d${i}@example.com`);
    expect(await instance.before("unknown", "e@example.com")).toBeNull();
  });

  test("the account delay grows and is capped", () => {
    expect(accountDelayMs(0)).toBe(0);
    expect(accountDelayMs(2)).toBe(0);
    const delays = [3, 4, 5, 6, 7, 50].map(accountDelayMs);
    expect(delays[1]!).toBeGreaterThan(delays[0]!);
    expect(Math.max(...delays)).toBe(ACCOUNT_MAX_DELAY_MS);
  });
});

test("a store that hangs costs the request's budget, not more", async () => {
  // Answers only when the caller gives up, as a count behind a stalled database.
  const hanging: ThrottleStore = {
    count: (_keys, _windowMs, _increment, signal) =>
      new Promise((resolve) =>
        signal?.addEventListener("abort", () => resolve(null)),
      ),
    reset: async () => {},
  };
  const { instance } = throttle(hanging);
  const spend = createBudget(200);
  // The store answers only once aborted: an answer at all is the budget's doing.
  expect(await instance.before("203.0.113.7", "a@example.com", spend)).toBe(
    null,
  );
  // Nothing is left for the sign-in call that would follow: what it is
  // given, counted, not how long it waited.
  const timeouts = vi.spyOn(AbortSignal, "timeout");
  await spend(
    (signal) =>
      new Promise<void>((resolve) =>
        signal.addEventListener("abort", () => resolve()),
      ),
  );
  const given = timeouts.mock.calls.map(([ms]) => ms);
  timeouts.mockRestore();
  // A timer may fire a fraction of a millisecond early; the rest is rounded.
  expect(given).toHaveLength(1);
  expect(given[0]).toBeLessThanOrEqual(1);
});
