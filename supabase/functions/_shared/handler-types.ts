// The runtime-neutral contract every edge function in supabase/functions
// implements: `supabase/functions/<name>/handler.ts` default-exports a
// FunctionHandler. The Deno entry (index.ts) on Supabase and the local server
// (supabase/local) both call it, so the function's logic exists once.

/**
 * What the platform injects (supabase/cli internal/functions/serve): the new
 * keys as `{"default": "sb_…"}` JSON dictionaries, the legacy JWT keys while a
 * project still has them. Other names are the project's own secrets.
 */
export type FunctionEnv = {
  SUPABASE_URL: string;
  SUPABASE_PUBLISHABLE_KEYS?: string;
  SUPABASE_SECRET_KEYS?: string;
  SUPABASE_ANON_KEY?: string;
  SUPABASE_SERVICE_ROLE_KEY?: string;
  [name: string]: string | undefined;
};

export type FunctionHandler = (
  request: Request,
  env: FunctionEnv,
) => Promise<Response>;
