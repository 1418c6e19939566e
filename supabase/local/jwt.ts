import { errors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { RequestRole } from "./database.ts";

export type Claims = JWTPayload & {
  role?: string;
  session_id?: string;
  email?: string;
};

export type JwtTools = {
  sign(claims: Claims): Promise<string>;
  /** Resolves the verified claims, or a reason the token was refused. */
  verify(
    token: string,
  ): Promise<{ ok: true; claims: Claims } | { ok: false; expired: boolean }>;
};

export function createJwtTools(secret: string): JwtTools {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
        });
        return { ok: true, claims: payload as Claims };
      } catch (error) {
        return { ok: false, expired: error instanceof errors.JWTExpired };
      }
    },
  };
}

export function isRequestRole(role: unknown): role is RequestRole {
  return role === "anon" || role === "authenticated" || role === "service_role";
}

export function bearerToken(request: Request) {
  const header = request.headers.get("authorization");
  const match = header?.match(/^bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}
