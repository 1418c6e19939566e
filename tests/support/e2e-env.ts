// Where the end-to-end server runs. Ports and data differ from `npm start`'s
// so the tests never touch a developer's running site or its data.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readApiKeys, siteSecrets } from "#supabase/local/keys.ts";
import { MAILBOX_PATH } from "#supabase/local/mailbox/pages.ts";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_SUPABASE_PORT = Number(process.env.E2E_SUPABASE_PORT ?? 54391);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The e-mail provider's stand-in (tests/support/mail-stub.ts). */
export const E2E_MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? E2E_PORT + 5);
export const SUPABASE_URL = `http://127.0.0.1:${E2E_SUPABASE_PORT}`;
/** The embedded server's mailbox (tests/support/mailbox.ts reads it). */
export const MAILBOX_URL = `${SUPABASE_URL}${MAILBOX_PATH}`;
// Per port, so two runs at once on one machine each have their own database.
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `.data/e2e-${E2E_PORT}`;
// The keys the server on E2E_DATA_DIR hands out: made there on first use, so
// the specs and the server they start agree (a reset keeps them).
const dataDir = path.resolve(
  fileURLToPath(new URL("../../", import.meta.url)),
  E2E_DATA_DIR,
);
const keys = readApiKeys(dataDir);
/** The publishable key (the anon JWT with LOCAL_SUPABASE_LEGACY_KEYS=1). */
export const SUPABASE_ANON_KEY = keys.publishableKey;
/** The secret key (the service_role JWT with LOCAL_SUPABASE_LEGACY_KEYS=1). */
export const SUPABASE_SERVICE_ROLE_KEY = keys.secretKey;
/** The site's SESSION_SECRET, which the launcher derives from the data directory. */
export const SITE_SECRETS = siteSecrets(dataDir);

/**
 * Where the cookies of a role signed in once for the run are kept
 * (tests/support/sign-in.setup.ts). Signing out revokes that session for
 * every test holding it: a test that signs out signs in itself.
 */
export function storageStateFor(account: string) {
  return path.join(dataDir, "signed-in", `${account}.json`);
}
