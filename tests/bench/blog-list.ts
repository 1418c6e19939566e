// How long /blueprints takes with 10 and with 1,000 posts: the list is paged
// in the database, so both should cost about the same. Runs the production
// build (`npx react-router build` first) against a fresh embedded Supabase.
//
//   node tests/bench/blog-list.ts [requests per size, default 200]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { startLocalSupabase } from "#supabase/local/server.ts";

const REQUESTS = Number(process.argv[2] ?? 200);
const root = new URL("../../", import.meta.url).pathname;
const ADMIN_ID = "a0000000-0000-4000-8000-000000000001";

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        resolve(typeof address === "object" && address ? address.port : 0),
      );
    });
  });
}

function percentile(sorted: number[], p: number) {
  return (
    sorted[
      Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))
    ] ?? NaN
  );
}

async function measure(url: string) {
  for (let i = 0; i < 60; i++) await (await fetch(url)).text();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const response = await fetch(url);
    await response.text();
    if (response.status !== 200)
      throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const dataDir = mkdtempSync(join(tmpdir(), "blog-bench-"));
const backend = await startLocalSupabase({
  port: await freePort(),
  dataDir,
  reset: true,
});
const port = await freePort();
const app = spawn(
  process.execPath,
  ["node_modules/@react-router/serve/bin.cjs", "./build/server/index.js"],
  {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      PLATFORM_URL: "https://platform.example",
      SUPABASE_URL: backend.url,
      SUPABASE_ANON_KEY: backend.anonKey,
      SESSION_SECRET: "blog-bench-session-secret-0123456789abcdef",
      HONEYPOT_SECRET: "blog-bench-honeypot-secret",
    },
  },
);

try {
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 100) throw new Error("the app server did not start");
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const service = createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false },
  });
  async function growTo(total: number) {
    const { count } = await service
      .from("blog_posts")
      .select("id", { count: "exact", head: true });
    const missing = total - (count ?? 0);
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
  for (const size of [10, 1000]) {
    await growTo(size);
    const list = await measure(`${origin}/blueprints`);
    const tagged = await measure(`${origin}/blueprints?tag=Blueprints`);
    const last = await measure(
      `${origin}/blueprints?page=${Math.ceil(size / 12)}`,
    );
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.info(
      `${String(size).padStart(5)} posts: /blueprints p50 ${ms(list.p50)} p95 ${ms(list.p95)}; ?tag p50 ${ms(tagged.p50)}; last page p50 ${ms(last.p50)}`,
    );
  }
} finally {
  app.kill();
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
