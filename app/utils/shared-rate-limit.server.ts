import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { env } from "#app/utils/env.server.ts";
import { fetchWithBudget } from "#app/utils/supabase.server.ts";

export type SharedCount = { key: string; hits: number; retryAfter: number };

// A limit check must not hold a form up for the page's whole budget.
export const SHARED_LIMIT_TIMEOUT_MS = 3_000;

let client: SupabaseClient | null | undefined;

function serviceClient() {
  if (client !== undefined) return client;
  client = env.SUPABASE_SECRET_KEY
    ? createClient(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY, {
        auth: { persistSession: false, autoRefreshToken: false },
        // A budget of its own for each call: the client lives as long as the process.
        global: {
          fetch: (input, init) =>
            fetchWithBudget(SHARED_LIMIT_TIMEOUT_MS)(input, init),
        },
      })
    : null;
  if (!client) {
    console.warn(
      "SUPABASE_SECRET_KEY is not set: rate limits count per machine only",
    );
  }
  return client;
}

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
  const supabase = serviceClient();
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
  const supabase = serviceClient();
  if (!supabase) return;
  const { error } = await supabase.rpc("rate_limit_reset", { p_keys: keys });
  if (error) console.error("shared rate limit reset failed", error);
}
