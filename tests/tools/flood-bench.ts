// `npm run bench:flood`: what anonymous floods cost the production server,
// in memory and in the time `/` takes meanwhile: a flood of spellings of a
// page's path (each a 301 to the one spelling), of distinct User-Agents up
// to 16 KB (each a page view to count), and of distinct query strings (each
// a render, never stored). Each flood runs 50 connections for FLOOD_SECONDS
// (default 10) while one more connection asks for `/` in a loop; the
// server's resident memory is read every 100 ms.
//
//   npm run bench:flood [-- seconds per flood]
//
// Targets: peak RSS under 256 MB and `/` p99 under 100 ms in every flood.
// Ports: FLOOD_PORT (4630), FLOOD_SUPABASE_PORT (54630). Build first.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { request, Agent } from "node:http";

const root = new URL("../../", import.meta.url).pathname;
const PORT = Number(process.env.FLOOD_PORT ?? 4630);
const SUPABASE_PORT = Number(process.env.FLOOD_SUPABASE_PORT ?? 54630);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(
  process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 10,
);
const CONNECTIONS = 50;
const TARGETS = { rssMb: 256, p99Ms: 100 };

if (!existsSync(`${root}build/server/index.js`)) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const launcher = spawn(process.execPath, ["supabase/local/run-site.ts"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    SITE_URL: ORIGIN,
    LOCAL_SUPABASE_PORT: String(SUPABASE_PORT),
    LOCAL_SUPABASE_DATA_DIR: ".data/flood",
    LOCAL_SUPABASE_RESET: "1",
  },
});
const stop = () => launcher.kill("SIGTERM");
process.once("SIGINT", () => {
  stop();
  process.exit(130);
});

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS + 1 });
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    request(`${ORIGIN}${path}`, { agent, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    })
      .on("error", reject)
      .end();
  });
}

/** The production server: the launcher's child that runs production.ts. */
function serverPid(pid: number): number | null {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  for (const child of children) {
    const command = readFileSync(`/proc/${child}/cmdline`, "utf8");
    if (command.includes("app/server/production.ts")) return child;
    const deeper = serverPid(child);
    if (deeper) return deeper;
  }
  return null;
}

const rssMb = (pid: number) =>
  Number(
    /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1],
  ) / 1024;

const spell = (index: number) =>
  "/company"
    .split("")
    .map((char, at) =>
      at > 0 && (index >> at) & 1
        ? (index >> (at + 8)) & 1
          ? `%${char.charCodeAt(0).toString(16)}`
          : char.toUpperCase()
        : char,
    )
    .join("") + (index & 1 ? "/" : "");

const floods: [string, (index: number) => [string, Record<string, string>]][] =
  [
    ["path spellings", (index) => [spell(index), {}]],
    [
      "User-Agents",
      (index) => [
        "/",
        {
          "user-agent":
            `Mozilla/5.0 (X11; Linux x86_64) ${index} ${"x".repeat(16_000)}`.slice(
              0,
              16_000,
            ),
        },
      ],
    ],
    [
      "User-Agents, 900 bytes",
      (index) => [
        "/",
        {
          "user-agent":
            `Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0 ${index} ${"x".repeat(900)}`.slice(
              0,
              900,
            ),
        },
      ],
    ],
    ["query strings", (index) => [`/company?q=${index}`, {}]],
  ];

async function main() {
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await get("/healthz")) === 200) break;
    } catch {
      // Not listening yet.
    }
    if (attempt > 1_800) throw new Error("the site did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = serverPid(launcher.pid!);
  if (!pid) throw new Error("no production server under the launcher");
  for (let round = 0; round < 20; round++) await get("/");
  console.info(
    `\n${CONNECTIONS} connections, ${SECONDS} s per flood; server RSS at start ${rssMb(pid).toFixed(0)} MB`,
  );
  let missed = false;
  for (const [name, make] of floods) {
    let peak = rssMb(pid);
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 100);
    const end = performance.now() + SECONDS * 1000;
    let sent = 0;
    const statuses = new Map<number, number>();
    const workers = Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const [path, headers] = make(sent++);
        const status = await get(path, headers).catch(() => 0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    });
    const home: number[] = [];
    const probe = (async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await get("/");
        home.push(performance.now() - started);
      }
    })();
    await Promise.all([...workers, probe]);
    clearInterval(sampler);
    home.sort((a, b) => a - b);
    const p99 = home[Math.floor(home.length * 0.99)] ?? NaN;
    const ok = peak < TARGETS.rssMb && p99 < TARGETS.p99Ms;
    missed ||= !ok;
    console.info(
      `${name.padEnd(24)} ${String(sent).padStart(7)} requests (${[...statuses].map(([status, count]) => `${count}×${status}`).join(", ")}), peak RSS ${peak.toFixed(0)} MB, / p50 ${home[Math.floor(home.length / 2)]?.toFixed(1)} ms p99 ${p99.toFixed(1)} ms; target RSS <${TARGETS.rssMb} MB, p99 <${TARGETS.p99Ms} ms ${ok ? "ok" : "MISSED"}`,
    );
  }
  return missed;
}

main().then(
  (missed) => {
    stop();
    process.exit(missed ? 1 : 0);
  },
  (error: unknown) => {
    console.error(error);
    stop();
    process.exit(1);
  },
);
