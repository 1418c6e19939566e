// `npm test`: every check the project has, in the order that fails fastest.
// It needs nothing but `npm install` first: it fetches the browser itself.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureChromium } from "./browser.ts";

const root = new URL("../", import.meta.url).pathname;
const output = `${root}tests/.output`;
const VITEST_JSON = `${output}/vitest.json`;
const PLAYWRIGHT_JSON = `${output}/playwright.json`;
const started = Date.now();

type Step = { name: string; command: string; args: string[] };

const steps: Step[] = [
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
  { name: "dependency audit", command: "node", args: ["tests/audit.ts"] },
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
    name: "production build",
    command: "node",
    args: ["supabase/local/run-site.ts", "--build-only"],
  },
  {
    name: "end-to-end tests",
    command: "npx",
    args: ["playwright", "test", "-c", "tests/playwright.config.ts"],
  },
  // Last, so a page over budget still gets its end-to-end results first.
  {
    name: "JavaScript budget",
    command: "node",
    args: ["tests/js-budget.ts"],
  },
];

const only = process.argv.slice(2);
const results: { name: string; seconds: number; ok: boolean }[] = [];

ensureChromium();
rmSync(VITEST_JSON, { force: true });
rmSync(PLAYWRIGHT_JSON, { force: true });
mkdirSync(output, { recursive: true });

for (const step of steps) {
  if (only.length > 0 && !only.some((name) => step.name.startsWith(name)))
    continue;
  console.info(`\n━━ ${step.name} ━━`);
  const stepStart = Date.now();
  const result = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1" },
  });
  const ok = result.status === 0;
  results.push({
    name: step.name,
    seconds: (Date.now() - stepStart) / 1000,
    ok,
  });
  if (!ok) break;
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
  if (existsSync(VITEST_JSON)) {
    const report = JSON.parse(readFileSync(VITEST_JSON, "utf8")) as Record<
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

const { passed, failed, skipped } = counts();
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
