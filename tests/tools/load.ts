// 200 connections for 20 s against two copies of the production build on one
// embedded backend, as Fly runs several machines: a mix of page views and
// contact-form submissions, one in five of them the same submission sent
// again to either machine (a retry after a timeout, a double click).
// Afterwards every submission the site accepted must be in contact_messages
// exactly once, and the first app server's memory must settle back near where
// it started.
//
//   npm run load            (build first: npm run build)
//   LOAD_CONNECTIONS=50 LOAD_SECONDS=10 npm run load
//
// Ports: LOAD_PORT (default 4521) and LOAD_PORT + 1 for the two copies,
// LOAD_SUPABASE_PORT (default 54521) for their backend, data in .data/load
// (reset on every run).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import autocannon, { type Request } from "autocannon";
import { createClient } from "@supabase/supabase-js";
import { readApiKeys, siteSecrets } from "#supabase/local/keys.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const PORT = Number(process.env.LOAD_PORT ?? 4521);
const SUPABASE_PORT = Number(process.env.LOAD_SUPABASE_PORT ?? 54521);
// A request queued behind 200 others on a small machine may wait seconds; a
// browser waits far longer than autocannon's default 10 s before giving up.
const TIMEOUT_S = Number(process.env.LOAD_TIMEOUT_S ?? 30);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECOND_ORIGIN = `http://127.0.0.1:${PORT + 1}`;
const SUPABASE_URL = `http://127.0.0.1:${SUPABASE_PORT}`;
const DATA_DIR = `${root}.data/load`;
// Made there on first use, so the launcher's embedded Supabase hands out the same.
const { secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY } =
  readApiKeys(DATA_DIR);
// The launcher's secret for a run on this data directory: every machine of
// one app shares it.
const { SESSION_SECRET } = siteSecrets(DATA_DIR);
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
    // As on Fly: the client address comes from Fly-Client-IP, which the run
    // sets per submission (without it every request is the socket's 127.0.0.1).
    FLY_APP_NAME: "load",
    SESSION_SECRET,
  },
});

/** The second machine: the same build and secrets, on the launcher's backend. */
function startSecondMachine() {
  const child = spawn(process.execPath, ["app/server/production.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT + 1),
      HOST: "127.0.0.1",
      SITE_URL: SECOND_ORIGIN,
      PLATFORM_URL: "https://platform.recursa.ai",
      SUPABASE_URL,
      SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      SUPABASE_SECRET_KEY: SECRET_KEY,
      FLY_APP_NAME: "load",
      SESSION_SECRET,
    },
  });
  return child;
}

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

/** The production server process the launcher started. */
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
      "app/server/production.ts",
    ),
  );
  if (!pid) throw new Error("the production server is not running");
  return pid;
}

async function waitForSite(origin: string, child: { exitCode: number | null }) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`the site did not start on ${origin}`);
}

type Tally = { statuses: Map<string, number>; unexpected: number };

type Submission = { email: string; body: string };

/**
 * What both machines' runs share: every submission sent, so a retry can send
 * one again to either machine, and the e-mails of those the site accepted.
 */
type Shared = { sent: Submission[]; accepted: Set<string>; retries: number };

