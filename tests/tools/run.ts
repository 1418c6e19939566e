// `npm test`: every check the project has, in the order that fails fastest.
// It needs nothing but `npm install` first: it fetches the browser itself.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureChromium } from "../support/browser.ts";
import { printSlowest } from "./test-times.ts";

const root = new URL("../../", import.meta.url).pathname;
const output = `${root}tests/.output`;
const VITEST_JSON = `${output}/vitest.json`;
const VITEST_LEGACY_JSON = `${output}/vitest-legacy-keys.json`;
const PLAYWRIGHT_JSON = `${output}/playwright.json`;
const started = Date.now();

/**
 * `together` steps start at once with the step before them: the static checks
 * are single-threaded, so on two cores they take the time of the longest.
 */
type Step = {
  name: string;
  command: string;
  args: string[];
  together?: boolean;
  env?: Record<string, string>;
};

const steps: Step[] = [
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
  {
    name: "lint",
    command: "npm",
    args: ["run", "--silent", "lint"],
    together: true,
  },
  {
    name: "edge functions (deno check and lint)",
    command: "node",
    args: ["tests/tools/check-functions.ts"],
    together: true,
  },
  {
    name: "dependency audit",
    command: "node",
    args: ["tests/tools/audit.ts"],
    together: true,
  },
  {
    // The checked-in Database type against a fresh migrate of the schema.
    name: "database types up to date",
    command: "node",
    args: ["supabase/local/db-types.ts", "--check"],
  },
  {
    name: "unit and contract tests",
    command: "npx",
    args: [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${VITEST_JSON}`,
    ],
  },
  {
    // The key-dependent contract tests again with the legacy JWT keys and
    // HS256 tokens, which hosted projects made before sb_ keys still use.
    name: "contract tests, legacy keys",
    command: "npx",
    args: [
      "vitest",
      "run",
      "supabase/local/keys.test.ts",
      "supabase/local/auth.test.ts",
      "supabase/local/functions.test.ts",
      "supabase/functions",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${VITEST_LEGACY_JSON}`,
    ],
    env: { LOCAL_SUPABASE_LEGACY_KEYS: "1" },
  },
  {
    // The database-backed tests again on Debian's PostgreSQL 15, as hosted
    // projects run, where PGlite is PostgreSQL 18 (decision 211).
    name: "database tests on PostgreSQL 15",
    command: "node",
    args: ["tests/tools/test-pg.ts"],
  },
  {
    name: "production build",
    command: "node",
    args: ["supabase/local/run-site.ts", "--build-only"],
  },
  {
    name: "end-to-end tests",
    command: "npx",
    args: ["playwright", "test", "-c", "tests/config/playwright.config.ts"],
  },
  // Last, so a page over budget still gets its end-to-end results first.
  {
    name: "JavaScript budget",
    command: "node",
    args: ["tests/tools/js-budget.ts"],
  },
];

const only = process.argv.slice(2);
const results: { name: string; seconds: number; ok: boolean }[] = [];

ensureChromium();
for (const report of [VITEST_JSON, VITEST_LEGACY_JSON, PLAYWRIGHT_JSON])
  rmSync(report, { force: true });
mkdirSync(output, { recursive: true });

/**
 * Runs one step. A step that shares its time with others keeps its output
 * until it ends, so each step's lines stay together.
 */
function run(step: Step, buffered: boolean) {
  const stepStart = Date.now();
  if (!buffered) console.info(`\n━━ ${step.name} ━━`);
  // Its own process group, so a stop reaches everything the step started.
  const child = spawn(step.command, step.args, {
    cwd: root,
    detached: true,
    stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    env: {
      ...process.env,
      FORCE_COLOR: process.env.CI ? "0" : "1",
      ...step.env,
    },
  });
  running.add(child);
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise<{ name: string; seconds: number; ok: boolean }>(
    (resolve) => {
      // A command that cannot start still ends in "close", with a failing code.
      child.on("error", (error) => {
        console.error(`${step.name}: ${error.message}`);
      });
      child.on("close", (code) => {
        running.delete(child);
        if (buffered) {
          console.info(`\n━━ ${step.name} ━━`);
          process.stdout.write(Buffer.concat(output));
        }
        resolve({
          name: step.name,
          seconds: (Date.now() - stepStart) / 1000,
          ok: code === 0,
        });
      });
    },
  );
}

const running = new Set<ChildProcess>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Ctrl+C, a terminal closed or a CI timeout: each running step gets SIGINT,
 * the signal its runner winds down on (Playwright stops its web servers and
 * frees their ports), then its whole group SIGKILL if it has not ended
 * within STOP_GRACE_MS. The web servers also stop when the runner that
 * started them is gone (STOP_WITH_STDIN in tests/config/playwright.config.ts).
 */
const STOP_GRACE_MS = 20_000;
let stopping = false;

async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.error(`\n${signal}: stopping ${running.size} running step(s)`);
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            signalGroup(child, "SIGKILL");
            resolve();
          }, STOP_GRACE_MS);
          child.once("close", () => {
            clearTimeout(timer);
            // Anything of the group still there after its leader ended.
            signalGroup(child, "SIGKILL");
            resolve();
          });
          signalGroup(child, "SIGINT");
        }),
    ),
  );
  process.exit(signal === "SIGINT" ? 130 : 143);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.on(signal, () => void stop(signal));

// `npm test` runs this under `sh -c`, and a SIGTERM to npm ends npm and the
// shell without passing it on: a runner whose parent is gone stops as if it
// had the signal itself.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop("SIGTERM");
}, 500).unref();

const selected = steps.filter(
  (step) =>
    only.length === 0 || only.some((name) => step.name.startsWith(name)),
);
const groups: Step[][] = [];
for (const step of selected) {
  const last = groups.at(-1);
  if (step.together && last) last.push(step);
  else groups.push([step]);
}
for (const group of groups) {
  const done = await Promise.all(
    group.map((step) => run(step, group.length > 1)),
  );
  // stop() ends the process once every step has; no further step starts.
  if (stopping) await new Promise(() => {});
  results.push(...done);
  if (!done.every((r) => r.ok)) break;
}

console.info("\n━━ summary ━━");
for (const r of results) {
  console.info(
    `${r.ok ? "✓" : "✗"} ${r.name.padEnd(26)} ${r.seconds.toFixed(1)} s`,
  );
}
console.info(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);

/** Test counts from the runners' JSON reports, summed into one closing line. */
function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of [VITEST_JSON, VITEST_LEGACY_JSON]) {
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, "utf8")) as Record<
      string,
      number
    >;
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  if (existsSync(PLAYWRIGHT_JSON)) {
    const { stats } = JSON.parse(readFileSync(PLAYWRIGHT_JSON, "utf8")) as {
      stats: Record<string, number>;
    };
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    skipped += stats.skipped ?? 0;
  }
  return { passed, failed, skipped };
}

printSlowest({
  vitest: [VITEST_JSON, VITEST_LEGACY_JSON],
  playwright: PLAYWRIGHT_JSON,
});
const { passed, failed, skipped } = counts();
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
