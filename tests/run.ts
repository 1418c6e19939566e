// `npm test`: every check the project has, in the order that fails fastest.
// It needs nothing but `npm install` first: it fetches the browser itself.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./browser.ts";

const root = new URL("../", import.meta.url).pathname;
const started = Date.now();

type Step = { name: string; command: string; args: string[] };

const steps: Step[] = [
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
  { name: "unit and contract tests", command: "npx", args: ["vitest", "run"] },
  {
    name: "production build",
    command: "npx",
    args: ["react-router", "build"],
  },
  {
    name: "end-to-end tests",
    command: "npx",
    args: ["playwright", "test", "-c", "tests/playwright.config.ts"],
  },
];

const only = process.argv.slice(2);
const results: { name: string; seconds: number; ok: boolean }[] = [];

ensureChromium();

for (const step of steps) {
  if (only.length > 0 && !only.some((name) => step.name.startsWith(name))) continue;
  console.info(`\n━━ ${step.name} ━━`);
  const stepStart = Date.now();
  const result = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1" },
  });
  const ok = result.status === 0;
  results.push({ name: step.name, seconds: (Date.now() - stepStart) / 1000, ok });
  if (!ok) break;
}

console.info("\n━━ summary ━━");
for (const r of results) {
  console.info(`${r.ok ? "✓" : "✗"} ${r.name.padEnd(26)} ${r.seconds.toFixed(1)} s`);
}
console.info(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
