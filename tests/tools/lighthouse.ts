// `npm run lighthouse`: Lighthouse's mobile audit (a mid-range phone on slow
// 4G) of the production build for the home page, the blog list and a post,
// in the same Chromium the end-to-end tests use. Prints the four category
// scores, the Largest and First Contentful Paint and Total Blocking Time, and
// every audit that cost points. Ports: LIGHTHOUSE_PORT (4421) and
// LIGHTHOUSE_SUPABASE_PORT (54421).
//
// Lighthouse's phone is emulated: it slows the host's CPU 4x, a factor meant
// for a high-end desktop host (BenchmarkIndex 1500-2000), and tells a slower
// host to lower it (docs/throttling.md, "Calibrating the CPU slowdown"). Each
// page is audited twice: with the default 4x, and with the factor that gives
// this host the phone the default gives a desktop in the middle of that
// bracket, 4 x BenchmarkIndex / 1750. The targets are judged on the second;
// both are printed.
import { launch } from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { CHROMIUM_ARGS, ensureChromium } from "#tests/support/browser.ts";
import { startProductionSite } from "#tests/support/production-site.ts";

const TARGETS: Record<string, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
};

/** The BenchmarkIndex the default 4x slowdown is meant for. */
const REFERENCE_BENCHMARK_INDEX = 1750;

function calibratedSlowdown(benchmarkIndex: number) {
  const factor = (4 * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.round(Math.min(4, Math.max(1, factor)) * 100) / 100;
}

const site = await startProductionSite({
  // Beside an end-to-end run's ports when those are set, so two checkouts
  // measuring at once do not meet.
  port: Number(
    process.env.LIGHTHOUSE_PORT ??
      (process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 8 : 4421),
  ),
  supabasePort: Number(
    process.env.LIGHTHOUSE_SUPABASE_PORT ??
      (process.env.E2E_SUPABASE_PORT
        ? Number(process.env.E2E_SUPABASE_PORT) + 8
        : 54421),
  ),
  name: "lighthouse",
});
const chrome = await launch({
  chromePath: ensureChromium(),
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});
let missed = false;

async function audit(path: string, cpuSlowdownMultiplier?: number) {
  const flags: Flags = {
    port: chrome.port,
    logLevel: "error",
    output: "json",
    onlyCategories: Object.keys(TARGETS),
  };
  if (cpuSlowdownMultiplier) {
    flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier };
  }
  const result = await lighthouse(`${site.origin}${path}`, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  return result.lhr;
}

type Report = Awaited<ReturnType<typeof audit>>;

function summary(lhr: Report, judge: boolean) {
  const scores = Object.entries(TARGETS).map(([id, target]) => {
    const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
    if (judge && score < target) missed = true;
    return `${id} ${score}${judge && score < target ? ` (<${target})` : ""}`;
  });
  const shown = (id: string) => lhr.audits[id]?.displayValue ?? "?";
  return `${scores.join(", ")}; LCP ${shown("largest-contentful-paint")}, FCP ${shown("first-contentful-paint")}, TBT ${shown("total-blocking-time")}`;
}

function costs(lhr: Report) {
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null) continue;
      if (audit.score >= 0.9) continue;
      console.info(
        `    ${category.id}: ${audit.id} ${Math.round(audit.score * 100)}${audit.displayValue ? ` (${audit.displayValue})` : ""}`,
      );
    }
  }
}

try {
  const list = await (await fetch(`${site.origin}/blueprints`)).text();
  const post = /href="(\/blueprints\/[0-9a-f-]{36})"/.exec(list)?.[1];
  if (!post) throw new Error("no post linked from /blueprints");
  for (const path of ["/", "/blueprints", post]) {
    const standard = await audit(path);
    const { benchmarkIndex } = standard.environment;
    const slowdown = calibratedSlowdown(benchmarkIndex);
    const calibrated = await audit(path, slowdown);
    console.info(`${path} (host BenchmarkIndex ${Math.round(benchmarkIndex)})`);
    console.info(`  CPU 4x (default): ${summary(standard, false)}`);
    console.info(
      `  CPU ${slowdown}x (calibrated): ${summary(calibrated, true)}`,
    );
    costs(calibrated);
  }
} finally {
  await chrome.kill();
  site.stop();
}
process.exit(missed ? 1 : 0);
