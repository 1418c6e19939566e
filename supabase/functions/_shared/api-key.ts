import type { FunctionEnv } from "./handler-types.ts";

/** The values of a `{"name": "key"}` dictionary the platform injects; none when unset or malformed. */
function keysOf(dictionary: string | undefined): string[] {
  if (!dictionary) return [];
  try {
    const parsed: unknown = JSON.parse(dictionary);
    if (!parsed || typeof parsed !== "object") return [];
    return Object.values(parsed).filter(
      (key): key is string => typeof key === "string" && key.length > 0,
    );
  } catch {
    return [];
  }
}

/** The key the function itself calls the REST and Storage APIs with: the secret key, else the legacy service_role key. */
export function secretKey(env: FunctionEnv): string {
  const key =
    keysOf(env.SUPABASE_SECRET_KEYS)[0] ?? env.SUPABASE_SERVICE_ROLE_KEY;
  if (!key)
    throw new Error(
      "Neither SUPABASE_SECRET_KEYS nor SUPABASE_SERVICE_ROLE_KEY is set",
    );
  return key;
}

/**
 * The headers for a call with `key`: an `sb_` key goes in `apikey` only (it is
 * not a JWT), a legacy key also as the Bearer token, as supabase-js sends them.
 */
export function keyHeaders(key: string): Record<string, string> {
  return key.startsWith("sb_")
    ? { apikey: key }
    : { apikey: key, Authorization: `Bearer ${key}` };
}

function sameKey(a: string, b: string) {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < left.length; i++)
    difference |= left[i]! ^ (right[i % right.length] ?? 0);
  return difference === 0;
}

/**
 * Which of the project's keys a call presents: a secret one (the app server,
 * a schedule), a public one (anyone: the publishable key is in every
 * browser that could load the site's config), or none of them. With
 * `verify_jwt = false` (sb_ keys are not JWTs, and supabase-js sends them
 * only as `apikey`) the function itself checks it, as the CLI's
 * `--auth-mode apikey` template does; legacy anon and service_role keys count
 * while a project still has them.
 */
export function presentedKey(
  request: Request,
  env: FunctionEnv,
): "secret" | "public" | null {
  const presented = request.headers.get("apikey");
  if (!presented) return null;
  const matches = (keys: (string | undefined)[]) =>
    keys.some((key) => !!key && sameKey(presented, key));
  if (
    matches([
      ...keysOf(env.SUPABASE_SECRET_KEYS),
      env.SUPABASE_SERVICE_ROLE_KEY,
    ])
  )
    return "secret";
  if (
    matches([...keysOf(env.SUPABASE_PUBLISHABLE_KEYS), env.SUPABASE_ANON_KEY])
  )
    return "public";
  return null;
}
