import type { Database, RequestRole } from "./database.ts";
import type { Claims, JwtTools } from "./jwt.ts";
import { json } from "./http.ts";

export type ServerContext = {
  db: Database;
  jwt: JwtTools;
  /** The externally visible base URL, e.g. http://127.0.0.1:54321. */
  url: string;
  dataDir: string;
  functionsDir: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The key browsers and the app send as `apikey` (sb_publishable_… on hosted projects). */
  publishableKey: string;
  /** The server-only key that bypasses RLS (sb_secret_… on hosted projects). */
  secretKey: string;
  log: (message: string) => void;
  /** How long a rotated refresh token may still be presented (GoTrue: 10 s). */
  refreshReuseIntervalMs: number;
};

/** Who is calling, after the apikey and bearer token were verified. */
export type Caller = {
  role: RequestRole;
  claims: Claims;
  userId: string | null;
};

export function callerFromClaims(role: RequestRole, claims: Claims): Caller {
  const userId =
    role === "authenticated" && typeof claims.sub === "string"
      ? claims.sub
      : null;
  return { role, claims, userId };
}

export function notSupported(what: string) {
  return json(501, {
    code: "not_supported_locally",
    message: `${what} is not supported by the local Supabase server (supabase/local); see supabase/local/README.md`,
  });
}
