// Every page, public and signed-in: the security headers on the HTML
// response, an enforced CSP whose per-request nonce is on every script (a
// page replayed from the page cache lists its scripts' hashes instead), and
// not one CSP violation reported by the browser while the page loads and
// hydrates. Also: nothing secret in the built client assets.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { createCookieSessionStorage } from "react-router";
import { expect, test } from "../support/fixtures.ts";
import { signIn, type Account } from "../support/auth-helpers.ts";
import {
  SITE_SECRETS,
  SUPABASE_ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY,
} from "../support/e2e-env.ts";

const POST_ID = "b0000000-0000-4000-8000-000000000002";

const PUBLIC_PAGES = [
  "/",
  "/company",
  "/careers",
  "/careers/1",
  "/careers/2?apply=1",
  "/contact-us",
  "/blueprint-showcase",
  "/agents/data-engineer",
  "/agents/data-analyst",
  "/agents/ml-engineer",
  "/blueprints",
  "/blueprints?tag=Blueprints",
  `/blueprints/${POST_ID}`,
  "/auth",
  "/admin",
  "/write",
  "/no-such-page",
];

const SIGNED_IN_PAGES: Record<Account, string[]> = {
  admin: ["/admin", `/edit/${POST_ID}`, `/blueprints/${POST_ID}`],
  author: ["/write", `/blueprints/${POST_ID}/delete`, "/"],
  reader: ["/write", "/admin", "/blueprints"],
};

test.beforeEach(() => {
  test.setTimeout(120_000);
});

/** Collects what the browser reports, from before the first script runs. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener("securitypolicyviolation", (event) => {
      list.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return async () => [
    ...violations,
    ...(await page.evaluate(
      () => (window as unknown as { __csp?: string[] }).__csp ?? [],
    )),
  ];
}

const nonces = new Set<string>();

const sha256 = (text: string) =>
  createHash("sha256").update(text).digest("base64");

/** The text of every inline script a browser would run. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !/\ssrc=|ld\+json/.test(attributes))
    .map(([, , text = ""]) => text);
}

async function visit(page: Page, path: string) {
  const reported = await watchViolations(page);
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  const headers = response!.headers();
  expect(headers["content-type"], path).toContain("text/html");
  expect(headers["x-content-type-options"], path).toBe("nosniff");
  expect(headers["referrer-policy"], path).toBe(
    "strict-origin-when-cross-origin",
  );
  expect(headers["permissions-policy"], path).toContain("camera=()");
  expect(headers["strict-transport-security"], path).toMatch(
    /max-age=\d{7,}; includeSubDomains/,
  );
  expect(headers["content-security-policy-report-only"], path).toBeUndefined();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(csp, path).toContain("object-src 'none'");
  const html = await response!.text();
  // A page rendered for one request (a query, a first render) gets a nonce.
  const sameForEveryone = !/private/.test(headers["cache-control"] ?? "");
  if (headers["x-page-cache"] && sameForEveryone) {
    // A stored page is the same bytes for everyone: its policy lists the
    // hashes of exactly the inline scripts it holds, and no nonce.
    expect(csp, path).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    const scriptSrc = /script-src [^;]+/.exec(csp)![0];
    expect(scriptSrc, path).not.toMatch(/'nonce-|'unsafe-inline'/);
    const listed = new Set(
      [...csp.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]),
    );
    for (const script of inlineScripts(html)) {
      expect(listed.has(sha256(script)), `${path}: script hash listed`).toBe(
        true,
      );
    }
  } else {
    expect(csp, path).toMatch(
      /script-src 'self' 'nonce-[^']+' 'strict-dynamic'/,
    );
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(nonces.has(nonce), `${path}: a fresh nonce`).toBe(false);
    nonces.add(nonce);
    for (const [, attributes = ""] of html.matchAll(/<script\b([^>]*)>/g)) {
      if (attributes.includes('type="application/ld+json"')) continue;
      expect(attributes, `${path}: every script carries the nonce`).toContain(
        `nonce="${nonce}"`,
      );
    }
  }
  await page.waitForLoadState("networkidle");
  expect(await reported(), `${path}: CSP violations`).toEqual([]);
}

function report(label: string, pages: number) {
  console.log(
    `security headers (${label}): ${pages} pages, headers and nonce on each, 0 CSP violations`,
  );
}

test("public pages: headers, nonce and no CSP violation", async ({ page }) => {
  for (const path of PUBLIC_PAGES) await visit(page, path);
  report("anonymous", PUBLIC_PAGES.length);
});

for (const [account, paths] of Object.entries(SIGNED_IN_PAGES) as [
  Account,
  string[],
][]) {
  test(`signed in as ${account}: headers, nonce and no CSP violation`, async ({
    page,
  }) => {
    await signIn(page, account, "/blueprints");
    await page.waitForURL(/\/blueprints$/);
    for (const path of paths) await visit(page, path);
    report(account, paths.length);
  });
}

test("no secret, token or key in the built client assets", () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(new URL("../../build/client", import.meta.url).pathname);
  const forbidden: (string | RegExp)[] = [
    SUPABASE_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY,
    SITE_SECRETS.SESSION_SECRET,
    "service_role",
    "SUPABASE_SERVICE_ROLE_KEY",
    "SESSION_SECRET",
    // Anything shaped like a JWT: header.payload.
    /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}/,
  ];
  let scanned = 0;
  for (const file of files) {
    const text = readFileSync(file, "latin1");
    scanned += text.length;
    for (const needle of forbidden) {
      const found =
        typeof needle === "string" ? text.includes(needle) : needle.test(text);
      expect(found, `${String(needle).slice(0, 24)} in ${file}`).toBe(false);
    }
  }
  console.log(
    `client assets: ${files.length} files, ${(scanned / 1024).toFixed(0)} kB scanned, ${forbidden.length} patterns, 0 found`,
  );
});

test("the local run signs its cookies with its data directory's secret, not one anyone knows", async ({
  request,
}) => {
  // A toast is a signed cookie the next page shows: one whose signature the
  // site accepts puts the signer's words on its pages.
  async function pageWithToast(secret: string, title: string) {
    const storage = createCookieSessionStorage({
      cookie: { name: "__toast", secrets: [secret] },
    });
    const session = await storage.getSession();
    session.flash("toast", { title, type: "success" });
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    return (
      await request.get("/company", { headers: { Cookie: cookie } })
    ).text();
  }
  expect(
    await pageWithToast(SITE_SECRETS.SESSION_SECRET, "Signed by this run"),
  ).toContain("Signed by this run");
  // Secrets any reader of this repository knows.
  for (const secret of [
    "development-session-secret-0123456789abcdef",
    "local-session-secret-for-the-embedded-default",
  ])
    expect(await pageWithToast(secret, "Forged"), secret).not.toContain(
      "Forged",
    );
});
