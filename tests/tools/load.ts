// 200 connections for 20 s against the production build with the embedded
// backend: a mix of page views and contact-form submissions. Afterwards every
// submission the site accepted must be in contact_messages, and the app
// server's memory must settle back near where it started.
//
//   npm run load            (build first: npm run build)
//   LOAD_CONNECTIONS=50 LOAD_SECONDS=10 npm run load
//
// Ports: LOAD_PORT (default 4521) for the site, LOAD_SUPABASE_PORT (default
// 54521) for its backend, data in .data/load (reset on every run).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import autocannon, { type Request } from "autocannon";
import { createClient } from "@supabase/supabase-js";
import { readApiKeys } from "#supabase/local/keys.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const PORT = Number(process.env.LOAD_PORT ?? 4521);
const SUPABASE_PORT = Number(process.env.LOAD_SUPABASE_PORT ?? 54521);
// A request queued behind 200 others on a small machine may wait seconds; a
// browser waits far longer than autocannon's default 10 s before giving up.
const TIMEOUT_S = Number(process.env.LOAD_TIMEOUT_S ?? 30);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SUPABASE_URL = `http://127.0.0.1:${SUPABASE_PORT}`;
const DATA_DIR = `${root}.data/load`;
// Made there on first use, so the launcher's embedded Supabase hands out the same.
const SECRET_KEY = readApiKeys(DATA_DIR).secretKey;
// How far the app's resident memory may stay above its warmed-up start.
const MEMORY_TOLERANCE = 0.1;

if (!existsSync(`${root}build/server/index.js`)) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const launcher = spawn(process.execPath, ["supabase/local/run-site.ts"], {
  cwd: root,
  stdio: ["ignore", "ignore", "pipe"],
  env: {
    ...process.env,
    // An inspector on a free port in each process (launcher and app), so the
    // app's garbage collector can be run before memory is read.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --inspect=127.0.0.1:0`,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    SITE_URL: ORIGIN,
    LOCAL_SUPABASE_PORT: String(SUPABASE_PORT),
    LOCAL_SUPABASE_DATA_DIR: DATA_DIR,
    LOCAL_SUPABASE_RESET: "1",
  },
});

const inspectors: string[] = [];
launcher.stderr!.on("data", (chunk: Buffer) => {
  const text = chunk.toString();
  for (const [url] of text.matchAll(/ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/g))
    inspectors.push(url);
  // Everything but the inspector's own chatter.
  const rest = text
    .split("\n")
    .filter(
      (line) =>
        line &&
        !/Debugger|inspector|nodejs\.org\/(?:en\/docs|learn)/i.test(line),
    )
    .join("\n");
  if (rest) process.stderr.write(`${rest}\n`);
});

/** Sends one DevTools protocol command and waits for its answer. */
function inspect(url: string, method: string, params: object = {}) {
  return new Promise<{ result?: { result?: { value?: unknown } } }>(
    (resolve, reject) => {
      const socket = new WebSocket(url);
      socket.onerror = () => reject(new Error(`inspector ${url} refused`));
      socket.onopen = () =>
        socket.send(JSON.stringify({ id: 1, method, params }));
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as {
          id?: number;
          result?: { result?: { value?: unknown } };
        };
        if (message.id !== 1) return;
        socket.close();
        resolve(message);
      };
    },
  );
}

/** The inspector of the app process (the launcher has one too). */
async function appInspector(pid: number) {
  for (const url of inspectors) {
    const answer = await inspect(url, "Runtime.evaluate", {
      expression: "process.pid",
      returnByValue: true,
    });
    if (answer.result?.result?.value === pid) return url;
  }
  throw new Error("no inspector found for the app process");
}

/** A full collection, then the heap in use, in MB. */
async function collect(url: string) {
  await inspect(url, "HeapProfiler.collectGarbage");
  const answer = await inspect(url, "Runtime.evaluate", {
    expression: "process.memoryUsage().heapUsed",
    returnByValue: true,
  });
  return Number(answer.result?.result?.value) / 1024 / 1024;
}

/** Resident memory of a process, in MB, from /proc. */
function rssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** The react-router-serve process the launcher started. */
function appPid() {
  const children = readFileSync(
    `/proc/${launcher.pid}/task/${launcher.pid}/children`,
    "utf8",
  )
    .trim()
    .split(/\s+/)
    .map(Number)
    .filter(Boolean);
  const pid = children.find((child) =>
    readFileSync(`/proc/${child}/cmdline`, "utf8").includes(
      "react-router-serve",
    ),
  );
  if (!pid) throw new Error("react-router-serve is not running");
  return pid;
}

