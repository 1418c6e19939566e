import type { FunctionEnv } from "./handler-types.ts";

// Plain fetch against the REST and Storage APIs with the service role: no
// client library, so the same module runs on Deno and on Node.

function serviceHeaders(env: FunctionEnv): Record<string, string> {
  return {
    apikey: env.SUPABASE_SERVICE_ROLE_KEY,
    Authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`,
  };
}

const TIMEOUT_MS = 5_000;

/** Inserts one row and returns its id; throws when the database refused it. */
export async function insertRow(
  env: FunctionEnv,
  table: string,
  row: Record<string, unknown>,
): Promise<string> {
  const response = await fetch(
    `${env.SUPABASE_URL}/rest/v1/${table}?select=id`,
    {
      method: "POST",
      headers: {
        ...serviceHeaders(env),
        "Content-Type": "application/json",
        "Content-Profile": "public",
        Accept: "application/vnd.pgrst.object+json",
        Prefer: "return=representation",
      },
      body: JSON.stringify(row),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  if (!response.ok) {
    throw new Error(
      `insert into ${table} failed: ${response.status} ${await response.text()}`,
    );
  }
  const { id } = (await response.json()) as { id: string };
  return id;
}

/** Whether an object exists in a bucket, checked with the service role (private buckets included). */
export async function objectExists(
  env: FunctionEnv,
  bucket: string,
  name: string,
) {
  const path = `${encodeURIComponent(bucket)}/${name.split("/").map(encodeURIComponent).join("/")}`;
  const response = await fetch(
    `${env.SUPABASE_URL}/storage/v1/object/authenticated/${path}`,
    {
      method: "HEAD",
      headers: serviceHeaders(env),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  if (response.ok) return true;
  if (response.status === 400 || response.status === 404) return false;
  throw new Error(`checking ${bucket}/${name} failed: ${response.status}`);
}

/** Removes an object; a missing one counts as removed. */
export async function removeObject(
  env: FunctionEnv,
  bucket: string,
  name: string,
) {
  const response = await fetch(
    `${env.SUPABASE_URL}/storage/v1/object/${encodeURIComponent(bucket)}`,
    {
      method: "DELETE",
      headers: { ...serviceHeaders(env), "Content-Type": "application/json" },
      body: JSON.stringify({ prefixes: [name] }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  if (!response.ok)
    throw new Error(`removing ${bucket}/${name} failed: ${response.status}`);
}
