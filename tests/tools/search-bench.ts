// `npm run bench:search`: the blog search of issue #23 at 1,000 posts in the
// embedded database (PGlite), on the production build. Prints p50/p99 of
// search_posts() through supabase-js (the call the list's loader makes), of
// the whole `/blueprints?q=` page (loader, render, no page cache: a query
// string is never stored), and of related_posts() for the post page.
// Target: search p50 under 50 ms.
//
// Posts are ~450 words of blog-like text drawn from a fixed vocabulary with a
// seeded generator, so every run searches the same corpus, three tags each.
// Ports: SEARCH_BENCH_PORT (4424), SEARCH_BENCH_SUPABASE_PORT (54424).
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { startProductionSite } from "#tests/support/production-site.ts";

const POSTS = 1000;
const WARMUP = 20;
const ITERATIONS = 200;
const TARGET_P50_MS = 50;
const ADMIN_ID = "a0000000-0000-4000-8000-000000000001";

const VOCABULARY = (
  "data pipeline pipelines warehouse lakehouse lineage quality engine agent agents " +
  "learning model models training inference feature features schema table tables " +
  "stream streaming batch kafka spark dbt airflow orchestration dashboard dashboards " +
  "anomaly detection churn prediction segmentation customer customers deduplication " +
  "integration enrichment master hub kpi metric metrics governance catalog privacy " +
  "security compliance latency throughput cost budget team teams engineer engineers " +
  "analyst analysts playbook playbooks wiki knowledge organization enterprise deploy " +
  "deployment platform cloud premise cluster query queries index indexes postgres " +
  "vector embedding embeddings retrieval evaluation benchmark experiment experiments " +
  "release review incident monitoring alert alerts trace traces log logs backlog"
).split(" ");
const FILLER =
  "the a of to and in for with on that is are was it as by this we our from at be can will".split(
    " ",
  );