async function waitForSite() {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (launcher.exitCode !== null) break;
    const ok = await fetch(`${ORIGIN}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`the site did not start on ${ORIGIN}`);
}

type Tally = { statuses: Map<string, number>; unexpected: number };

async function run(connections: number, seconds: number, tally: Tally) {
  const html = await (await fetch(`${ORIGIN}/contact-us`)).text();
  const validFrom = /name="from__confirm" value="([^"]*)"/.exec(html)?.[1];
  if (!validFrom) throw new Error("the contact page renders no honeypot");
  const { data: posts } = await createClient(SUPABASE_URL, SECRET_KEY, {
    auth: { persistSession: false },
  })
    .from("blog_posts")
    .select("id")
    .eq("published", true)
    .limit(1);
  const postId = posts?.[0]?.id as string | undefined;
  if (!postId) throw new Error("the seed has no published post");

  const runId = `${Date.now()}`;
  const accepted: string[] = [];
  let sequence = 0;
  const count = (route: string, status: number, expected: number[]) => {
    const key = `${route} ${status}`;
    tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
    if (!expected.includes(status)) tally.unexpected += 1;
  };
  const page = (path: string): Request => ({
    method: "GET",
    path,
    onResponse: (status) => count(`GET ${path}`, status, [200]),
  });
  const submit: Request = {
    method: "POST",
    path: "/contact-us",
    setupRequest: (request, context) => {
      sequence += 1;
      const email = `load-${runId}-${sequence}@example.com`;
      (context as { email?: string }).email = email;
      return {
        ...request,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: ORIGIN,
          // Every submission from an address of its own: the per-address
          // limit (5 a minute) is for people, not for this run.
          "Fly-Client-IP": `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
        },
        body: new URLSearchParams({
          name: `Load Tester ${sequence}`,
          companyEmail: email,
          projectDescription: `Load test submission number ${sequence}.`,
          name__confirm: "",
          from__confirm: validFrom,
          submissionKey: crypto.randomUUID(),
        }).toString(),
      };
    },
    onResponse: (status, _body, context) => {
      count("POST /contact-us", status, [200]);
      if (status >= 200 && status < 300)
        accepted.push(String((context as { email?: string }).email));
    },
  };
  const result = await autocannon({
    url: ORIGIN,
    connections,
    duration: seconds,
    timeout: TIMEOUT_S,
    requests: [
      page("/"),
      page("/blueprints"),
      submit,
      page("/company"),
      page(`/blueprints/${postId}`),
      page("/careers"),
      page("/agents/data-engineer"),
      submit,
      page("/contact-us"),
      page("/blueprint-showcase"),
    ],
  });
  return { result, accepted };
}

async function missingFrom(accepted: string[]) {
  const service = createClient(SUPABASE_URL, SECRET_KEY, {
    auth: { persistSession: false },
  });
  const stored = new Set<string>();
  for (let start = 0; start < accepted.length; start += 200) {
    const batch = accepted.slice(start, start + 200);
    const { data, error } = await service
      .from("contact_messages")
      .select("email")
      .in("email", batch);
    if (error) throw new Error(error.message);
    for (const row of data ?? []) stored.add(row.email as string);
  }
  return accepted.filter((email) => !stored.has(email));
}

// A run that throws fails too.
process.exitCode = 1;
try {
  await waitForSite();
  const pid = appPid();
  // The baseline is taken after a warm-up at the same concurrency: the heap
  // grows to its working set for 200 connections once, and V8 keeps that
  // memory. What must not happen is growth beyond it from a second run (a
  // leak: sessions, limiter entries, listeners piling up).
  await run(CONNECTIONS, 10, { statuses: new Map(), unexpected: 0 });
  await sleep(10_000);
  const inspector = await appInspector(pid);
  const heapBefore = await collect(inspector);
  const before = rssMb(pid);
  const launcherBefore = rssMb(launcher.pid!);

  const tally: Tally = { statuses: new Map(), unexpected: 0 };
  const { result, accepted } = await run(CONNECTIONS, SECONDS, tally);
  const peak = rssMb(pid);

  // Let in-flight work finish, then collect.
  await sleep(10_000);
  const heapAfter = await collect(inspector);
  const after = rssMb(pid);
  const launcherAfter = rssMb(launcher.pid!);
  const missing = await missingFrom(accepted);

  const mb = (value: number) => `${value.toFixed(1)} MB`;
  console.info(
    `load: ${CONNECTIONS} connections for ${SECONDS} s against ${ORIGIN} (client timeout ${TIMEOUT_S} s)`,
  );
  console.info(
    `requests: ${result.requests.total} (${result.requests.average.toFixed(0)}/s), errors: ${result.errors}, timeouts: ${result.timeouts}, non-2xx: ${result.non2xx}`,
  );
  console.info(
    `latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  for (const [key, value] of [...tally.statuses.entries()].sort())
    console.info(`  ${key}: ${value}`);
  console.info(`unexpected statuses: ${tally.unexpected}`);
  console.info(
    `submissions accepted: ${accepted.length}, missing from contact_messages: ${missing.length}`,
  );
  const growth = (after - before) / before;
  console.info(
    `app memory (VmRSS): before (after a warm-up at the same load) ${mb(before)}, peak ${mb(peak)}, after ${mb(after)} (${(growth * 100).toFixed(1)}%)`,
  );
  console.info(
    `app heap in use after a full collection: before ${mb(heapBefore)}, after ${mb(heapAfter)}`,
  );
  console.info(
    `backend memory (launcher with embedded Supabase): before ${mb(launcherBefore)}, after ${mb(launcherAfter)}`,
  );
  const failures = [
    result.errors > 0 && `${result.errors} connection errors`,
    result.timeouts > 0 && `${result.timeouts} timeouts`,
    tally.unexpected > 0 && `${tally.unexpected} unexpected statuses`,
    missing.length > 0 && `${missing.length} accepted submissions missing`,
    accepted.length === 0 && "no submission was accepted",
    growth > MEMORY_TOLERANCE &&
      `memory ${(growth * 100).toFixed(1)}% above its start`,
  ].filter(Boolean);
  console.info(failures.length ? `FAIL: ${failures.join("; ")}` : "PASS");
  process.exitCode = failures.length ? 1 : 0;
} finally {
  launcher.kill("SIGTERM");
}
