// Vitest's global setup: the snapshot of a freshly migrated and seeded
// cluster (.data/supabase-cache, see database.ts) is made once, here, before
// any test file starts. Without it, the first files to start an embedded
// server each built the same cluster from the migrations at once, and on a
// busy machine ran past their hooks' timeout doing it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startLocalSupabase } from "./server.ts";

export default async function buildSnapshotOnce() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "supabase-snapshot-"));
  try {
    const server = await startLocalSupabase({
      port: 0,
      dataDir,
      notificationIntervalMs: null,
      analyticsIntervalMs: null,
      retentionIntervalMs: null,
      log: false,
    });
    await server.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}
