// The database keeps every schedule at least 15 seconds ahead, however it
// arrives (here through REST, as the dashboard or a script would send it):
// the lifetimes public pages give shared caches end within that lead
// (app/utils/public-cache.server.ts).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SCHEDULE_LEAD_SECONDS } from "#app/utils/public-cache.server.ts";
import { startLocalSupabase, type LocalSupabase } from "./local/server.ts";

let dataDir = "";
let server: LocalSupabase | undefined;
let service: SupabaseClient;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "schedule-lead-"));
  server = await startLocalSupabase({ port: 0, dataDir, reset: true });
  service = createClient(server.url, server.secretKey, {
    auth: { persistSession: false },
  });
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Sets the column of a row and reads back what the database stored. */
async function store(table: "blog_posts" | "jobs", column: string, at: number) {
  const { data: row, error: readError } = await service
    .from(table)
    .select("id")
    .limit(1)
    .single();
  expect(readError).toBeNull();
  const before = Date.now();
  const { data, error } = await service
    .from(table)
    .update({ [column]: new Date(at).toISOString() })
    .eq("id", (row as { id: string | number }).id)
    .select(column)
    .single();
  const after = Date.now();
  expect(error).toBeNull();
  return {
    before,
    after,
    stored: Date.parse((data as unknown as Record<string, string>)[column]!),
  };
}

const LEAD_MS = SCHEDULE_LEAD_SECONDS * 1000;

describe("schedule lead time", () => {
  test.each([
    ["blog_posts", "published_at"],
    ["jobs", "closes_at"],
  ] as const)(
    "%s.%s sooner than the lead is moved to it; later or past times are kept",
    async (table, column) => {
      // Whenever the database's now fell between before and after.
      const soon = await store(table, column, Date.now() + 3_000);
      expect(soon.stored).toBeGreaterThanOrEqual(soon.before + LEAD_MS - 1);
      expect(soon.stored).toBeLessThanOrEqual(soon.after + LEAD_MS);
      const later = Date.now() + LEAD_MS + 60_000;
      expect((await store(table, column, later)).stored).toBe(later);
      const past = Date.now() - 60_000;
      expect((await store(table, column, past)).stored).toBe(past);
    },
  );
});
