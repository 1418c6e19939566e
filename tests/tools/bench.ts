// `npm run bench`: how fast the production server answers the pages that
// matter, side by side with a static file of similar size from the same
// server (what moving the bytes costs on this machine), in one run. Then how
// the list and a post page scale from 10 to 1,000 posts.
//
//   npm run bench [-- seconds per route, default 15, in 3 rounds]
//
// The site runs in processes of its own (tests/support/production-site.ts), so the
// load tool is the only thing this process does. Targets: each page's req/s at
// least 0.7 (marketing) or 0.25 (blog) of the static file's, and its p99
// under 100 ms; the static file is the yardstick and has no target of its own
// (react-router-serve compresses it anew for every request).
// Ports: BENCH_PORT (4420) and BENCH_SUPABASE_PORT (54420).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import autocannon from "autocannon";
import { startProductionSite } from "#tests/support/production-site.ts";

const SECONDS = Number(process.argv[2] ?? 15);
const ROUNDS = 3;
const CONNECTIONS = 50;
const SCALE_CONNECTIONS = 10;
const SCALE_SECONDS = 5;
const root = new URL("../../", import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 4420);
const supabasePort = Number(process.env.BENCH_SUPABASE_PORT ?? 54420);
const ADMIN_ID = "a0000000-0000-4000-8000-000000000001";

const TARGETS = {
  marketing: { ratio: 0.7 },
  dynamic: { ratio: 0.25 },
  p99Ms: 100,
  scale: 1.5,
};

type Result = { rps: number; p50: number; p99: number; errors: number };

async function load(
  path: string,
  seconds = SECONDS,
  connections = CONNECTIONS,
): Promise<Result> {
  const result = await autocannon({
    url: `${origin}${path}`,
    connections,
    duration: seconds,
    // Visitors' browsers ask for compression; so does the load.
    headers: { "accept-encoding": "br, gzip" },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The built asset whose size is closest to the home page's HTML. */
function baselineAsset(htmlBytes: number) {
  const dir = join(root, "build/client/assets");
  const [closest] = readdirSync(dir)
    .filter((name) => name.endsWith(".js") || name.endsWith(".css"))
    .map((name) => ({ name, size: statSync(join(dir, name)).size }))
    .sort(
      (a, b) => Math.abs(a.size - htmlBytes) - Math.abs(b.size - htmlBytes),
    );
  if (!closest) throw new Error("no built assets: the build failed?");
  return closest;
}

const site = await startProductionSite({
  port,
  supabasePort,
  name: "bench",
});
const { origin, supabaseUrl, secretKey } = site;

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
let failed = false;

try {
  const service = createClient(supabaseUrl, secretKey, {
    auth: { persistSession: false },
  });
  async function postCount() {
    const { count, error } = await service
      .from("blog_posts")
      .select("id", { count: "exact", head: true });
    if (error) throw new Error(error.message);
    return count ?? 0;
  }
  async function growTo(total: number) {
    const missing = total - (await postCount());
    for (let done = 0; done < missing; done += 250) {
      const rows = Array.from(
        { length: Math.min(250, missing - done) },
        (_, i) => ({
          title: `Bench post ${done + i}`,
          excerpt: "A short excerpt for the benchmark.",
          content: "<p>Benchmark body</p>",
          author_id: ADMIN_ID,
          created_at: new Date(
            Date.UTC(2019, 0, 1) + (done + i) * 60_000,
          ).toISOString(),
        }),
      );
      const { error } = await service.from("blog_posts").insert(rows);
      if (error) throw new Error(error.message);
    }
  }
  await growTo(10);
  const { data: newest, error } = await service
    .from("blog_posts")
    .select("id")
    .order("created_at", { ascending: false })
    .limit(1)
    .single();
  if (error) throw new Error(error.message);
  const postPath = `/blueprints/${newest.id}`;

  const html = await (await fetch(`${origin}/`)).text();
  const asset = baselineAsset(Buffer.byteLength(html));
  const routes = [
    { label: "static asset (baseline)", path: `/assets/${asset.name}` },
    { label: "/", path: "/", kind: "marketing" as const },
    { label: "/company", path: "/company", kind: "marketing" as const },
    { label: "/blueprints", path: "/blueprints", kind: "dynamic" as const },
    { label: "post page", path: postPath, kind: "dynamic" as const },
  ];
  console.info(
    `\n${CONNECTIONS} connections, ${SECONDS} s per route in ${ROUNDS} interleaved rounds (median shown); home page HTML ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB, baseline asset ${asset.name} ${(asset.size / 1024).toFixed(1)} KB`,
  );
  // One short pass first so every route starts warm (JIT, caches, pools).
  for (const route of routes) await load(route.path, 2);
  // The machine may be busy with other work that comes and goes: rounds
  // interleave the routes so each sees the same conditions, and the median
  // round of each is reported.
  const rounds = routes.map(() => [] as Result[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, route] of routes.entries()) {
      rounds[i]!.push(await load(route.path, SECONDS / ROUNDS));
    }
  }
  const median = (values: number[]) =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const results = routes.map((route, i) => {
    const runs = rounds[i]!;
    return {
      ...route,
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
    };
  });
  const baseline = results[0]!.rps;
  console.info(
    `\n${"route".padEnd(26)}${"req/s".padStart(9)}${"p50".padStart(9)}${"p99".padStart(9)}  ratio  target`,
  );
  for (const r of results) {
    const ratio = r.rps / baseline;
    // The baseline is the yardstick the routes are measured against, not a
    // route of the site: its figures are printed, and only its errors judged.
    const target = r.kind ? TARGETS[r.kind].ratio : null;
    const ok =
      r.errors === 0 &&
      (target === null || (r.p99 < TARGETS.p99Ms && ratio >= target));
    if (!ok) failed = true;
    console.info(
      `${r.label.padEnd(26)}${r.rps.toFixed(0).padStart(9)}${ms(r.p50)}${ms(r.p99)}  ${ratio.toFixed(2).padStart(5)}  ${target === null ? "yardstick" : `≥${target}, p99 <${TARGETS.p99Ms} ms`} ${ok ? "ok" : "MISSED"}${r.errors ? ` (${r.errors} errors)` : ""}`,
    );
  }

  // Rendered every time: a query string bypasses the page cache, so this is
  // what the database and the render cost at each size.
  const scaled = [
    { label: "/blueprints", path: "/blueprints?bench=render" },
    { label: "post page", path: `${postPath}?bench=render` },
  ];
  const p50s = new Map<string, number[]>();
  for (const size of [10, 1000]) {
    await growTo(size);
    for (const { label, path } of scaled) {
      await load(path, 2, SCALE_CONNECTIONS);
      const { p50 } = await load(path, SCALE_SECONDS, SCALE_CONNECTIONS);
      p50s.set(label, [...(p50s.get(label) ?? []), p50]);
    }
  }
  console.info(
    `\nrendered p50 (page cache bypassed, ${SCALE_CONNECTIONS} connections) at 10 and ${await postCount()} posts; target: at most ${TARGETS.scale}x apart`,
  );
  for (const [label, [small, large]] of p50s) {
    const factor = large! / Math.max(small!, 0.001);
    const ok = factor <= TARGETS.scale;
    if (!ok) failed = true;
    console.info(
      `${label.padEnd(26)}${ms(small!)}${ms(large!)}  ${factor.toFixed(2)}x ${ok ? "ok" : "MISSED"}`,
    );
  }
} finally {
  site.stop();
}
process.exit(failed ? 1 : 0);
