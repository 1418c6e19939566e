import { createHmac } from "node:crypto";

// The Supabase CLI's documented local JWT secret: anyone can sign with it, so
// tests use it to prove that no server of ours accepts what it signs.
export const PUBLIC_DEMO_SECRET =
  "super-secret-jwt-token-with-at-least-32-characters-long";

/** An HS256 token signed with the public demo secret (or `secret`). */
export function forgeToken(
  claims: Record<string, unknown>,
  secret = PUBLIC_DEMO_SECRET,
) {
  const encode = (value: unknown) =>
    Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}
