// The platform schema refuses what a hosted project refuses: migrations (which
// run as postgres there) may manage policies on the storage tables but not
// change the tables themselves, and no SQL deletes from them directly.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { startLocalSupabase, type LocalSupabase } from "./server.ts";
import { platformOnlyCluster } from "./test-support.ts";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "supabase-local-platform-"));
});

// Each test migrates a cluster of its own (a copy of one with the platform
// schema alone) with one fixture migration. The timeout only catches a hang:
// how long a start takes is the machine's.
const BUILDS_OWN_CLUSTER = { timeout: 10 * 60_000 };

// A test that fails halfway still stops its server, and each test's
// directory goes with it, so nothing is left writing into a removed one.
let running: LocalSupabase | undefined;
const dirs: string[] = [];

afterEach(async () => {
  await running?.stop();
  running = undefined;
  for (const dir of dirs.splice(0))
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true, maxRetries: 5 });
});

/** Starts a server on a fresh cluster with one migration (no seed) and stops it. */
async function migrate(name: string, sql: string) {
  const migrationsDir = path.join(root, name, "migrations");
  const dataDir = path.join(root, name, "data");
  dirs.push(path.join(root, name));
  await mkdir(migrationsDir, { recursive: true });
  await writeFile(path.join(migrationsDir, `20260101000000_${name}.sql`), sql);
  await platformOnlyCluster(dataDir);
  running = await startLocalSupabase({
    port: 0,
    dataDir,
    migrationsDir,
    seedFile: null,
    templateCache: false,
  });
  await running.stop();
}

test(
  "a migration may create, alter and drop policies on storage.objects",
  BUILDS_OWN_CLUSTER,
  async () => {
    await expect(
      migrate(
        "policies",
        `create policy "p" on storage.objects for select to authenticated using (bucket_id = 'b');
       alter policy "p" on storage.objects using (bucket_id = 'c');
       drop policy "p" on storage.objects;
       create policy "q" on storage.buckets for select to anon using (public);`,
      ),
    ).resolves.toBeUndefined();
  },
);

test.each([
  ["rls", "alter table storage.objects enable row level security;"],
  [
    "comment",
    `create policy "p" on storage.objects for select using (true);
     comment on policy "p" on storage.objects is 'why';`,
  ],
  [
    "trigger",
    `create function public.touch() returns trigger language plpgsql as $$ begin return new; end $$;
     create trigger touch before update on storage.objects for each row execute function public.touch();`,
  ],
  ["grant", "revoke all on storage.buckets from anon;"],
  ["column", "alter table storage.objects add column note text;"],
])(
  "a migration changing the storage tables themselves (%s) fails as on hosted",
  BUILDS_OWN_CLUSTER,
  async (name, sql) => {
    await expect(migrate(name, sql)).rejects.toThrow(
      /must be owner of table objects/,
    );
  },
);

test(
  "a direct SQL delete from storage.objects is refused, as storage.protect_delete does",
  BUILDS_OWN_CLUSTER,
  async () => {
    await expect(
      migrate(
        "delete",
        "delete from storage.objects where bucket_id = 'none';",
      ),
    ).rejects.toThrow(/Direct deletion from storage tables is not allowed/);
  },
);
