// Where the end-to-end server runs. Ports and data differ from `npm start`'s
// so the tests never touch a developer's running site or its data.
import {
  LOCAL_ANON_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from "#supabase/local/keys.ts";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_SUPABASE_PORT = Number(process.env.E2E_SUPABASE_PORT ?? 54391);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const SUPABASE_URL = `http://127.0.0.1:${E2E_SUPABASE_PORT}`;
export const SUPABASE_ANON_KEY = LOCAL_ANON_KEY;
export const SUPABASE_SERVICE_ROLE_KEY = LOCAL_SERVICE_ROLE_KEY;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
