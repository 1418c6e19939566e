import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { RouterContextProvider } from "react-router";
import { afterAll, expect, test, vi } from "vitest";
import {
  fetchWithBudget,
  formBudgetLeft,
  FUNCTION_TIMEOUT_MS,
} from "#app/utils/supabase.server.ts";

// A backend that answers each call after 300 ms, and never one to /hang:
// whatever ends that call is its budget running out.
const server = createServer((request, response) => {
  if (request.url !== "/hang") setTimeout(() => response.end("ok"), 300);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test("the calls of one request share one budget", async () => {
  // What each call is given, not how long it took: the first call waits at
  // least 300 ms, so the second may wait at most what is left of 1,000.
  const timeouts = vi.spyOn(AbortSignal, "timeout");
  const fetch = fetchWithBudget(1_000);
  expect(await (await fetch(url)).text()).toBe("ok");
  await expect(fetch(`${url}hang`)).rejects.toThrow(/timeout|aborted/i);
  // Nothing is left for a third.
  await expect(fetch(url)).rejects.toThrow(/timeout|aborted/i);
  const given = timeouts.mock.calls.map(([ms]) => ms);
  timeouts.mockRestore();
  expect(given).toHaveLength(3);
  expect(given[0]).toBe(1_000);
  expect(given[1]).toBeLessThanOrEqual(700);
  // A timer may fire a fraction of a millisecond early; the rest is rounded.
  expect(given[2]).toBeLessThanOrEqual(1);
});

test("a caller's own signal still cancels", async () => {
  const fetch = fetchWithBudget(5_000);
  const controller = new AbortController();
  const pending = fetch(url, { signal: controller.signal });
  controller.abort();
  await expect(pending).rejects.toThrow(/abort/i);
});

test("calls in parallel spend the budget once, not once each", async () => {
  const fetch = fetchWithBudget(800);
  const answers = await Promise.all([fetch(url), fetch(url)]);
  expect(answers.every((answer) => answer.ok)).toBe(true);
  // About 300 ms were spent, not 600: a third call still has time.
  expect(await (await fetch(url)).text()).toBe("ok");
});

test("a form's backend steps spend one clock, started by the first", () => {
  vi.useFakeTimers({ toFake: ["performance"] });
  try {
    const context = new RouterContextProvider();
    expect(formBudgetLeft(context)).toBe(FUNCTION_TIMEOUT_MS);
    // A shared limit check that waited 3 s leaves the function call 7 s.
    vi.advanceTimersByTime(3_000);
    expect(formBudgetLeft(context)).toBe(FUNCTION_TIMEOUT_MS - 3_000);
    vi.advanceTimersByTime(FUNCTION_TIMEOUT_MS);
    expect(formBudgetLeft(context)).toBe(0);
    // Another request has a clock of its own.
    expect(formBudgetLeft(new RouterContextProvider())).toBe(
      FUNCTION_TIMEOUT_MS,
    );
  } finally {
    vi.useRealTimers();
  }
});
