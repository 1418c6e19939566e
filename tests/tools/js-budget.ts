// The JavaScript each key page makes a visitor download, measured in a real
// browser on the production build: every script file Chromium fetches while
// the page loads and hydrates (the entry, the route modules and their static
// imports, in a fresh profile), plus the executable inline <script>s of the
// HTML (React Router's context, partial route manifest, module imports and
// hydration data, and ScrollRestoration's), gzipped as the server sends them
// to a gzip client. Chunks a page only imports on demand are listed apart.
// Runs after the build in `npm test`; ports JS_BUDGET_PORT (4422) and
// JS_BUDGET_SUPABASE_PORT (54422).
//
//   node tests/tools/js-budget.ts [--files]   (--files lists every script)
//
// Two cross-checks keep the figure honest: the files fetched must be exactly
// the ones the page's own route manifest (inline in the HTML) lists for its
// routes, or the step fails; and each line shows what this browser was really
// sent for them (it asks for brotli, which the server sends at a low quality,
// within a few percent of gzip). The JSON the router fetches after load to
// learn the routes of the page's links is shown too, but it is data, not
// JavaScript, and not counted. (Until this measured in a browser, the step
// added up the build manifest: it counted manifest-*.js, 2 KB the browser
// never fetches, and missed the inline scripts, 2 to 3 KB.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Response } from "@playwright/test";
import { CHROMIUM_ARGS, ensureChromium } from "#tests/support/browser.ts";
import { startProductionSite } from "#tests/support/production-site.ts";

// Issue #9's budget. React, React DOM and React Router take 108 KB of it,
// root's own code about 5 KB and each page's inline scripts 1.5 to 3 KB, so
// a page has little room: icons and the logo are SVG files for that reason.
const BUDGET_BYTES = 120_000;
const listFiles = process.argv.includes("--files");

const site = await startProductionSite({
  // Beside an end-to-end run's ports when those are set, so two checkouts
  // measuring at once do not meet.
  port: Number(
    process.env.JS_BUDGET_PORT ??
      (process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 7 : 4422),
  ),
  supabasePort: Number(
    process.env.JS_BUDGET_SUPABASE_PORT ??
      (process.env.E2E_SUPABASE_PORT
        ? Number(process.env.E2E_SUPABASE_PORT) + 7
        : 54422),
  ),
  name: "js-budget",
});
const client = join(site.root, "build/client");
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: CHROMIUM_ARGS,
});

const gzip = (bytes: Buffer | string) => gzipSync(bytes).byteLength;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** An inline script the browser runs; JSON-LD and other data blocks are not JavaScript. */
function isInlineJavaScript(attributes: string, body: string) {
  if (/\ssrc=/i.test(attributes) || body.length === 0) return false;
  const type = /\stype="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
  return !type || type === "module" || type === "text/javascript";
}

/**
 * What the page's inline JavaScript adds to the gzipped HTML: the document
 * compressed whole, less the same document without those scripts. That is
 * the bytes a visitor downloads for them (gzipped alone they would count
 * about 1 KB more, the part of them gzip finds elsewhere in the page).
 */
function inlineScripts(html: string) {
  let count = 0;
  const without = html.replace(SCRIPT_ELEMENT, (element, attributes, body) => {
    if (!isInlineJavaScript(attributes, body)) return element;
    count += 1;
    return "";
  });
  return { count, gzip: gzip(html) - gzip(without) };
}

/**
 * The scripts the page's inline route manifest lists for the entry and the
 * routes the page renders (the manifest also describes a few routes nearby,
 * for client navigation).
 */
function listedScripts(html: string) {
  const found =
    /window\.__reactRouterManifest = (\{[\s\S]*?\});\s*window\.__reactRouterRouteModules = (\{.*?\});/.exec(
      html,
    );
  if (!found) throw new Error("no inline route manifest in the page");
  const manifest = JSON.parse(found[1]!) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const rendered = [...found[2]!.matchAll(/"([^"]+)":route\d+/g)].map(
    ([, id]) => manifest.routes[id!]!,
  );
  return new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    ...rendered.flatMap((route) => [route.module, ...(route.imports ?? [])]),
  ]);
}