/** A small seeded generator (mulberry32), so each run writes the same posts. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(23);
const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;

function sentence(words: number) {
  return Array.from({ length: words }, () =>
    next() < 0.45 ? pick(FILLER) : pick(VOCABULARY),
  ).join(" ");
}

function post(index: number) {
  const paragraphs = Array.from(
    { length: 6 },
    () => `<p>${sentence(75)}.</p>`,
  ).join("");
  return {
    title: `${pick(VOCABULARY)} ${pick(VOCABULARY)} ${pick(VOCABULARY)} notes ${index}`,
    excerpt: `${sentence(24)}.`,
    content: `<h2>${sentence(5)}</h2>${paragraphs}`,
    author_id: ADMIN_ID,
    created_at: new Date(
      Date.UTC(2024, 0, 1) + index * 3_600_000,
    ).toISOString(),
  };
}

async function seed(service: SupabaseClient) {
  const tags = await service
    .from("tags")
    .upsert(
      Array.from({ length: 20 }, (_, index) => ({
        name: `Search bench ${index}`,
      })),
      { onConflict: "name" },
    )
    .select("id");
  if (tags.error) throw new Error(tags.error.message);
  const tagIds = tags.data.map((tag) => tag.id as string);
  for (let done = 0; done < POSTS; done += 100) {
    const inserted = await service
      .from("blog_posts")
      .insert(Array.from({ length: 100 }, (_, i) => post(done + i)))
      .select("id");
    if (inserted.error) throw new Error(inserted.error.message);
    const links = inserted.data.flatMap((row, i) =>
      [0, 1, 2].map((offset) => ({
        post_id: row.id as string,
        tag_id: tagIds[(done + i + offset * 7) % tagIds.length],
      })),
    );
    const linked = await service.from("post_tags").insert(links);
    if (linked.error) throw new Error(linked.error.message);
  }
}

function percentile(sorted: number[], p: number) {
  return (
    sorted[
      Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
    ] ?? Number.NaN
  );
}

async function measure(run: () => Promise<void>) {
  for (let index = 0; index < WARMUP; index++) await run();
  const samples: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

const QUERIES: { label: string; q: string; tag?: string }[] = [
  { label: "one common word", q: "pipeline" },
  { label: "two words (and)", q: "kafka lineage" },
  { label: "phrase", q: '"anomaly detection"' },
  { label: "or / exclusion", q: "dashboards or churn -privacy" },
  { label: "rare word (title)", q: "notes 777" },
  { label: "no match", q: "zzyzx" },
  { label: "word + tag", q: "warehouse", tag: "Search bench 3" },
  { label: "200 characters", q: sentence(40).slice(0, 200) },
];

const site = await startProductionSite({
  port: Number(process.env.SEARCH_BENCH_PORT ?? 4424),
  supabasePort: Number(process.env.SEARCH_BENCH_SUPABASE_PORT ?? 54424),
  name: "search-bench",
});
let failed = false;
try {
  const options = { auth: { persistSession: false } };
  const service = createClient(site.supabaseUrl, site.secretKey, options);
  const anon = createClient(site.supabaseUrl, site.publishableKey, options);
  await seed(service);
  const { count } = await service
    .from("blog_posts")
    .select("id", { count: "exact", head: true });
  console.log(
    `\nsearch at ${count} posts, ${ITERATIONS} sequential runs each after ${WARMUP} warm-up (target: search_posts p50 < ${TARGET_P50_MS} ms)`,
  );
  console.log(
    `${"query".padEnd(20)} ${"hits".padStart(5)}  rpc p50   rpc p99  page p50  page p99`,
  );
  for (const { label, q, tag } of QUERIES) {
    const args = { p_query: q, p_tag: tag, p_limit: 12, p_offset: 0 };
    const first = await anon.rpc("search_posts", args);
    if (first.error) throw new Error(first.error.message);
    const hits = (first.data as { total: number }).total;
    const rpc = await measure(async () => {
      const { error } = await anon.rpc("search_posts", args);
      if (error) throw new Error(error.message);
    });
    const url = new URL("/blueprints", site.origin);
    url.searchParams.set("q", q);
    if (tag) url.searchParams.set("tag", tag);
    const page = await measure(async () => {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status !== 200)
        throw new Error(`${url}: ${response.status}`);
    });
    if (rpc.p50 > TARGET_P50_MS) failed = true;
    console.log(
      `${label.padEnd(20)} ${String(hits).padStart(5)} ${ms(rpc.p50)} ${ms(rpc.p99)} ${ms(page.p50)} ${ms(page.p99)}${rpc.p50 > TARGET_P50_MS ? "  OVER TARGET" : ""}`,
    );
  }
  // The same machine's plain list query (what /blueprints reads without a
  // search), as a yardstick: on a busy machine every figure above grows with it.
  const list = await measure(async () => {
    const { error } = await anon
      .from("blog_posts")
      .select(
        "id, title, excerpt, cover_image_url, author_id, created_at, updated_at, word_count, post_tags(tags(name))",
        { count: "exact" },
      )
      .eq("published", true)
      .order("created_at", { ascending: false })
      .range(0, 11);
    if (error) throw new Error(error.message);
  });
  console.log(
    `yardstick, the list without a search (12 rows, count exact): p50 ${ms(list.p50)}, p99 ${ms(list.p99)}`,
  );
  const { data: newest, error } = await service
    .from("blog_posts")
    .select("id")
    .order("created_at", { ascending: false })
    .limit(1)
    .single();
  if (error) throw new Error(error.message);
  const related = await measure(async () => {
    const result = await anon.rpc("related_posts", { p_post_id: newest.id });
    if (result.error) throw new Error(result.error.message);
  });
  console.log(
    `related_posts (3 by shared tags): p50 ${ms(related.p50)}, p99 ${ms(related.p99)}`,
  );
} finally {
  site.stop();
}
if (failed) {
  console.error(`search_posts p50 over ${TARGET_P50_MS} ms`);
  process.exitCode = 1;
}
