// `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range
// phone on slow 4G) of the production build for the home page, the blog list
// and a post, in the same Chromium the end-to-end tests use. Prints the four
// category scores, the Largest and First Contentful Paint, and every audit
// that cost points. Ports: LIGHTHOUSE_PORT (4421) and
// LIGHTHOUSE_SUPABASE_PORT (54421).
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, ensureChromium } from "#tests/browser.ts";
import { startProductionSite } from "#tests/production-site.ts";

const TARGETS: Record<string, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
};

const site = await startProductionSite({
  port: Number(process.env.LIGHTHOUSE_PORT ?? 4421),
  supabasePort: Number(process.env.LIGHTHOUSE_SUPABASE_PORT ?? 54421),
  name: "lighthouse",
});
const chrome = await launch({
  chromePath: ensureChromium(),
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});
let missed = false;

try {
  const list = await (await fetch(`${site.origin}/blueprints`)).text();
  const post = /href="(\/blueprints\/[0-9a-f-]{36})"/.exec(list)?.[1];
  if (!post) throw new Error("no post linked from /blueprints");
  for (const path of ["/", "/blueprints", post]) {
    const result = await lighthouse(`${site.origin}${path}`, {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: Object.keys(TARGETS),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    const scores = Object.entries(TARGETS).map(([id, target]) => {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      if (score < target) missed = true;
      return `${id} ${score}${score < target ? ` (<${target})` : ""}`;
    });
    const lcp = lhr.audits["largest-contentful-paint"]?.displayValue ?? "?";
    const fcp = lhr.audits["first-contentful-paint"]?.displayValue ?? "?";
    console.info(`${path}\n  ${scores.join(", ")}; LCP ${lcp}, FCP ${fcp}`);
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
} finally {
  await chrome.kill();
  site.stop();
}
process.exit(missed ? 1 : 0);
