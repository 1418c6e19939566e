import type { RateLimiter } from "#app/utils/rate-limit.server.ts";
import {
  getServiceClient,
  SERVICE_CALL_TIMEOUT_MS,
} from "#app/utils/service-client.server.ts";

export type SharedCount = { key: string; hits: number; retryAfter: number };

// A limit check must not hold a form up for the page's whole budget.
export const SHARED_LIMIT_TIMEOUT_MS = SERVICE_CALL_TIMEOUT_MS;

/**
 * Adds `increment` (0 only reads) to each key's window in Postgres, shared by
 * every app machine, in one round trip. Null when the count could not be
 * reached: the caller then relies on its in-memory limiter alone rather than
 * refusing visitors because the database is slow. `signal` ends the wait
 * before SHARED_LIMIT_TIMEOUT_MS for a caller on a clock of its own.
 */
export async function countShared(
  keys: string[],
  windowMs: number,
  increment = 1,
  signal?: AbortSignal,
): Promise<Map<string, SharedCount> | null> {
  const supabase = getServiceClient();
  if (!supabase || keys.length === 0) return null;
  try {
    const { data, error } = await supabase
      .rpc("rate_limit_hit", {
        p_keys: keys,
        p_window_seconds: Math.max(1, Math.ceil(windowMs / 1000)),
        p_increment: increment,
      })
      .abortSignal(
        signal
          ? AbortSignal.any([
              signal,
              AbortSignal.timeout(SHARED_LIMIT_TIMEOUT_MS),
            ])
          : AbortSignal.timeout(SHARED_LIMIT_TIMEOUT_MS),
      );
    if (error) throw error;
    const rows = data as { key: string; hits: number; retry_after: number }[];
    return new Map(
      rows.map((row) => [
        row.key,
        { key: row.key, hits: row.hits, retryAfter: row.retry_after },
      ]),
    );
  } catch (error) {
    console.error("shared rate limit unavailable", error);
    return null;
  }
}

/** Forgets keys' counts everywhere, e.g. an account's failures once its owner signs in. */
export async function resetShared(keys: string[]) {
  const supabase = getServiceClient();
  if (!supabase) return;
  const { error } = await supabase.rpc("rate_limit_reset", { p_keys: keys });
  if (error) console.error("shared rate limit reset failed", error);
}

/**
 * Counts one attempt under `key` on this machine, then (while this machine
 * allows it) in the count every machine shares: the seconds to wait when
 * either is over the limit, else 0.
 */
export async function retryAfterHit(
  limiter: RateLimiter,
  key: string,
  signal?: AbortSignal,
): Promise<number> {
  const local = limiter.hit(key);
  if (!local.allowed) return local.retryAfter;
  if (!limiter.name) return 0;
  const sharedKey = `${limiter.name}:${key}`;
  const shared = (
    await countShared([sharedKey], limiter.windowMs, 1, signal)
  )?.get(sharedKey);
  return shared && shared.hits > limiter.limit ? shared.retryAfter : 0;
}
