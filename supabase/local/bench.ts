// Benchmark of the embedded Supabase server (a script, not a timed test):
// cold start on an empty data dir, warm restart, and the blog list query with
// tags through supabase-js at 10 and 1,000 posts. Run: npm run bench:supabase
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { startLocalSupabase } from "./server.ts";

const AUTHOR_ID = "a0000000-0000-4000-8000-000000000002";
const PAGE_SIZE = 12;
const WARMUP = 20;
const ITERATIONS = 300;

async function timed<T>(fn: () => Promise<T>) {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

function percentile(sorted: number[], p: number) {
  return (
    sorted[
      Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
    ] ?? NaN
  );
}

async function growTo(service: SupabaseClient, total: number) {
  const { count } = await service
    .from("blog_posts")
    .select("*", { count: "exact", head: true });
  const missing = total - (count ?? 0);
  if (missing <= 0) return;
  const tags = await service
    .from("tags")
    .upsert(
      Array.from({ length: 20 }, (_, index) => ({
        name: `Bench tag ${index}`,
      })),
      { onConflict: "name" },
    )
    .select("id");
  const tagIds = (tags.data ?? []).map((tag) => tag.id as string);
  const start = Date.parse("2025-01-01T00:00:00Z");
  const posts = Array.from({ length: missing }, (_, index) => ({
    title: `Benchmark post ${index}`,
    excerpt: "An excerpt long enough to look like the real thing on a card.",
    content: `<p>${"Body text. ".repeat(80)}</p>`,
    author_id: AUTHOR_ID,
    created_at: new Date(start + index * 60_000).toISOString(),
  }));
  const inserted = await service.from("blog_posts").insert(posts).select("id");
  if (inserted.error) throw inserted.error;
  const links = (inserted.data ?? []).flatMap((post, index) =>
    [0, 1, 2].map((offset) => ({
      post_id: post.id,
      tag_id: tagIds[(index + offset * 7) % tagIds.length],
    })),
  );
  const linked = await service.from("post_tags").insert(links);
  if (linked.error) throw linked.error;
}

async function measure(
  client: SupabaseClient,
  query: (client: SupabaseClient) => PromiseLike<{ error: unknown }>,
) {
  for (let index = 0; index < WARMUP; index++) await query(client);
  const samples: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    const { value, ms } = await timed(async () => query(client));
    if (value.error) throw value.error;
    samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

const listQuery = (client: SupabaseClient) =>
  client
    .from("blog_posts")
    .select("*, post_tags(tags(name))", { count: "exact" })
    .order("created_at", { ascending: false })
    .range(0, PAGE_SIZE - 1);

const tagQuery = (client: SupabaseClient) =>
  client
    .from("blog_posts")
    .select("*, post_tags!inner(tags!inner(name))", { count: "exact" })
    .eq("post_tags.tags.name", "Bench tag 3")
    .order("created_at", { ascending: false })
    .range(0, PAGE_SIZE - 1);

const format = (ms: number) => `${ms.toFixed(1)} ms`;

const dataDir = await mkdtemp(path.join(tmpdir(), "supabase-bench-"));
try {
  const cold = await timed(() =>
    startLocalSupabase({ port: 0, dataDir, templateCache: false }),
  );
  await cold.value.stop();
  const warm = await timed(() => startLocalSupabase({ port: 0, dataDir }));
  await warm.value.stop();
  await rm(dataDir, { recursive: true, force: true });
  // First run fills the snapshot cache; the second shows a fresh start restored from it.
  await (await startLocalSupabase({ port: 0, dataDir, reset: true })).stop();
  const cached = await timed(() =>
    startLocalSupabase({ port: 0, dataDir, reset: true }),
  );

  console.log(
    `cold start, empty data dir (initdb, platform, migrations, seed): ${format(cold.ms)}  (target < 10 s)`,
  );
  console.log(
    `warm restart:                                              ${format(warm.ms)}  (target < 5 s)`,
  );
  console.log(
    `fresh start restored from the snapshot cache:              ${format(cached.ms)}`,
  );

  const server = cached.value;
  const service = createClient(server.url, server.secretKey, {
    auth: { persistSession: false },
  });
  const anon = createClient(server.url, server.publishableKey, {
    auth: { persistSession: false },
  });
  for (const total of [10, 1000]) {
    await growTo(service, total);
    const list = await measure(anon, listQuery);
    const byTag = await measure(anon, tagQuery);
    console.log(
      `${String(total).padStart(5)} posts, list with tags (limit ${PAGE_SIZE}, count exact): p50 ${format(list.p50)}, p99 ${format(list.p99)}` +
        `  | filtered by tag: p50 ${format(byTag.p50)}, p99 ${format(byTag.p99)}`,
    );
  }
  await server.stop();
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
