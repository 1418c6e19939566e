import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { secretKey } from "./api-key.ts";
import type { FunctionEnv } from "./handler-types.ts";

// The functions reach the database and Storage through supabase-js with the
// secret key: the same client on Deno and on Node (the handlers' tests).

const TIMEOUT_MS = 5_000;

export type Database = SupabaseClient;

/** A client with the secret key, each call bounded by TIMEOUT_MS. */
export function serviceClient(env: FunctionEnv): Database {
  return createClient(env.SUPABASE_URL, secretKey(env), {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          signal: init?.signal
            ? AbortSignal.any([init.signal, AbortSignal.timeout(TIMEOUT_MS)])
            : AbortSignal.timeout(TIMEOUT_MS),
        }),
    },
  });
}

/** What a call answered, or the error it failed with, thrown. */
export function unwrap<T>(
  what: string,
  { data, error }: { data: T | null; error: { message: string } | null },
): T {
  if (error) throw new Error(`${what} failed: ${error.message}`);
  return data as T;
}

export type SubmissionKind = "message" | "application";

/**
 * Stores a submission once: Postgres takes a submission that says what one
 * stored already says (the same message from the same address within a
 * day, the same CV for the same job from the same address) for the same
 * one, under a lock, so it holds however many machines send it at once.
 * The row's columns are the keys of `row`.
 */
export async function storeSubmission(
  db: Database,
  kind: SubmissionKind,
  row: Record<string, unknown>,
): Promise<{ id: string; duplicate: boolean }> {
  const [stored] = unwrap(
    "store_submission",
    await db.rpc("store_submission", { p_kind: kind, p_row: row }),
  ) as { id: string; duplicate: boolean }[];
  if (!stored) throw new Error("store_submission returned no row");
  return stored;
}
