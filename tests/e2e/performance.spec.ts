import { createHash } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { BASE_URL } from "../support/e2e-env.ts";
import { decodePng, inkShare } from "../support/png.ts";

test.describe("page cache", () => {
  test("replays a marketing page compressed once, its scripts allowed by hash", async ({
    request,
  }) => {
    for (let i = 0; i < 2; i++) await request.get("/blueprint-showcase");
    // Compression runs in the background once the page is stored.
    await expect(async () => {
      const probe = await request.get("/blueprint-showcase", {
        headers: { "Accept-Encoding": "br" },
      });
      expect(probe.headers()["content-encoding"]).toBe("br");
    }).toPass();
    const replayed = await request.get("/blueprint-showcase", {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(replayed.headers()["x-page-cache"]).toBe("hit");
    expect(replayed.headers()["content-encoding"]).toBe("br");
    const html = await replayed.text();
    expect(html).toContain("</html>");
    expect(html).not.toMatch(/\snonce=/);
    const csp = replayed.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    const listed = [...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
    const scripts = [
      ...html.matchAll(/<script(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ].map(([, text = ""]) =>
      createHash("sha256").update(text).digest("base64"),
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(listed)).toEqual(new Set(scripts));
  });

  // Every public page is stored, the form pages too: they carry nothing of
  // any one visitor's.
  // The careers pages read jobs, which open and close without a deploy: they
  // are stored like blog pages (for PAGE_CACHE_BLOG_SECONDS, which this
  // server sets to 0; app/utils/page-cache.server.test.ts stores them) and a
  // CDN may keep them a minute at most, never past the next closing.
  for (const path of ["/careers", "/careers/1"]) {
    test(`${path} may be kept by a CDN for a minute at most @js-only`, async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const cacheControl = response.headers()["cache-control"] ?? "";
      const match =
        /^public, max-age=0, s-maxage=(\d+), stale-while-revalidate=\d+$/.exec(
          cacheControl,
        );
      expect(match, cacheControl).not.toBeNull();
      expect(Number(match![1])).toBeLessThanOrEqual(60);
      expect(response.headers()["vary"]).toMatch(/Cookie/);
    });
  }

  for (const path of [
    "/",
    "/agents/data-engineer",
    "/company",
    "/contact-us",
  ]) {
    test(`${path} is the same stored bytes for every visitor, may be kept by a CDN and answers a revalidation with 304 @js-only`, async ({
      request,
      playwright,
    }) => {
      // Compression runs in the background once the page is stored; until
      // then the server compresses on the way out and sends no tag.
      let first = await request.get(path);
      await expect(async () => {
        first = await request.get(path);
        expect(first.headers()["etag"]).toBeTruthy();
      }).toPass();
      expect(first.headers()["content-encoding"]).toBe("br");
      expect(first.headers()["x-page-cache"]).toBe("hit");
      expect(first.status()).toBe(200);
      expect(first.headers()["cache-control"]).toBe(
        "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400",
      );
      expect(first.headers()["vary"]).toMatch(/Cookie/);
      const etag = first.headers()["etag"] ?? "";
      expect(etag).toMatch(/^"[\w-]+"$/);

      // Another visitor, from another address: the very same page.
      const stranger = await playwright.request.newContext({
        baseURL: BASE_URL,
        extraHTTPHeaders: { "fly-client-ip": "10.250.250.250" },
      });
      const theirs = await stranger.get(path);
      expect(theirs.headers()["etag"]).toBe(etag);
      expect(await theirs.body()).toEqual(await first.body());
      await stranger.dispose();

      const again = await request.get(path, {
        headers: {
          "If-None-Match": etag,
          "Accept-Encoding": first.headers()["content-encoding"] ?? "identity",
        },
      });
      expect(again.status()).toBe(304);
      expect(await again.body()).toHaveLength(0);
      expect(again.headers()["etag"]).toBe(etag);
      expect(again.headers()["cache-control"]).toBe(
        first.headers()["cache-control"],
      );
      // The browser applies the 304's policy to the page it keeps.
      expect(again.headers()["content-security-policy"]).toBe(
        first.headers()["content-security-policy"],
      );

      const stale = await request.get(path, {
        headers: { "If-None-Match": '"not-this-page"' },
      });
      expect(stale.status()).toBe(200);
    });
  }

  test("a signed-in or flash response is never tagged for a shared cache @js-only", async ({
    request,
  }) => {
    const response = await request.get("/company", {
      headers: { Cookie: "sb-127-auth-token=forged" },
    });
    expect(response.headers()["etag"]).toBeUndefined();
    expect(response.headers()["cache-control"] ?? "").not.toMatch(/public/);
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

  test("icons and the logo are drawn from cached files, not page scripts", async ({
    page,
  }) => {
    const images: { url: string; cacheControl: string }[] = [];
    page.on("response", (response) => {
      if (/\/assets\/(icons|brand-mark)-[\w-]+\.svg$/.test(response.url())) {
        images.push({
          url: response.url(),
          cacheControl: response.headers()["cache-control"] ?? "",
        });
      }
    });
    await page.goto("/");
    const icons = page.locator("svg > use");
    expect(await icons.count()).toBeGreaterThan(5);
    // A shown icon whose symbol did not arrive has nothing to measure.
    await expect(async () => {
      const drawn = await icons.evaluateAll((uses) =>
        uses
          .filter((use) => use.closest("svg")!.getBoundingClientRect().width)
          .map((use) => (use as SVGUseElement).getBBox().width > 0),
      );
      expect(drawn.length).toBeGreaterThan(5);
      expect(drawn.filter(Boolean).length).toBe(drawn.length);
    }).toPass();
    const logo = page.getByRole("banner").locator('img[src*="brand-mark"]');
    await expect(logo).toHaveJSProperty("complete", true);
    expect(
      await logo.evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(32);
    expect(images.map((image) => image.cacheControl)).toEqual([
      "public, max-age=31536000, immutable",
      "public, max-age=31536000, immutable",
    ]);
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

  for (const [path, width] of [
    ["/", 1280],
    ["/", 375],
    ["/agents/data-engineer", 1280],
    ["/agents/data-engineer", 375],
  ] as const) {
    test(`a capture of the whole of ${path} shows every section at ${width} px`, async ({
      page,
    }) => {
      // Link-preview renderers and full-page screenshots paint the page in
      // one go, without scrolling: a section whose painting waits until it
      // nears the screen (content-visibility: auto) came out blank there.
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      const bands = await page.evaluate(() =>
        [...document.querySelectorAll("main section")]
          .map((section) => {
            const box = section.getBoundingClientRect();
            return {
              name: section.getAttribute("aria-labelledby") ?? section.id,
              top: box.top + window.scrollY,
              bottom: box.bottom + window.scrollY,
            };
          })
          .filter((band) => band.bottom - band.top > 100),
      );
      expect(bands.length).toBeGreaterThanOrEqual(4);
      const pixels = decodePng(await page.screenshot({ fullPage: true }));
      const scale = pixels.width / width;
      // A blank band is one colour; text on a plain background is a few
      // percent of other pixels.
      const blank = bands
        .map((band) => ({
          ...band,
          ink: inkShare(pixels, band.top * scale, band.bottom * scale),
        }))
        .filter((band) => band.ink < 0.002)
        .map((band) => `${band.name} (${band.top}-${band.bottom} px)`);
      expect(blank).toEqual([]);
    });
  }

  test("the brand typeface is self-hosted, preloaded once and used", async ({
    page,
  }) => {
    const fonts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "font")
        fonts.push(`${response.status()} ${response.url()}`);
    });
    const html = await (await page.request.get("/")).text();
    const preloads = [
      ...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g),
    ].map((match) => match[1]);
    // One Latin file carries every weight; no other subset is preloaded.
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toMatch(
      /^\/assets\/inter-latin-wght-normal-.+\.woff2$/,
    );
    expect(html).toContain("font-display:swap");

    await page.goto("/");
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          return document.fonts.check('700 16px "Inter Variable"');
        }),
      )
      .toBe(true);
    expect(
      await page
        .getByRole("heading", { level: 1 })
        .first()
        .evaluate((element) => getComputedStyle(element).fontFamily),
    ).toMatch(/^"Inter Variable"/);
    expect(fonts).toEqual([`200 ${new URL(preloads[0]!, page.url())}`]);
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
