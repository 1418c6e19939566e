// `npm run screenshots`: the whole site in one gallery, for a reviewer to
// look at in a minute. The production build on a fresh embedded Supabase
// (its seeded posts and demo accounts), every page at 1280 and 375 px wide,
// with JavaScript on and off, signed out and as each demo account, saved
// full-page under tests/.output/screenshots/ (git-ignored) with an
// index.html that shows them side by side. Ports: SCREENSHOTS_PORT and
// SCREENSHOTS_SUPABASE_PORT, or beside E2E_PORT and E2E_SUPABASE_PORT when
// those are set (+9), else 4429 and 54429.
//
//   node tests/tools/screenshots.ts [--only /path,/other]
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { DEMO_ACCOUNTS, demoPassword } from "#supabase/local/demo-accounts.ts";
import { CHROMIUM_ARGS, ensureChromium } from "#tests/support/browser.ts";
import { startProductionSite } from "#tests/support/production-site.ts";

const { values } = parseArgs({ options: { only: { type: "string" } } });

const POST = "b0000000-0000-4000-8000-000000000001";
const POST_WITHOUT_COVER = "b0000000-0000-4000-8000-000000000007";

/** Every page, with a few states worth seeing (a search, no results, a 404). */
const ALL_PAGES = [
  "/",
  "/company",
  "/careers",
  "/careers/1",
  "/careers/2",
  "/contact-us",
  "/blueprint-showcase",
  "/agents/data-engineer",
  "/agents/data-analyst",
  "/agents/ml-engineer",
  "/blueprints",
  "/blueprints?tag=Blueprints",
  "/blueprints?q=data",
  "/blueprints?q=nothingmatchesthis",
  `/blueprints/${POST}`,
  `/blueprints/${POST_WITHOUT_COVER}`,
  `/blueprints/${POST}/delete`,
  "/auth",
  "/write",
  `/edit/${POST}`,
  "/admin",
  "/admin/inbox",
  "/no-such-page",
];
const PAGES = values.only ? values.only.split(",") : ALL_PAGES;

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;
type Role = "signed-out" | keyof typeof DEMO_ACCOUNTS;
const ROLES: Role[] = [
  "signed-out",
  ...(Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]),
];

const root = new URL("../../", import.meta.url).pathname;
const gallery = join(root, "tests/.output/screenshots");

const offset = (name: string, plus: number, fallback: number) =>
  Number(
    process.env[`SCREENSHOTS_${name}`] ??
      (process.env[`E2E_${name}`]
        ? Number(process.env[`E2E_${name}`]) + plus
        : fallback),
  );

/** A page's file name: its path and query as letters, digits and dashes. */
function slug(path: string) {
  return (
    path
      .replace(/^\//, "")
      .replace(/[^a-z0-9]+/gi, "-")
      .replace(/^-|-$/g, "") || "home"
  );
}

/**
 * A role's cookies: signed in once through the real /auth form (sign-in is
 * throttled per address), then given to each of its contexts.
 */
async function sessionOf(browser: Browser, origin: string, role: Role) {
  if (role === "signed-out") return undefined;
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto("/auth");
  await page.getByLabel("Email").fill(DEMO_ACCOUNTS[role].email);
  await page.getByRole("textbox", { name: "Password" }).fill(demoPassword());
  // A platform user (the reader) stays on /auth, told access is denied
  // (403): the form's answer is what says it was taken, unless throttled.
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Sign In" }).click(),
  ]);
  if (answer.status() === 429 || answer.status() >= 500)
    throw new Error(`signing in as ${role}: ${answer.status()}`);
  await page.waitForLoadState("load");
  const state = await context.storageState();
  await context.close();
  return state;
}

type Shot = {
  path: string;
  role: Role;
  js: boolean;
  width: number;
  file: string;
  status: number | null;
};

