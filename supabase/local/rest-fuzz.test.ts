// Fuzzes the REST emulator's query string (select, filters, order, the table
// in the path) over raw HTTP and through supabase-js, with the secret key, the
// most powerful caller. Two canaries say whether anything reached SQL: a
// pg_sleep in any input would hold a request for seconds, and the password
// hashes of auth.users (a table the schema cache does not list) must never
// appear in an answer. Seeded, so a failure replays; bounded in count.
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "./test-support.ts";

const SEED = 20261123;
const RAW_CASES = 300;
const CLIENT_CASES = 100;
// A request that ran one of the injected sleeps would take at least this long.
const SLEEP_SECONDS = 20;
const SLOW_MS = 8_000;
const BCRYPT_HASH = /\$2[aby]\$\d\d\$/;

const LISTED_TABLES = ["blog_posts", "tags", "post_tags", "platform_users"];
const UNLISTED_TABLES = [
  "users",
  "auth.users",
  "auth%2Eusers",
  "%22auth%22.%22users%22",
  "pg_authid",
  "pg_user",
  "pg_catalog.pg_authid",
  "schema_migrations",
  "objects",
  "refresh_tokens",
  `blog_posts;select%20pg_sleep(${SLEEP_SECONDS})`,
  "blog_posts%22%20union%20select%20*%20from%20auth.users--",
];
const SLEEP = `pg_sleep(${SLEEP_SECONDS})`;
const IDENTIFIERS = [
  "id",
  "title",
  "name",
  "created_at",
  '"id"',
  "*",
  "encrypted_password",
  "email",
  SLEEP,
  `(select ${SLEEP})`,
  `id;select ${SLEEP}`,
  `"id"" from auth.users--"`,
  `"id"",(select ${SLEEP}) as ""x"`,
  "id--",
  "id)",
  "'",
  '"',
  "users",
  "auth.users",
  "pg_authid",
  "t0",
  "t0.*",
  "_r",
  "id\u0000",
  "ïd",
];
const CASTS = [
  "text",
  "int",
  "uuid",
  "jsonb",
  '"double precision"',
  "text[]",
  '"text from auth.users"',
  '"text,(select encrypted_password from auth.users limit 1)"',
  `"text;select ${SLEEP}"`,
  '"text as x from auth.users --"',
  // Letters and spaces only, yet SQL: what the old type-name check let through.
  '"text as a from auth.users t0 union select null"',
  '"text as a from auth.users t0 union all select null"',
  "regclass",
  "pg_catalog.text",
  "anyelement",
  '"int where false union select encrypted_password from auth.users"',
];
const OPERATORS = [
  "eq",
  "neq",
  "gt",
  "lte",
  "like",
  "ilike",
  "in",
  "is",
  "not.eq",
  "not.in",
  `eq);select ${SLEEP};--`,
  "fts",
  "cs",
];
const VALUES = [
  "1",
  "x",
  "(1,2)",
  '("a","b")',
  "null",
  "true",
  SLEEP,
  `'||${SLEEP}||'`,
  `1'); select ${SLEEP}; --`,
  '"',
  "*",
  "(",
];
const ORDER_MODIFIERS = [
  "",
  ".asc",
  ".desc",
  ".nullsfirst",
  ".desc.nullslast",
  `.desc;select ${SLEEP}`,
  ".asc nulls first",
  ".using <",
];

