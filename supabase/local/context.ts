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
  /** sb_publishable_… (anon), or the legacy anon JWT. */
  publishableKey: string;
  /** sb_secret_… (service_role), or the legacy service_role JWT. */
  secretKey: string;
  legacyKeys: boolean;
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
