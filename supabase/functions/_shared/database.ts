import { keyHeaders, secretKey } from "./api-key.ts";
import type { FunctionEnv } from "./handler-types.ts";

// Plain fetch against the REST and Storage APIs with the secret key: no
// client library, so the same module runs on Deno and on Node.

const serviceHeaders = (env: FunctionEnv) => keyHeaders(secretKey(env));

const TIMEOUT_MS = 5_000;

const objectPath = (bucket: string, name: string) =>
  `${encodeURIComponent(bucket)}/${name.split("/").map(encodeURIComponent).join("/")}`;

/**
 * Inserts one submission unless its submission_key is stored already (a
 * double click, a reload that posts again): the id of the new row, or null
 * for a duplicate. Throws when the database refused it.
 */
export async function insertSubmission(
  env: FunctionEnv,
  table: "contact_messages" | "job_applications",
  row: Record<string, unknown> & { submission_key: string },
): Promise<string | null> {
  const response = await fetch(
    `${env.SUPABASE_URL}/rest/v1/${table}?on_conflict=submission_key&select=id`,
    {
      method: "POST",
      headers: {
        ...serviceHeaders(env),
        "Content-Type": "application/json",
        "Content-Profile": "public",
        Prefer: "return=representation,resolution=ignore-duplicates",
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
  const rows = (await response.json()) as { id: string }[];
  return rows[0]?.id ?? null;
}

/**
 * The given columns of the row stored under a submission key, or null when
 * there is none. Throws when the database could not be read.
 */
export async function findSubmission<Column extends string>(
  env: FunctionEnv,
  table: "contact_messages" | "job_applications",
  submissionKey: string,
  columns: readonly Column[],
): Promise<Record<Column, unknown> | null> {
  const rows = await selectRows<Record<Column, unknown>>(env, table, {
    select: columns.join(","),
    submission_key: `eq.${submissionKey}`,
  });
  return rows[0] ?? null;
}

/** The rows of `table` a REST query selects, read with the secret key. */
async function selectRows<Row>(
  env: FunctionEnv,
  table: string,
  query: Record<string, string>,
): Promise<Row[]> {
  const response = await fetch(
    `${env.SUPABASE_URL}/rest/v1/${table}?${new URLSearchParams(query)}`,
    {
      headers: { ...serviceHeaders(env), "Accept-Profile": "public" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  if (!response.ok)
    throw new Error(`reading ${table} failed: ${response.status}`);
  return (await response.json()) as Row[];
}

/** Calls a database function with the secret key; throws when it failed. */
export async function callRpc<T = unknown>(
  env: FunctionEnv,
  name: string,
  args: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/${name}`, {
    method: "POST",
    headers: {
      ...serviceHeaders(env),
      "Content-Type": "application/json",
      "Content-Profile": "public",
    },
    body: JSON.stringify(args),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) {
    throw new Error(
      `${name} failed: ${response.status} ${await response.text()}`,
    );
  }
  return (await response.json()) as T;
}

/** Whether any row of `table` has `column` equal to `value`. */
export async function rowExists(
  env: FunctionEnv,
  table: string,
  column: string,
  value: string,
) {
  const rows = await selectRows(env, table, {
    select: "id",
    [column]: `eq.${value}`,
    limit: "1",
  });
  return rows.length > 0;
}

export type StoredObject = { id: string; createdAt: Date };

/**
 * A top-level object of a bucket as Storage lists it (its id is the UUID the
 * upload answered with), or null when there is none by that exact name.
 */
export async function findObject(
  env: FunctionEnv,
  bucket: string,
  name: string,
): Promise<StoredObject | null> {
  const response = await fetch(
    `${env.SUPABASE_URL}/storage/v1/object/list/${encodeURIComponent(bucket)}`,
    {
      method: "POST",
      headers: { ...serviceHeaders(env), "Content-Type": "application/json" },
      body: JSON.stringify({ prefix: "", search: name, limit: 100 }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  if (!response.ok)
    throw new Error(`listing ${bucket} failed: ${response.status}`);
  const entries = (await response.json()) as {
    name: string;
    id: string | null;
    created_at: string | null;
  }[];
  const entry = entries.find((candidate) => candidate.name === name);
  return entry?.id && entry.created_at
    ? { id: entry.id, createdAt: new Date(entry.created_at) }
    : null;
}

/** An object's bytes, read with the secret key (private buckets included). */
export async function readObject(
  env: FunctionEnv,
  bucket: string,
  name: string,
) {
  const response = await fetch(
    `${env.SUPABASE_URL}/storage/v1/object/authenticated/${objectPath(bucket, name)}`,
    { headers: serviceHeaders(env), signal: AbortSignal.timeout(TIMEOUT_MS) },
  );
  if (!response.ok)
    throw new Error(`reading ${bucket}/${name} failed: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
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