/** mulberry32: a small seeded generator, so a failing case can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generator(seed: number) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) =>
    list[Math.floor(next() * list.length)] as T;
  const selectItem = (): string => {
    const roll = next();
    if (roll < 0.3) return pick(IDENTIFIERS);
    if (roll < 0.6) return `${pick(IDENTIFIERS)}::${pick(CASTS)}`;
    if (roll < 0.75) return `${pick(IDENTIFIERS)}:${pick(IDENTIFIERS)}`;
    return `${pick(IDENTIFIERS)}(${pick(IDENTIFIERS)})`;
  };
  return {
    pick,
    next,
    select: () =>
      Array.from({ length: 1 + Math.floor(next() * 3) }, selectItem).join(","),
    filter: () =>
      [pick(IDENTIFIERS), `${pick(OPERATORS)}.${pick(VALUES)}`] as const,
    order: () => `${pick(IDENTIFIERS)}${pick(ORDER_MODIFIERS)}`,
  };
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

function expectNoLeak(label: string, status: number, body: string, ms: number) {
  expect(ms, `${label} took ${ms} ms: did a sleep run?`).toBeLessThan(SLOW_MS);
  expect(body, `${label} answered a password hash`).not.toMatch(BCRYPT_HASH);
  expect(
    status >= 500 && status !== 501,
    `${label} answered ${status}: ${body.slice(0, 200)}`,
  ).toBe(false);
}

describe("the REST query string runs no SQL of the caller's", () => {
  test.each([
    'encrypted_password::"text as a from auth.users t0 union select null"',
    'x:encrypted_password::"text as a from auth.users t0 union all select null"',
    'id,encrypted_password::"text as a from auth.users t0 union select null"',
    'oid::"text as a from pg_authid t0 union select null"',
  ])("a known injection shape is refused: select=%s", async (select) => {
    const started = performance.now();
    const response = await fetch(
      `${server.url}/rest/v1/tags?${new URLSearchParams({ select })}`,
      { headers: { apikey: server.secretKey } },
    );
    const body = await response.text();
    expectNoLeak(select, response.status, body, performance.now() - started);
    expect(response.status).toBe(400);
  });

  test("a table the schema cache does not list is 404 or 400, never read", async () => {
    for (const table of UNLISTED_TABLES) {
      const started = performance.now();
      const response = await fetch(`${server.url}/rest/v1/${table}?select=*`, {
        headers: { apikey: server.secretKey },
      });
      const body = await response.text();
      expectNoLeak(table, response.status, body, performance.now() - started);
      expect([400, 404], `${table}: ${body}`).toContain(response.status);
    }
  });

  test(`${RAW_CASES} random select, filter and order strings over raw HTTP`, async () => {
    const gen = generator(SEED);
    for (let i = 0; i < RAW_CASES; i++) {
      const params = new URLSearchParams();
      if (gen.next() < 0.9) params.set("select", gen.select());
      for (let f = Math.floor(gen.next() * 3); f > 0; f--)
        params.append(...gen.filter());
      if (gen.next() < 0.5) params.set("order", gen.order());
      const path = `${gen.pick(LISTED_TABLES)}?${params}`;
      const started = performance.now();
      const response = await fetch(`${server.url}/rest/v1/${path}`, {
        headers: { apikey: server.secretKey },
      });
      const body = await response.text();
      expectNoLeak(
        `case ${i} ${path}`,
        response.status,
        body,
        performance.now() - started,
      );
    }
  });

  test(`${CLIENT_CASES} random queries through supabase-js`, async () => {
    const client = createClient(server.url, server.secretKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const gen = generator(SEED + 1);
    for (let i = 0; i < CLIENT_CASES; i++) {
      const table = gen.pick(LISTED_TABLES);
      const select = gen.select();
      const [column, filter] = gen.filter();
      const order = gen.pick(IDENTIFIERS);
      const started = performance.now();
      const { data, error, status } = await client
        .from(table)
        .select(select)
        .filter(column, "eq", filter)
        .order(order, { ascending: gen.next() < 0.5 });
      expectNoLeak(
        `client case ${i} ${table} select=${select} ${column}=${filter} order=${order}`,
        status,
        JSON.stringify({ data, error }),
        performance.now() - started,
      );
    }
  });

  test("the server still answers plain queries afterwards", async () => {
    const response = await fetch(`${server.url}/rest/v1/tags?select=name`, {
      headers: { apikey: server.publishableKey },
    });
    expect(response.status).toBe(200);
  });
});
