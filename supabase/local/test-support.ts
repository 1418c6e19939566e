import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, inject } from "vitest";
import {
  clusterDir,
  openDatabase,
  type Database,
  type Transaction,
} from "./database.ts";
import { DEMO_ACCOUNTS, demoPassword } from "./demo-accounts.ts";
import {
  startLocalSupabase,
  type LocalSupabase,
  type LocalSupabaseOptions,
} from "./server.ts";

export const DEMO = DEMO_ACCOUNTS;

export type TestServer = LocalSupabase & {
  dataDir: string;
  anon(): SupabaseClient;
  service(): SupabaseClient;
  signedIn(account: keyof typeof DEMO): Promise<SupabaseClient>;
  close(): Promise<void>;
};

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
};

/**
 * One embedded server on a free port with a throwaway data directory, per test
 * file; or on `existingDataDir` to restart on one.
 */
export async function startTestServer(
  options: LocalSupabaseOptions = {},
  existingDataDir?: string,
): Promise<TestServer> {
  const dataDir =
    existingDataDir ??
    (await mkdtemp(path.join(tmpdir(), "supabase-local-test-")));
  // A test that wants a schedule asks for it (notificationIntervalMs,
  // analyticsIntervalMs, retentionIntervalMs).
  const server = await startLocalSupabase({
    port: 0,
    dataDir,
    notificationIntervalMs: null,
    analyticsIntervalMs: null,
    retentionIntervalMs: null,
    ...options,
  });
  return {
    ...server,
    dataDir,
    anon: () => createClient(server.url, server.publishableKey, clientOptions),
    service: () => createClient(server.url, server.secretKey, clientOptions),
    async signedIn(account) {
      const client = createClient(
        server.url,
        server.publishableKey,
        clientOptions,
      );
      const { error } = await client.auth.signInWithPassword({
        email: DEMO[account].email,
        password: demoPassword(),
      });
      if (error) throw error;
      return client;
    },
    async close() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

class Rollback extends Error {}

/**
 * One migrated and seeded database per test file, opened directly rather
 * than over HTTP, for tests that run SQL as a caller the way PostgREST does.
 * `rolledBack` runs `fn` as the superuser in one transaction and undoes all
 * of it, so every test starts from the seed.
 */
export function seededDatabase(prefix: string) {
  let db: Database | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
    db = await openDatabase({
      dataDir,
      migrationsDir: path.resolve("supabase/migrations"),
      seedFile: path.resolve("supabase/seed.sql"),
      reset: true,
      demoPassword: demoPassword(),
      templateCacheDir: path.resolve(".data/supabase-cache"),
      log: () => {},
    });
    // Migrating a fresh cluster takes a while on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await db?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    async rolledBack(fn: (tx: Transaction) => Promise<void>) {
      await db!
        .admin(async (tx) => {
          await fn(tx);
          throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
    },
  };
}

/**
 * Puts in `dataDir` a copy of the cluster vitest's global setup made with the
 * platform schema alone (no migration, no seed), so a test of migrations on
 * fixtures of its own starts where a fresh cluster would, without initdb.
 */
export async function platformOnlyCluster(dataDir: string) {
  await cp(clusterDir(inject("platformOnlyDataDir")), clusterDir(dataDir), {
    recursive: true,
  });
}
