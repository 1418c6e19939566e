import { expect, test } from "../support/fixtures.ts";

test.describe("document shell", () => {
  test("home renders on the server with the shell", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(
      page.getByRole("link", { name: "Skip to content" }),
    ).toHaveAttribute("href", "#main-content");
    await expect(page.locator("main#main-content")).toBeVisible();
    await expect(page).toHaveTitle(/Continuous Learning AI Agents/);
    const canonical = await page
      .locator('link[rel="canonical"]')
      .getAttribute("href");
    expect(canonical).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test("unknown paths answer 404 with a way back", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "404 Page Not Found" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(
      page.getByRole("link", { name: "Explore Blueprints" }),
    ).toHaveAttribute("href", "/blueprints");
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the health check answers JSON", async ({ page }) => {
    const response = await page.goto("/healthz");
    expect(response?.status()).toBe(200);
    expect(await response?.json()).toMatchObject({ status: "ok" });
  });
});

test.describe("security headers", () => {
  // Stored pages list script hashes instead (tests/e2e/performance.spec.ts).
  test("every rendered HTML response carries the headers and a fresh nonce", async ({
    request,
  }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await request.get("/auth");
      const headers = response.headers();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe(
        "strict-origin-when-cross-origin",
      );
      expect(headers["strict-transport-security"]).toContain("max-age=");
      expect(headers["permissions-policy"]).toContain("camera=()");
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("'unsafe-inline' 'nonce");
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const html = await response.text();
      // Every script in the page carries this request's nonce or is a JSON-LD data block.
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(
        (m) => m[1] ?? "",
      );
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) {
        if (attrs.includes('type="application/ld+json"')) continue;
        expect(attrs).toContain(`nonce="${nonce}"`);
      }
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  // CSP violations come from scripts
  test(
    "pages run with no CSP violation",
    { tag: "@js-only" },
    async ({ page }) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text()))
          violations.push(message.text());
      });
      await page.goto("/");
      await page.waitForLoadState("networkidle");
      await page.goto("/no-such-page");
      await page.waitForLoadState("networkidle");
      expect(violations).toEqual([]);
    },
  );
});
