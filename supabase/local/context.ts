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
  /**
   * The project's HS256 JWT secret. Storage signs and checks signed-URL tokens
   * with it whatever signs user tokens (Storage's urlSigningKey).
   */
  jwtSecret: string;
  log: (message: string) => void;
  /** How long a rotated refresh token may still be presented (GoTrue: 10 s). */
  refreshReuseIntervalMs: number;
  /** GoTrue's SITE_URL: where an e-mail link leads when no allowed redirect is asked for. */
  siteUrl: string;
  /** GoTrue's URI_ALLOW_LIST: glob patterns of further redirects allowed. */
  redirectUrls: readonly string[];
  /** GoTrue's MAILER_OTP_EXP: how long an e-mailed link or code is good for. */
  otpExpirySeconds: number;
  /** Where Auth's e-mails go: the embedded server's mailbox. */
  sendMail: (mail: AuthMail) => void;
};

export type AuthMail = { to: string; subject: string; html: string };

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GoTrue's rule for a user's token: it is good only while the session its
 * `session_id` names is still there (sign-out deletes it) and not past `not_after`.
 */
export async function hasLiveSession(db: Database, claims: Claims) {
  const { sub, session_id: sessionId } = claims;
  if (typeof sub !== "string" || typeof sessionId !== "string") return false;
  if (!UUID.test(sub) || !UUID.test(sessionId)) return false;
  const found = await db.admin((tx) =>
    tx.query(
      `select 1 from auth.sessions
       where id = $1 and user_id = $2 and (not_after is null or not_after > now())`,
      [sessionId, sub],
    ),
  );
  return found.rows.length > 0;
}

export function notSupported(what: string) {
  return json(501, {
    code: "not_supported_locally",
    message: `${what} is not supported by the local Supabase server (supabase/local); see supabase/local/README.md`,
  });
}
