import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { BASE_URL } from "./e2e-env.ts";

function cspNonce(response: APIResponse) {
  const csp = response.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, "the page has a CSP nonce").toBeTruthy();
  return nonce!;
}

test.describe("page cache", () => {
  test("replays a marketing page with a fresh nonce on every response", async ({
    request,
  }) => {
    const responses = [];
    for (let i = 0; i < 3; i++) responses.push(await request.get("/company"));
    // The first may have been rendered for another test already.
    expect(responses[2]!.headers()["x-page-cache"]).toBe("hit");
    const nonces = responses.map(cspNonce);
    expect(new Set(nonces).size).toBe(3);
    for (const [i, response] of responses.entries()) {
      const html = await response.text();
      const scriptNonces = [
        ...html.matchAll(/<(?:script|link)\b[^>]*\snonce="([^"]*)"/g),
      ].map((match) => match[1]);
      expect(scriptNonces.length).toBeGreaterThan(0);
      for (const value of scriptNonces) expect(value).toBe(nonces[i]);
      expect(html).not.toContain("page-cache-nonce-placeholder");
      for (const other of nonces) {
        if (other !== nonces[i]) expect(html).not.toContain(other);
      }
    }
  });

  test("a flash message set by a redirect still shows on a cached page", async ({
    page,
  }) => {
    await page.request.get("/");
    const cached = await page.request.get("/");
    expect(cached.headers()["x-page-cache"]).toBe("hit");

    // Signing out (even with no session) redirects home with a flash cookie.
    const signOut = await page.request.post("/sign-out", {
      form: { redirectTo: "/" },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(signOut.status()).toBe(302);
    const home = await page.goto("/");
    expect(home?.headers()["x-page-cache"]).toBeUndefined();
    await expect(page.getByTestId("toast")).toContainText(
      "Signed out successfully",
    );

    // Shown once: the next visit is the cached page again, without it.
    const again = await page.goto("/");
    expect(again?.headers()["x-page-cache"]).toBe("hit");
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });
});

test.describe("transfer", () => {
  test("hashed assets are immutable for a year and HTML is compressed", async ({
    request,
  }) => {
    const home = await request.get("/", {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(home.headers()["content-encoding"]).toBe("gzip");
    const asset = /\/assets\/[\w.-]+\.js/.exec(await home.text())?.[0];
    expect(asset, "the home page loads a built script").toBeTruthy();
    const script = await request.get(asset!);
    expect(script.ok()).toBe(true);
    expect(script.headers()["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
  });

  test("dynamic responses say where their time went", async ({ request }) => {
    const list = await request.get("/blueprints");
    expect(list.ok()).toBe(true);
    const timing = list.headers()["server-timing"] ?? "";
    expect(timing).toMatch(/^total;dur=\d+(\.\d+)?/);
    expect(timing).toMatch(/supabase;dur=\d+(\.\d+)?;desc="\d+ calls"/);
  });
});

test.describe("first paint", () => {
  // The server writes each page's stylesheets into its head
  // (app/utils/inline-css.server.ts): a stylesheet <link> the browser would
  // fetch holds the first paint for a request on a slow connection.
  async function paths(request: APIRequestContext) {
    const list = await (await request.get("/blueprints")).text();
    const post = /href="(\/blueprints\/[0-9a-f-]{36})"/.exec(list)?.[1];
    expect(post, "/blueprints links a post").toBeTruthy();
    return ["/", "/blueprints", post!, "/company", "/contact-us"];
  }

  test("every stylesheet is in the head, and its link disabled", async ({
    request,
  }) => {
    for (const path of await paths(request)) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const links = [
        ...head.matchAll(/<link\b[^>]*\srel="stylesheet"[^>]*>/g),
      ].map(([link]) => link);
      expect(links.length, `${path} has stylesheets`).toBeGreaterThan(0);
      expect(
        links.filter((link) => !/\sdisabled=""/.test(link)),
        `${path} has no stylesheet the browser fetches`,
      ).toEqual([]);
      for (const link of links) {
        const href = /\shref="([^"]+)"/.exec(link)?.[1];
        expect(head).toContain(`<style data-inline-href="${href}"`);
      }
      // Mantine's styles come only with the pages built from its components.
      const mantine = /\/assets\/mantine-[\w-]+\.css/.test(head);
      expect(mantine, `${path} and Mantine's stylesheet`).toBe(
        path === "/company" || path === "/contact-us",
      );
    }
  });

  test("a page is styled without requesting a stylesheet", async ({ page }) => {
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") {
        stylesheets.push(request.url());
      }
    });
    for (const path of await paths(page.request)) {
      await page.goto(path);
      await expect(page.locator("header").first()).toHaveCSS(
        "position",
        "fixed",
      );
    }
    expect(stylesheets).toEqual([]);
  });

  test("a client-side navigation brings the next page's stylesheets @js-only", async ({
    page,
  }) => {
    await page.goto("/contact-us");
    const send = page.getByRole("button", { name: /send/i });
    const styled = await send.evaluate((button) => {
      const style = getComputedStyle(button);
      return [style.backgroundColor, style.borderRadius, style.height];
    });
    expect(styled[0]).not.toBe("rgba(0, 0, 0, 0)");

    await page.goto("/");
    // Hydrated: the header's links navigate without a document request.
    await expect(page.locator("header[data-hydrated]")).toBeAttached();
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page
      .getByRole("banner")
      .getByRole("link", { name: "Request Demo" })
      .first()
      .click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(send).toBeVisible();
    const navigated = await send.evaluate((button) => {
      const style = getComputedStyle(button);
      return [style.backgroundColor, style.borderRadius, style.height];
    });
    expect(navigated).toEqual(styled);
    expect(documents).toEqual([]);
  });
});
