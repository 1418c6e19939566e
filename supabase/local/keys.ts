import { createHmac } from "node:crypto";

// The Supabase CLI's well-known local secret and keys: public knowledge, so
// they are safe to commit, and tests can compute them without starting a server.
// Never use them for a deployment that holds real data.
export const LOCAL_JWT_SECRET =
  "super-secret-jwt-token-with-at-least-32-characters-long";

const LOCAL_KEY_ISSUER = "supabase-demo";
const LOCAL_KEY_EXPIRY = 1983812996;

function base64url(input: string | Buffer) {
  return Buffer.from(input).toString("base64url");
}

function signLocalKey(role: "anon" | "service_role") {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(
    JSON.stringify({ iss: LOCAL_KEY_ISSUER, role, exp: LOCAL_KEY_EXPIRY }),
  );
  const signature = createHmac("sha256", LOCAL_JWT_SECRET)
    .update(`${header}.${payload}`)
    .digest("base64url");
  return `${header}.${payload}.${signature}`;
}

export const LOCAL_ANON_KEY = signLocalKey("anon");
export const LOCAL_SERVICE_ROLE_KEY = signLocalKey("service_role");