async function shootAll(browser: Browser, origin: string) {
  const shots: Shot[] = [];
  for (const role of ROLES) {
    const storageState = await sessionOf(browser, origin, role);
    for (const js of [true, false]) {
      for (const viewport of WIDTHS) {
        const context = await browser.newContext({
          baseURL: origin,
          viewport,
          javaScriptEnabled: js,
          deviceScaleFactor: 1,
          reducedMotion: "reduce",
          storageState,
        });
        const page = await context.newPage();
        const folder = `${role}/${js ? "js" : "no-js"}/${viewport.width}`;
        mkdirSync(join(gallery, folder), { recursive: true });
        for (const path of PAGES) {
          const response = await page.goto(path, { waitUntil: "load" });
          // Hydration, web fonts and the lazy images further down, so the
          // picture is the page a visitor scrolls through. (Playwright's own
          // scripts run with the page's JavaScript off too.)
          await page
            .evaluate(async () => {
              for (const image of document.querySelectorAll("img"))
                image.loading = "eager";
              await Promise.all([
                document.fonts.ready,
                ...[...document.images].map((image) => image.decode()),
              ]);
            })
            .catch(() => {});
          if (js) {
            await page
              .waitForLoadState("networkidle", { timeout: 5000 })
              .catch(() => {});
          }
          const file = `${folder}/${slug(path)}.png`;
          await page.screenshot({
            path: join(gallery, file),
            fullPage: true,
            animations: "disabled",
          });
          shots.push({
            path,
            role,
            js,
            width: viewport.width,
            file,
            status: response?.status() ?? null,
          });
        }
        await context.close();
        console.info(`${folder}: ${PAGES.length} pages`);
      }
    }
  }
  return shots;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"]/g,
    (char) =>
      ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[char]!,
  );

/** One section per page: a row per role, a column per width and script setting. */
function indexHtml(shots: Shot[]) {
  const columns = WIDTHS.flatMap(({ width }) =>
    [true, false].map((js) => ({ width, js })),
  );
  const sections = PAGES.map((path) => {
    const rows = ROLES.map((role) => {
      const cells = columns.map(({ width, js }) => {
        const shot = shots.find(
          (s) =>
            s.path === path &&
            s.role === role &&
            s.js === js &&
            s.width === width,
        );
        if (!shot) return "<td></td>";
        return `<td><a href="${shot.file}"><img src="${shot.file}" alt="${escapeHtml(`${path}, ${role}, ${width} px, JavaScript ${js ? "on" : "off"}`)}" loading="lazy" width="${width === 1280 ? 240 : 120}"></a><br><small>${shot.status ?? ""}</small></td>`;
      });
      return `<tr><th scope="row">${role}</th>${cells.join("")}</tr>`;
    });
    return `<section id="${slug(path)}"><h2>${escapeHtml(path)}</h2><table><thead><tr><th></th>${columns
      .map(
        ({ width, js }) =>
          `<th scope="col">${width} px, JS ${js ? "on" : "off"}</th>`,
      )
      .join("")}</tr></thead><tbody>${rows.join("")}</tbody></table></section>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Screenshots: ${shots.length} pictures of ${PAGES.length} pages</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #0f172a; }
nav { columns: 3; margin-bottom: 2rem; }
table { border-collapse: collapse; }
th, td { padding: 0.5rem; vertical-align: top; text-align: left; }
td img { border: 1px solid #cbd5e1; display: block; height: auto; }
section { margin-bottom: 3rem; }
</style>
</head>
<body>
<h1>${shots.length} screenshots of ${PAGES.length} pages</h1>
<p>Each page at 1280 and 375 px, JavaScript on and off, signed out and as each demo account. Click a picture for the full page; the number under it is the HTTP status.</p>
<nav>${PAGES.map((path) => `<a href="#${slug(path)}">${escapeHtml(path)}</a>`).join("<br>")}</nav>
${sections.join("\n")}
</body>
</html>
`;
}

const site = await startProductionSite({
  port: offset("PORT", 9, 4429),
  supabasePort: offset("SUPABASE_PORT", 9, 54429),
  name: "screenshots",
});
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: CHROMIUM_ARGS,
});
try {
  rmSync(gallery, { recursive: true, force: true });
  mkdirSync(gallery, { recursive: true });
  const started = Date.now();
  const shots = await shootAll(browser, site.origin);
  writeFileSync(join(gallery, "index.html"), indexHtml(shots));
  console.info(
    `${shots.length} screenshots in ${Math.round((Date.now() - started) / 1000)} s: ${join(gallery, "index.html")}`,
  );
} finally {
  await browser.close();
  site.stop();
}
