// Where the end-to-end server runs. Ports and data differ from `npm start`'s
// so the tests never touch a developer's running site or its data.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readApiKeys } from "#supabase/local/keys.ts";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_SUPABASE_PORT = Number(process.env.E2E_SUPABASE_PORT ?? 54391);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The e-mail provider's stand-in (tests/support/mail-stub.ts). */
export const E2E_MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? E2E_PORT + 5);
export const SUPABASE_URL = `http://127.0.0.1:${E2E_SUPABASE_PORT}`;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
// The keys the server on E2E_DATA_DIR hands out: made there on first use, so
// the specs and the server they start agree (a reset keeps them).
const keys = readApiKeys(
  path.resolve(fileURLToPath(new URL("../../", import.meta.url)), E2E_DATA_DIR),
);
/** The publishable key (the anon JWT with LOCAL_SUPABASE_LEGACY_KEYS=1). */
export const SUPABASE_ANON_KEY = keys.publishableKey;
/** The secret key (the service_role JWT with LOCAL_SUPABASE_LEGACY_KEYS=1). */
export const SUPABASE_SERVICE_ROLE_KEY = keys.secretKey;
