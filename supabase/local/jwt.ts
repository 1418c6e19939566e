import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { errors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { RequestRole } from "./database.ts";
import type { KeyMaterial } from "./keys.ts";

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
  /** The public keys, as GoTrue serves them at /auth/v1/.well-known/jwks.json. */
  jwks: { keys: Record<string, unknown>[] };
};

/**
 * Signs user tokens as a hosted project does: ES256 with a published key by
 * default; HS256 with the project's own secret in legacy mode. Only the one
 * algorithm and key in use verify, so a token made with any other secret
 * (the CLI's public demo secret above all) is refused.
 */
export function createJwtTools(material: KeyMaterial, legacy: boolean) {
  return legacy
    ? symmetricTools(new TextEncoder().encode(material.jwtSecret))
    : asymmetricTools(material.signingKey);
}

function symmetricTools(secret: Uint8Array): JwtTools {
  return {
    sign: (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .sign(secret),
    verify: (token) => verifyWith(token, secret, "HS256"),
    // GoTrue publishes no key while it signs with a shared secret.
    jwks: { keys: [] },
  };
}

function asymmetricTools(jwk: KeyMaterial["signingKey"]): JwtTools {
  const { kid, ...keyJwk } = jwk;
  const privateKey = createPrivateKey({ key: keyJwk, format: "jwk" });
  const publicKey = createPublicKey(privateKey);
  const { kty, crv, x, y } = publicKey.export({ format: "jwk" });
  return {
    sign: (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "ES256", typ: "JWT", kid })
        .sign(privateKey),
    verify: (token) => verifyWith(token, publicKey, "ES256"),
    jwks: {
      keys: [
        {
          alg: "ES256",
          crv,
          ext: true,
          key_ops: ["verify"],
          kid,
          kty,
          use: "sig",
          x,
          y,
        },
      ],
    },
  };
}

async function verifyWith(
  token: string,
  key: Uint8Array | KeyObject,
  algorithm: "HS256" | "ES256",
): ReturnType<JwtTools["verify"]> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [algorithm],
    });
    return { ok: true, claims: payload as Claims };
  } catch (error) {
    return { ok: false, expired: error instanceof errors.JWTExpired };
  }
}

export function isRequestRole(role: unknown): role is RequestRole {
  return role === "anon" || role === "authenticated" || role === "service_role";
}

export function bearerToken(request: Request) {
  const header = request.headers.get("authorization");
  const match = header?.match(/^bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}