const DYNAMIC_IMPORT = /import\((["'`])\.\/([^"'`]+\.js)\1\)/g;
const STATIC_IMPORT = /(?:from|import)\s*(["'`])\.\/([^"'`]+\.js)\1/g;

/**
 * Chunks reached through `import("../x.js")` from the loaded files, with
 * everything those import in turn: what a page fetches only when it needs it.
 */
function lazyChunks(loaded: Set<string>) {
  const lazy = new Set<string>();
  const follow = (url: string, pattern: RegExp) => {
    const source = readFileSync(join(client, url), "utf8");
    for (const [, , name] of source.matchAll(pattern)) {
      const chunk = `/assets/${name}`;
      if (loaded.has(chunk) || lazy.has(chunk)) continue;
      lazy.add(chunk);
      follow(chunk, DYNAMIC_IMPORT);
      follow(chunk, STATIC_IMPORT);
    }
  };
  for (const url of loaded)
    if (url.startsWith("/assets/")) follow(url, DYNAMIC_IMPORT);
  return lazy;
}

async function measure(path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on("response", (response) => responses.push(response));
  const document = await page.goto(`${site.origin}${path}`, {
    waitUntil: "networkidle",
  });
  // Anonymous visitors get /write's sign-in form with a 401, from the same
  // route modules an author loads.
  const status = document?.status() ?? 0;
  if (status !== 200 && !(path === "/write" && status === 401)) {
    throw new Error(`${path} answered ${status}`);
  }
  const html = await document!.text();
  const scripts: { url: string; gzip: number; sent: number }[] = [];
  let data = 0;
  for (const response of responses) {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "fetch") continue;
    const body = await response.body();
    const { responseBodySize } = await response.request().sizes();
    if (type === "fetch") {
      data += responseBodySize;
      continue;
    }
    const url = new URL(response.url()).pathname;
    scripts.push({ url, gzip: gzip(body), sent: responseBodySize });
  }
  await context.close();
  const inline = inlineScripts(html);
  const fetched = new Set(scripts.map((s) => s.url));
  const listed = listedScripts(html);
  const unlisted = [...fetched].filter((url) => !listed.has(url));
  const missing = [...listed].filter((url) => !fetched.has(url));
  if (unlisted.length || missing.length) {
    throw new Error(
      `${path}: the browser's scripts differ from the page's route manifest: fetched but not listed ${unlisted.join(", ") || "none"}; listed but not fetched ${missing.join(", ") || "none"}`,
    );
  }
  const files = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const sent = scripts.reduce((sum, s) => sum + s.sent, 0);
  return { scripts, inline, files, sent, data };
}

let over = false;
try {
  const list = await (await fetch(`${site.origin}/blueprints`)).text();
  const post = /href="(\/blueprints\/[0-9a-f-]{36})"/.exec(list)?.[1];
  if (!post) throw new Error("no post linked from /blueprints");
  const PAGES = [
    { page: "/", path: "/", budget: true },
    { page: "/blueprints", path: "/blueprints", budget: true },
    { page: "/blueprints/:id (a post)", path: post, budget: true },
    { page: "/agents/:slug", path: "/agents/data-engineer", budget: true },
    { page: "/write", path: "/write", budget: false },
  ];
  console.info(
    `JavaScript per page in Chromium, gzip (fails above ${kb(BUDGET_BYTES)}):`,
  );
  for (const { page, path, budget } of PAGES) {
    const m = await measure(path);
    const total = m.files + m.inline.gzip;
    const lazy = [...lazyChunks(new Set(m.scripts.map((s) => s.url)))].reduce(
      (sum, url) => sum + gzip(readFileSync(join(client, url))),
      0,
    );
    const failed = budget && total > BUDGET_BYTES;
    if (failed) over = true;
    const verdict = !budget
      ? "  (no budget: the editor)"
      : failed
        ? `  OVER BUDGET by ${kb(total - BUDGET_BYTES)}`
        : `  ok, ${kb(BUDGET_BYTES - total)} to spare`;
    console.info(
      `  ${page.padEnd(26)} ${kb(total).padStart(9)} = ${String(m.scripts.length).padStart(2)} files ${kb(m.files)} + ${m.inline.count} inline ${kb(m.inline.gzip)}${lazy ? `, + ${kb(lazy)} on demand` : ""}${verdict}`,
    );
    console.info(
      `  ${"".padEnd(26)} (as sent to this browser: files ${kb(m.sent)}, route JSON after load ${kb(m.data)})`,
    );
    if (listFiles) {
      for (const s of m.scripts.sort((a, b) => b.gzip - a.gzip)) {
        console.info(`      ${kb(s.gzip).padStart(9)}  ${s.url}`);
      }
    }
  }
} finally {
  await browser.close();
  site.stop();
}
process.exit(over ? 1 : 0);
