// Boot behaviour of the embedded server with a migration fixture of its own:
// migrations are tracked (a warm restart applies only new files), the seed
// runs on a fresh database only, and the startup guards refuse unsafe setups.
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { startLocalSupabase, type LocalSupabase } from "./server.ts";
import { platformOnlyCluster } from "./test-support.ts";

let root: string;
let dataDir: string;
let migrationsDir: string;
let seedFile: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "supabase-local-lifecycle-"));
  dataDir = path.join(root, "data");
  migrationsDir = path.join(root, "migrations");
  seedFile = path.join(root, "seed.sql");
  await mkdir(migrationsDir);
  await writeFile(
    path.join(migrationsDir, "20260101000000_notes.sql"),
    `create table public.notes (id int primary key, body text not null);
     alter table public.notes enable row level security;
     create policy "anyone reads notes" on public.notes for select to anon using (true);`,
  );
  await writeFile(
    seedFile,
    `insert into public.notes (id, body) values (1, 'seeded');`,
  );
});

// These tests migrate clusters of their own with fixture migrations (each
// starting from a copy of one with the platform schema alone, see
// platformOnlyCluster), or start the launcher in a process of its own. Their timeout only catches a hang: how long a build or a start
// takes is the machine's, not something these tests check.
const HANG_GUARD_ONLY = { timeout: 10 * 60_000 };

// A test that fails halfway still stops its servers, before their data
// directories are removed.
const running = new Set<LocalSupabase>();

async function started(server: Promise<LocalSupabase>) {
  const value = await server;
  running.add(value);
  return value;
}

afterEach(async () => {
  for (const server of running) await server.stop();
  running.clear();
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true, maxRetries: 5 });
});

// The fixture must not evict the project's cached snapshots.
const start = (extra: { reset?: boolean } = {}) =>
  started(
    startLocalSupabase({
      port: 0,
      dataDir,
      migrationsDir,
      seedFile,
      templateCache: false,
      ...extra,
    }),
  );

async function notes(server: LocalSupabase, columns = "id, body") {
  const client = createClient(server.url, server.publishableKey, {
    auth: { persistSession: false },
  });
  return client.from("notes").select(columns).order("id");
}

test(
  "migrations apply once, in order; the seed runs on a fresh database only",
  HANG_GUARD_ONLY,
  async () => {
    await platformOnlyCluster(dataDir);
    const first = await start();
    expect((await notes(first)).data).toEqual([{ id: 1, body: "seeded" }]);
    const service = createClient(first.url, first.secretKey, {
      auth: { persistSession: false },
    });
    expect(
      (await service.from("notes").insert({ id: 2, body: "added" })).error,
    ).toBeNull();
    await first.stop();

    await writeFile(
      path.join(migrationsDir, "20260102000000_notes_extra.sql"),
      `alter table public.notes add column extra text not null default 'x';`,
    );
    const warm = await start();
    const afterRestart = await notes(warm, "id, extra");
    expect(afterRestart.error).toBeNull();
    expect(afterRestart.data).toEqual([
      { id: 1, extra: "x" },
      { id: 2, extra: "x" },
    ]);
    await warm.stop();

    const reset = await start({ reset: true });
    expect((await notes(reset, "id, extra")).data).toEqual([
      { id: 1, extra: "x" },
    ]);
    await reset.stop();
  },
);

test(
  "a failing migration stops the start; once fixed, migrations and seed complete",
  HANG_GUARD_ONLY,
  async () => {
    const brokenDir = path.join(root, "broken");
    const brokenData = path.join(root, "broken-data");
    const brokenSeed = path.join(root, "broken-seed.sql");
    await mkdir(brokenDir);
    const file = path.join(brokenDir, "20260101000000_items.sql");
    await writeFile(file, "create table public.items (");
    await writeFile(brokenSeed, "insert into public.items (id) values (7);");
    const options = {
      port: 0,
      dataDir: brokenData,
      migrationsDir: brokenDir,
      seedFile: brokenSeed,
      templateCache: false,
    };
    await platformOnlyCluster(brokenData);
    await expect(startLocalSupabase(options)).rejects.toThrow(
      /20260101000000_items\.sql/,
    );

    await writeFile(
      file,
      `create table public.items (id int primary key);
     grant select on public.items to anon;`,
    );
    const fixed = await started(startLocalSupabase(options));
    const client = createClient(fixed.url, fixed.publishableKey, {
      auth: { persistSession: false },
    });
    expect((await client.from("items").select("id")).data).toEqual([{ id: 7 }]);
    await fixed.stop();
  },
);

test(
  "refuses NODE_ENV=production without the demo flag, and non-loopback hosts",
  HANG_GUARD_ONLY,
  async () => {
    const saved = {
      node: process.env.NODE_ENV,
      flag: process.env.ALLOW_EMBEDDED_SUPABASE,
    };
    try {
      process.env.NODE_ENV = "production";
      delete process.env.ALLOW_EMBEDDED_SUPABASE;
      await expect(start()).rejects.toThrow(/NODE_ENV=production/);
    } finally {
      process.env.NODE_ENV = saved.node;
      if (saved.flag === undefined) delete process.env.ALLOW_EMBEDDED_SUPABASE;
      else process.env.ALLOW_EMBEDDED_SUPABASE = saved.flag;
    }
    await expect(
      startLocalSupabase({ host: "0.0.0.0", dataDir }),
    ).rejects.toThrow(/loopback/);
  },
);

test(
  "npm start on the embedded backend refuses a non-loopback HOST unless LOCAL_SUPABASE_ALLOW_REMOTE=1",
  HANG_GUARD_ONLY,
  () => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: "0.0.0.0" };
    delete env.SUPABASE_URL;
    delete env.LOCAL_SUPABASE_ALLOW_REMOTE;
    const result = spawnSync(
      process.execPath,
      [fileURLToPath(new URL("./run-site.ts", import.meta.url))],
      // Only a hang guard: starting Node and the launcher takes what the machine takes.
      { env, encoding: "utf8", timeout: 5 * 60_000 },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /Refusing to serve the site on HOST=0\.0\.0\.0 with the embedded Supabase/,
    );
    expect(result.stdout).not.toMatch(/Embedded Supabase:/);
  },
);
