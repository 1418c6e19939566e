import {
  createHash,
  createHmac,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  randomUUID,
  type JsonWebKey,
} from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createOnce } from "./create-once.ts";

/**
 * Everything that signs or opens this data directory's project, made once on
 * its first start and kept beside the cluster (never in the template cache):
 * two data directories never share a key, and none is a public constant.
 */
export type KeyMaterial = {
  /** HS256 secret: legacy mode's user tokens and anon/service_role keys. */
  jwtSecret: string;
  /** ES256 private key (JWK, with its kid) that signs user tokens by default. */
  signingKey: JsonWebKey & { kid: string };
  publishableKey: string;
  secretKey: string;
  anonKey: string;
  serviceRoleKey: string;
};

/** The two API keys a project hands out in one mode. */
export type ApiKeys = {
  legacy: boolean;
  /** sb_publishable_… (legacy mode: the anon JWT). */
  publishableKey: string;
  /** sb_secret_… (legacy mode: the service_role JWT). */
  secretKey: string;
};

const KEYS_FILE = "keys.json";

/** Legacy HS256 keys on `LOCAL_SUPABASE_LEGACY_KEYS=1`, else the new sb_ keys. */
export function legacyKeysFromEnv() {
  return process.env.LOCAL_SUPABASE_LEGACY_KEYS === "1";
}

// Hosted keys read `sb_<kind>_<22 random>_<8 checksum>`; the checksum lets a
// typo be told from a revoked key without a lookup.
function apiKey(kind: "publishable" | "secret") {
  const random = randomBytes(16).toString("base64url");
  const checksum = createHash("sha256")
    .update(`sb_${kind}_${random}`)
    .digest("base64url")
    .slice(0, 8);
  return `sb_${kind}_${random}_${checksum}`;
}

function signLegacyKey(secret: string, role: "anon" | "service_role") {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) =>
    Buffer.from(JSON.stringify(value)).toString("base64url");
  const header = encode({ alg: "HS256", typ: "JWT" });
  // As a hosted project's legacy keys: ten years, no subject.
  const payload = encode({
    iss: "supabase",
    ref: "local",
    role,
    iat: now,
    exp: now + 10 * 365 * 24 * 3600,
  });
  const signature = createHmac("sha256", secret)
    .update(`${header}.${payload}`)
    .digest("base64url");
  return `${header}.${payload}.${signature}`;
}

function generateKeyMaterial(): KeyMaterial {
  const jwtSecret = randomBytes(48).toString("base64url");
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return {
    jwtSecret,
    signingKey: { ...privateKey.export({ format: "jwk" }), kid: randomUUID() },
    publishableKey: apiKey("publishable"),
    secretKey: apiKey("secret"),
    anonKey: signLegacyKey(jwtSecret, "anon"),
    serviceRoleKey: signLegacyKey(jwtSecret, "service_role"),
  };
}

/**
 * The data directory's key material, made on first use. Synchronous so the
 * end-to-end specs can read the keys of the server they are about to start;
 * made in a side file and linked into place, so concurrent first starts agree.
 */
export function loadKeyMaterial(dataDir: string): KeyMaterial {
  const file = path.join(dataDir, KEYS_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    createOnce(file, JSON.stringify(generateKeyMaterial(), null, 2), 0o600);
  }
  return JSON.parse(readFileSync(file, "utf8")) as KeyMaterial;
}

export function apiKeys(material: KeyMaterial, legacy: boolean): ApiKeys {
  return legacy
    ? {
        legacy,
        publishableKey: material.anonKey,
        secretKey: material.serviceRoleKey,
      }
    : {
        legacy,
        publishableKey: material.publishableKey,
        secretKey: material.secretKey,
      };
}

/** The API keys a server on `dataDir` hands out (made now if it never ran). */
export function readApiKeys(dataDir: string, legacy = legacyKeysFromEnv()) {
  return apiKeys(loadKeyMaterial(dataDir), legacy);
}

/**
 * The site's own secret for a run on the embedded server (SESSION_SECRET signs
 * its cookies): derived under a label from the data directory's random JWT
 * secret, so each directory has its own, a restart keeps it, every machine of
 * one local run shares it, and it is written nowhere a reader of the source
 * could find it.
 */
export function siteSecrets(dataDir: string) {
  const { jwtSecret } = loadKeyMaterial(dataDir);
  const derive = (label: string) =>
    Buffer.from(hkdfSync("sha256", jwtSecret, "", label, 32)).toString(
      "base64url",
    );
  return {
    SESSION_SECRET: derive("site session secret"),
  };
}
