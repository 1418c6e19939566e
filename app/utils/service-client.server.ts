import { createClient } from "@supabase/supabase-js";
import { env } from "#app/utils/env.server.ts";
import {
  fetchWithBudget,
  type AppDatabase,
  type TypedSupabaseClient,
} from "#app/utils/supabase.server.ts";

/** How long one call of the server's own work (a limit count, storing post HTML) may wait. */
export const SERVICE_CALL_TIMEOUT_MS = 3_000;

let client: TypedSupabaseClient | null | undefined;

/**
 * The app server's own client, with the secret key: for what no visitor's
 * session may do (the limits all machines share, the sanitised HTML of
 * posts). Null when SUPABASE_SECRET_KEY is not set: callers then keep that
 * work on this machine.
 */
export function getServiceClient() {
  if (client !== undefined) return client;
  client = env.SUPABASE_SECRET_KEY
    ? createClient<AppDatabase>(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY, {
        auth: { persistSession: false, autoRefreshToken: false },
        // A budget of its own for each call: the client lives as long as the process.
        global: {
          fetch: (input, init) =>
            fetchWithBudget(SERVICE_CALL_TIMEOUT_MS)(input, init),
        },
      })
    : null;
  if (!client) {
    console.warn(
      "SUPABASE_SECRET_KEY is not set: rate limits count per machine only, and each machine sanitises a post's HTML for itself",
    );
  }
  return client;
}
