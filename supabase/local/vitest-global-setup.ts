// Vitest's global setup, made once before any test file starts:
// - the snapshot of a freshly migrated and seeded cluster (.data/supabase-cache,
//   see database.ts). Without it, the first files to start an embedded server
//   each built the same cluster from the migrations at once, and on a busy
//   machine ran past their hooks' timeout doing it.
// - a cluster with the platform schema and nothing else, which the tests of
//   migrations on fixtures of their own copy (`platformOnlyCluster` in
//   test-support.ts) instead of each running initdb, most of a fresh build.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalSupabase } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    platformOnlyDataDir: string;
  }
}

const quiet = {
  port: 0,
  notificationIntervalMs: null,
  analyticsIntervalMs: null,
  retentionIntervalMs: null,
  log: false,
} as const;

async function buildSnapshot() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "supabase-snapshot-"));
  try {
    const server = await startLocalSupabase({ ...quiet, dataDir });
    await server.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

async function buildPlatformOnly(root: string) {
  const migrationsDir = path.join(root, "no-migrations");
  await mkdir(migrationsDir);
  const dataDir = path.join(root, "data");
  const server = await startLocalSupabase({
    ...quiet,
    dataDir,
    migrationsDir,
    seedFile: null,
    templateCache: false,
  });
  await server.stop();
  return dataDir;
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(tmpdir(), "supabase-platform-only-"));
  const [, platformOnly] = await Promise.all([
    buildSnapshot(),
    buildPlatformOnly(root),
  ]);
  project.provide("platformOnlyDataDir", platformOnly);
  return () => rm(root, { recursive: true, force: true, maxRetries: 5 });
}