async function run(
  origin: string,
  connections: number,
  seconds: number,
  tally: Tally,
  shared: Shared,
) {
  const html = await (await fetch(`${origin}/contact-us`)).text();
  if (!html.includes('name="name__confirm"'))
    throw new Error("the contact page renders no honeypot");
  const { data: posts } = await createClient(SUPABASE_URL, SECRET_KEY, {
    auth: { persistSession: false },
  })
    .from("blog_posts")
    .select("id")
    .eq("published", true)
    .limit(1);
  const postId = posts?.[0]?.id as string | undefined;
  if (!postId) throw new Error("the seed has no published post");

  const runId = `${origin.split(":").pop()}-${Date.now()}`;
  // Each machine's submissions come from addresses of their own.
  const machine = origin === ORIGIN ? 0 : 128;
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
      // One in five is a submission already sent, to this machine or the other.
      const again =
        sequence % 5 === 0 && shared.sent.length > 0
          ? shared.sent[Math.floor(Math.random() * shared.sent.length)]
          : undefined;
      let submission = again;
      if (!submission) {
        const email = `load-${runId}-${sequence}@example.com`;
        submission = {
          email,
          body: new URLSearchParams({
            name: `Load Tester ${sequence}`,
            companyEmail: email,
            projectDescription: `Load test submission number ${sequence}.`,
            name__confirm: "",
          }).toString(),
        };
        shared.sent.push(submission);
      } else {
        shared.retries += 1;
      }
      (context as { email?: string }).email = submission.email;
      return {
        ...request,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: origin,
          // Every submission from an address of its own: the per-address
          // limit (5 a minute) is for people, not for this run.
          "Fly-Client-IP": `10.${machine + ((sequence >> 16) & 127)}.${(sequence >> 8) & 255}.${sequence & 255}`,
        },
        body: submission.body,
      };
    },
    onResponse: (status, _body, context) => {
      count("POST /contact-us", status, [200]);
      if (status >= 200 && status < 300)
        shared.accepted.add(String((context as { email?: string }).email));
    },
  };
  return autocannon({
    url: origin,
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
}

/** Both machines at once, half the connections each. */
async function runBoth(
  connections: number,
  seconds: number,
  tally: Tally,
  shared: Shared,
) {
  const half = Math.max(1, Math.floor(connections / 2));
  const [first, second] = await Promise.all([
    run(ORIGIN, half, seconds, tally, shared),
    run(SECOND_ORIGIN, connections - half, seconds, tally, shared),
  ]);
  return {
    requests: first.requests.total + second.requests.total,
    perSecond: first.requests.average + second.requests.average,
    errors: first.errors + second.errors,
    timeouts: first.timeouts + second.timeouts,
    non2xx: first.non2xx + second.non2xx,
    p50: Math.max(first.latency.p50, second.latency.p50),
    p99: Math.max(first.latency.p99, second.latency.p99),
    max: Math.max(first.latency.max, second.latency.max),
  };
}

/** How many rows each accepted submission has: missing ones and repeats. */
async function storedCounts(accepted: string[]) {
  const service = createClient(SUPABASE_URL, SECRET_KEY, {
    auth: { persistSession: false },
  });
  const rows = new Map<string, number>();
  for (let start = 0; start < accepted.length; start += 200) {
    const batch = accepted.slice(start, start + 200);
    const { data, error } = await service
      .from("contact_messages")
      .select("email")
      .in("email", batch);
    if (error) throw new Error(error.message);
    for (const row of data ?? [])
      rows.set(row.email as string, (rows.get(row.email as string) ?? 0) + 1);
  }
  const missing = accepted.filter((email) => !rows.has(email)).length;
  const duplicated = [...rows.values()].reduce(
    (sum, count) => sum + count - 1,
    0,
  );
  return { missing, duplicated };
}

let second: ReturnType<typeof startSecondMachine> | undefined;

// A run that throws fails too.
process.exitCode = 1;
try {
  await waitForSite(ORIGIN, launcher);
  second = startSecondMachine();
  await waitForSite(SECOND_ORIGIN, second);
  const pid = appPid();
  // The baseline is taken after a warm-up at the same concurrency: the heap
  // grows to its working set for 200 connections once, and V8 keeps that
  // memory. What must not happen is growth beyond it from a second run (a
  // leak: sessions, limiter entries, listeners piling up).
  await runBoth(
    CONNECTIONS,
    10,
    { statuses: new Map(), unexpected: 0 },
    { sent: [], accepted: new Set(), retries: 0 },
  );
  await sleep(10_000);
  const inspector = await appInspector(pid);
  const heapBefore = await collect(inspector);
  const before = rssMb(pid);
  const launcherBefore = rssMb(launcher.pid!);

  const tally: Tally = { statuses: new Map(), unexpected: 0 };
  const shared: Shared = { sent: [], accepted: new Set(), retries: 0 };
  const result = await runBoth(CONNECTIONS, SECONDS, tally, shared);
  const accepted = [...shared.accepted];
  const peak = rssMb(pid);

  // Let in-flight work finish, then collect.
  await sleep(10_000);
  const heapAfter = await collect(inspector);
  const after = rssMb(pid);
  const launcherAfter = rssMb(launcher.pid!);
  const { missing, duplicated } = await storedCounts(accepted);

  const mb = (value: number) => `${value.toFixed(1)} MB`;
  console.info(
    `load: ${CONNECTIONS} connections for ${SECONDS} s against two machines, ${ORIGIN} and ${SECOND_ORIGIN} (client timeout ${TIMEOUT_S} s)`,
  );
  console.info(
    `requests: ${result.requests} (${result.perSecond.toFixed(0)}/s), errors: ${result.errors}, timeouts: ${result.timeouts}, non-2xx: ${result.non2xx}`,
  );
  console.info(
    `latency (the slower machine's): p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms`,
  );
  for (const [key, value] of [...tally.statuses.entries()].sort())
    console.info(`  ${key}: ${value}`);
  console.info(`unexpected statuses: ${tally.unexpected}`);
  console.info(
    `submissions accepted: ${accepted.length} (plus ${shared.retries} sent again), missing from contact_messages: ${missing}, duplicated: ${duplicated}`,
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
    missing > 0 && `${missing} accepted submissions missing`,
    duplicated > 0 && `${duplicated} submissions stored twice`,
    accepted.length === 0 && "no submission was accepted",
    growth > MEMORY_TOLERANCE &&
      `memory ${(growth * 100).toFixed(1)}% above its start`,
  ].filter(Boolean);
  console.info(failures.length ? `FAIL: ${failures.join("; ")}` : "PASS");
  process.exitCode = failures.length ? 1 : 0;
} finally {
  second?.kill("SIGTERM");
  launcher.kill("SIGTERM");
}
