import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "#app/utils/database.types.ts";
import {
  startLocalSupabase,
  type LocalSupabase,
} from "#supabase/local/server.ts";
import { findJob, listOpenJobs } from "./jobs.server.ts";

// The public pages' jobs follow the table: a column added by a later
// migration is in the rows /careers and /careers/{id} render.

let root: string;
let backend: LocalSupabase;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "jobs-columns-"));
  const migrationsDir = path.join(root, "migrations");
  await cp(
    new URL("../../../supabase/migrations", import.meta.url).pathname,
    migrationsDir,
    { recursive: true },
  );
  await writeFile(
    path.join(migrationsDir, "29990101000000_a_later_column.sql"),
    "alter table public.jobs add column team_name text not null default 'Research';",
  );
  backend = await startLocalSupabase({
    port: 0,
    dataDir: path.join(root, "data"),
    migrationsDir,
    seedFile: null,
    templateCache: false,
  });
}, 300_000);

afterAll(async () => {
  await backend?.stop();
  await rm(root, { recursive: true, force: true });
});

test("a column added to jobs later is on the public page's rows", async () => {
  const anon = createClient<Database>(backend.url, backend.publishableKey, {
    auth: { persistSession: false },
  });
  const jobs = await listOpenJobs(anon);
  expect(jobs.length).toBeGreaterThan(0);
  for (const job of jobs) expect(job).toHaveProperty("team_name", "Research");
  const found = await findJob(anon, String(jobs[0]!.id));
  expect(found?.job).toHaveProperty("team_name", "Research");
});
