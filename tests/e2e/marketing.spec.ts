import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { SUPABASE_URL } from "../support/e2e-env.ts";
import { expect, test } from "../support/fixtures.ts";

// The public marketing screens. Everything here must work without scripts,
// and without them every page is the same bytes. What only reads the server's
// document (its words, links, metadata, JSON-LD, CSS, axe on it) runs once,
// in "js" (@js-only). What the browser does by itself without scripts (the
// <details> menus opening by keyboard and following a link, the muted video
// autoplaying) is the same for every agent, so "no-js" runs it for one.

const MOBILE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const AGENT_PAGES = [
  {
    path: "/agents/data-engineer",
    name: "Peter",
    role: "Data Engineer",
    progress: [92, 95, 88, 90, 75, 45],
  },
  {
    path: "/agents/data-analyst",
    name: "Zara",
    role: "Data Analyst",
    progress: [95, 66, 70, 90, 85, 85],
  },
  {
    path: "/agents/ml-engineer",
    name: "Jeremy",
    role: "ML Engineer",
    progress: [45, 57, 88, 60, 63, 50],
  },
] as const;

const PAGES = [
  {
    path: "/",
    heading: "Continuous Learning. Continuous Shipping",
    texts: [
      "Organizational Superintelligence",
      "Organizational Wiki",
      "Top-2% Engineering Playbooks",
      "Enterprise Ready",
      "AI Autonomous Exploration",
      "Trusted by developers worldwide",
      "40x",
      "output at half the cost",
      "instead of 9 months",
      "Dedicated SaaS Platform",
      "On-Premise Licence",
    ],
  },
  {
    path: "/blueprint-showcase",
    heading: "Pre-built blueprints, ready for your stack",
    texts: [
      "Churn Prediction",
      "KPI Orchestration",
      "Customer Segmentation",
      "Data Deduplication",
      "Data Quality",
      "Web Data Integration & Enrichment",
    ],
  },
  {
    path: "/company",
    heading: "Building the Future of AI",
    texts: [
      "Our Mission",
      "Our Values",
      "Mastery",
      "Compassion",
      "Constructive",
      "Transparency",
      "Science First",
      "Honesty",
      "Join Our Journey",
    ],
  },
  ...AGENT_PAGES.map((agent) => ({
    path: agent.path,
    heading: agent.name,
    texts: [agent.role, "Capabilities", "Technologies", "Learning progress"],
  })),
];

/** No-JS runs of a per-agent test: the first agent only (see above). */
const noScriptsRunFor = (agent: (typeof AGENT_PAGES)[number]) =>
  agent === AGENT_PAGES[0] ? [] : ["@js-only"];

const header = (page: Page) => page.getByRole("banner");

/** The visible label of the mobile menu toggle: "Open menu" or "Close menu". */
const menuLabel = (page: Page, label: "Open menu" | "Close menu") =>
  header(page).getByText(label, { exact: true });

/** The visible `<summary>` of the header whose text matches. */
const summary = (page: Page, text: string) =>
  header(page).locator("summary").filter({ hasText: text, visible: true });

test.describe("marketing pages", () => {
  for (const { path, heading, texts } of PAGES) {
    test(
      `${path} answers 200 with its words`,
      {
        tag: "@js-only",
      },
      async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(
          page.getByRole("heading", { level: 1, name: heading }),
        ).toBeVisible();
        const main = page.getByRole("main");
        for (const text of texts) {
          await expect(
            main.getByText(text, { exact: false }).first(),
          ).toBeVisible();
        }
      },
    );

    // One load: axe at desktop, then the viewport shrinks to 375 px.
    test(
      `${path} has no axe violations at desktop and 375 px`,
      {
        tag: "@js-only",
      },
      async ({ page }) => {
        test.setTimeout(60_000);
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.setViewportSize(DESKTOP);
        await page.goto(path);
        await expectNoAxeViolations(page);
        // At 375 px with the menu open: the collapsed layout and the menu panel.
        await page.setViewportSize(MOBILE);
        await summary(page, "Open menu").click();
        await expectNoAxeViolations(page);
      },
    );

    test(
      `${path} sends its metadata and parseable JSON-LD in the first response`,
      {
        tag: "@js-only",
      },
      async ({ request, baseURL }) => {
        const response = await request.get(path);
        expect(response.status()).toBe(200);
        const html = await response.text();
        const metaContent = (attr: string, key: string) =>
          new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(
            html,
          )?.[1];

        expect(html).toMatch(/<title>[^<]*Recursa[^<]*<\/title>/);
        expect(metaContent("name", "description")?.length).toBeGreaterThan(40);
        expect(html).toContain(
          `<link rel="canonical" href="${new URL(path, baseURL).toString()}"`,
        );
        expect(metaContent("property", "og:title")).toBeTruthy();
        expect(metaContent("property", "og:url")).toBe(
          new URL(path, baseURL).toString(),
        );
        expect(metaContent("property", "og:image")).toMatch(/^https?:\/\//);
        expect(metaContent("name", "twitter:card")).toBe("summary_large_image");

        const blocks = [
          ...html.matchAll(
            /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g,
          ),
        ].map((match) => JSON.parse(match[1] ?? "") as Record<string, unknown>);
        const byType = (type: string) =>
          blocks.find((block) => block["@type"] === type);
        expect(byType("Organization")).toMatchObject({
          name: "Recursa",
          contactPoint: { "@type": "ContactPoint", contactType: "sales" },
        });
        expect(byType("SoftwareApplication")).toMatchObject({
          offers: {
            price: "0",
            priceCurrency: "USD",
            description: "Contact for pricing",
          },
        });
      },
    );
  }

  test(
    "the home page uses the default title and description",
    {
      tag: "@js-only",
    },
    async ({ request }) => {
      const html = await (await request.get("/")).text();
      expect(html).toContain(
        "<title>Recursa - Continuous Learning AI Agents. Continuous Shipping. | Enterprise Superintelligence</title>",
      );
      expect(html).toMatch(
        /<meta name="description" content="[^"]*40x ROI[^"]*on-premise[^"]*dedicated SaaS/,
      );
    },
  );

  test(
    "pages add their own metadata and structured data",
    {
      tag: "@js-only",
    },
    async ({ request }) => {
      const showcase = await (await request.get("/blueprint-showcase")).text();
      expect(showcase).toContain("<title>Blueprint Showcase | Recursa</title>");
      expect(showcase).toContain('"@type":"ItemList"');
      const agent = await (await request.get("/agents/data-analyst")).text();
      expect(agent).toContain("<title>Zara, AI Data Analyst | Recursa</title>");
      expect(agent).toMatch(
        /<meta property="og:image" content="[^"]*\/images\/agents\/data-analyst-poster\.png"/,
      );
      expect(agent).toContain('"@type":"Service"');
    },
  );

  test(
    "an unknown agent answers 404",
    { tag: "@js-only" },
    async ({ page }) => {
      const response = await page.goto("/agents/designer");
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { name: "404 Page Not Found" }),
      ).toBeVisible();
    },
  );
});

test.describe("top navigation", () => {
  test(
    "marks the current route with aria-current",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      const nav = header(page).getByRole("navigation", { name: "Main" });

      await page.goto("/");
      await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(
        nav.getByRole("link", { name: "Company" }),
      ).not.toHaveAttribute("aria-current");

      await page.goto("/company");
      await expect(nav.getByRole("link", { name: "Company" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute(
        "aria-current",
      );

      await page.goto("/agents/data-analyst");
      await summary(page, "AI SWE Agents").click();
      await expect(nav.getByRole("link", { name: /Zara/ })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(
        nav.getByRole("link", { name: /Peter/ }),
      ).not.toHaveAttribute("aria-current");
    },
  );

  test(
    "lists Home, Company, Careers and Request Demo",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto("/blueprint-showcase");
      const nav = header(page).getByRole("navigation", { name: "Main" });
      for (const [name, href] of [
        ["Home", "/"],
        ["Company", "/company"],
        ["Careers", "/careers"],
        ["Request Demo", "/contact-us"],
      ] as const) {
        await expect(
          nav.getByRole("link", { name, exact: true }),
        ).toHaveAttribute("href", href!);
      }
    },
  );

  // A slow connection: the visitor opens the menu before the scripts arrive.
  test(
    "a dropdown opened before hydration stays open after it",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      let release = () => {};
      const scripts = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) =>
          url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
        async (route) => {
          await scripts;
          await route.continue();
        },
      );
      await page.goto("/", { waitUntil: "commit" });
      const link = header(page).getByRole("link", { name: /Peter/ });
      await summary(page, "AI SWE Agents").focus();
      await page.keyboard.press("Enter");
      await expect(link).toBeVisible();
      release();
      await expect(header(page)).toHaveAttribute("data-hydrated", "true");
      await expect(link).toBeVisible();
    },
  );

  for (const agent of AGENT_PAGES) {
    test(
      `the AI SWE Agents dropdown reaches ${agent.name} by keyboard`,
      { tag: noScriptsRunFor(agent) },
      async ({ page }) => {
        await page.setViewportSize(DESKTOP);
        await page.goto("/");
        const toggle = summary(page, "AI SWE Agents");
        const link = header(page).getByRole("link", {
          name: new RegExp(agent.name),
        });
        await expect(link).toBeHidden();
        await toggle.focus();
        await page.keyboard.press("Enter");
        await expect(link).toBeVisible();
        await expect(link).toContainText(agent.role);
        await link.focus();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(new RegExp(`${agent.path}$`));
        await expect(
          page.getByRole("heading", { level: 1, name: agent.name }),
        ).toBeVisible();
        await expect(link).toBeHidden();
      },
    );

    test(
      `the mobile menu reaches ${agent.name} at 375 px`,
      { tag: noScriptsRunFor(agent) },
      async ({ page }) => {
        await page.setViewportSize(MOBILE);
        await page.goto("/");
        await expect(
          header(page).getByRole("navigation", { name: "Main" }),
        ).toBeHidden();
        await expect(menuLabel(page, "Open menu")).toBeVisible();
        await expect(menuLabel(page, "Close menu")).toBeHidden();

        const toggle = summary(page, "Open menu");
        await toggle.focus();
        await page.keyboard.press("Enter");
        await expect(menuLabel(page, "Close menu")).toBeVisible();
        await expect(menuLabel(page, "Open menu")).toBeHidden();
        const nav = header(page).getByRole("navigation", { name: "Main" });
        await expect(nav.getByRole("link", { name: "Company" })).toBeVisible();
        await expect(
          nav.getByRole("link", { name: "Request Demo" }),
        ).toBeVisible();

        await nav.getByRole("link", { name: new RegExp(agent.name) }).click();
        await expect(page).toHaveURL(new RegExp(`${agent.path}$`));
        await expect(
          page.getByRole("heading", { level: 1, name: agent.name }),
        ).toBeVisible();
        // The menu closes on navigation.
        await expect(menuLabel(page, "Open menu")).toBeVisible();
        await expect(nav).toBeHidden();
      },
    );
  }

  test(
    "the mobile menu closes when it navigates to the page already shown",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.setViewportSize(MOBILE);
      await page.goto("/company");
      await summary(page, "Open menu").click();
      const nav = header(page).getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Company" }).click();
      await expect(nav).toBeHidden();
      await expect(menuLabel(page, "Open menu")).toBeVisible();
    },
  );

  // Without scripts the browser's scroll timeline styles the bar instead.
  test(
    "turns translucent once scrolled past 10 px",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto("/");
      const banner = header(page);
      await expect(banner).toHaveAttribute("data-scrolled", "false");
      await page.mouse.wheel(0, 400);
      await expect(banner).toHaveAttribute("data-scrolled", "true");
      await expect(banner).toHaveCSS("backdrop-filter", /blur/);
      await page.evaluate(() => window.scrollTo(0, 5));
      await expect(banner).toHaveAttribute("data-scrolled", "false");
      await expect(banner).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    },
  );

  test(
    "scrolls to the top on every route change",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto("/");
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page
        .getByRole("contentinfo")
        .getByRole("link", { name: "Blueprint Showcase" })
        .click();
      await expect(page).toHaveURL(/\/blueprint-showcase$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    },
  );

  test(
    "in-page anchors scroll smoothly to their target",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto("/");
      await expect(page.locator("html")).toHaveCSS("scroll-behavior", "smooth");
      await page.getByRole("link", { name: "See the results" }).click();
      await expect(page).toHaveURL(/#results$/);
      await expect(
        page.getByRole("heading", {
          name: "Measured in shipped work, not demos",
        }),
      ).toBeInViewport();
    },
  );
});

test.describe("footer", () => {
  test(
    "links the blog, the community and the 2024 copyright",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/");
      const footer = page.getByRole("contentinfo");
      const resources = footer.getByRole("navigation", { name: "Resources" });
      await expect(
        resources.getByRole("link", { name: "Implementation Blueprints" }),
      ).toHaveAttribute("href", "/blueprints");

      const connect = footer.getByRole("navigation", { name: "Connect" });
      const links = connect.getByRole("link");
      await expect(links).toHaveCount(4);
      const hosts = [];
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute("rel", "noopener noreferrer");
        hosts.push(new URL((await link.getAttribute("href")) ?? "").hostname);
      }
      expect(hosts).toEqual([
        "github.com",
        "x.com",
        "www.linkedin.com",
        "discord.gg",
      ]);
      await expect(footer).toContainText(
        "© 2024 Recursa. All rights reserved.",
      );
    },
  );
});

test.describe("home", () => {
  test(
    "Start Now leads to the platform's sign-in page",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/");
      const startNow = page
        .getByRole("main")
        .getByRole("link", { name: "Start Now" })
        .first();
      const href = (await startNow.getAttribute("href")) ?? "";
      expect(href).toMatch(/^https?:\/\/[^/]+\/auth$/);
      expect(new URL(href).origin).not.toBe(new URL(page.url()).origin);
    },
  );

  test(
    "the agent cluster links each portrait to its page with a live dot",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/");
      const cluster = page.getByRole("navigation", { name: "Meet the agents" });
      for (const agent of AGENT_PAGES) {
        const link = cluster.getByRole("link", {
          name: new RegExp(agent.name),
        });
        await expect(link).toHaveAttribute("href", agent.path);
        await expect(link).toContainText(agent.role);
        await expect(link.locator("img")).toHaveJSProperty("complete", true);
        await expect(link.locator('[data-status="live"]')).toHaveCSS(
          "background-color",
          "rgb(34, 197, 94)",
        );
      }
    },
  );

  test(
    "the logo strip shows eight logos twice and stops for reduced motion",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/");
      const strip = page.getByRole("region", {
        name: "Trusted by developers worldwide",
      });
      await expect(strip.getByRole("img")).toHaveCount(8);
      await expect(strip.locator("img")).toHaveCount(16);
      const sizes = await strip
        .locator("img")
        .evaluateAll((images) =>
          images.map((image) => [
            Number(image.getAttribute("width")) > 0,
            image.getAttribute("height"),
            image.getAttribute("loading"),
          ]),
        );
      expect(sizes).toEqual(Array(16).fill([true, "40", "lazy"]));
      const track = strip.locator("ul").first().locator("..");
      await expect(track).not.toHaveCSS("animation-name", "none");
      await page.emulateMedia({ reducedMotion: "reduce" });
      await expect(track).toHaveCSS("animation-name", "none");
    },
  );

  test(
    "the Y Combinator badge links to the company's profile",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/");
      const badge = page.getByRole("link", { name: /Backed by Y Combinator/ });
      await expect(badge).toHaveAttribute(
        "href",
        /^https:\/\/www\.ycombinator\.com\/companies\//,
      );
      await expect(badge).toHaveAttribute("rel", "noopener noreferrer");
      await expect(badge.locator("img")).toHaveAttribute("width", "212");
    },
  );

  // Hiding a broken image takes a script.
  test(
    "the Y Combinator badge hides itself and logs when its image fails",
    { tag: "@js-only" },
    async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.route("**/images/yc-badge.svg", (route) => route.abort());
      await page.goto("/");
      await expect(
        page.getByRole("link", { name: /Backed by Y Combinator/ }),
      ).toHaveCount(0);
      expect(errors.join("\n")).toContain(
        "Y Combinator badge image failed to load",
      );
    },
  );

  test(
    "screen-reader text names the platform, twelve blueprints, deployment and results",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/");
      const summaryRegion = page.getByRole("region", {
        name: "About the Recursa platform",
      });
      await expect(summaryRegion).toHaveClass(/visually-hidden/);
      await expect(summaryRegion).toContainText(
        "Organizational Superintelligence",
      );
      for (const name of [
        "Churn prediction",
        "Customer segmentation",
        "Data deduplication",
        "Data quality engine",
        "Web data integration",
        "Customer 360",
        "Master data hub",
        "Data lineage",
        "KPI orchestration",
        "Live dashboards",
        "Anomaly detection",
        "Real-time analytics",
      ]) {
        await expect(
          summaryRegion.getByText(name, { exact: true }),
        ).toHaveCount(1);
      }
      await expect(summaryRegion).toContainText("Dedicated SaaS Platform");
      await expect(summaryRegion).toContainText("On-Premise Licence");
      await expect(summaryRegion).toContainText("97% faster");
      await expect(summaryRegion).toContainText("from 42 items to 3");
    },
  );
});

test.describe("company", () => {
  test(
    "quotes Feynman and offers careers and contact",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/company");
      await expect(page.getByRole("main")).toContainText(
        "It doesn't matter how beautiful your theory is",
      );
      await expect(page.getByRole("main")).toContainText(
        "If it doesn't agree with experiment, it's wrong.",
      );
      const join = page.getByRole("region", { name: "Join Our Journey" });
      await expect(
        join.getByRole("link", { name: "View Careers" }),
      ).toHaveAttribute("href", "/careers");
      await expect(
        join.getByRole("link", { name: "Get in Touch" }),
      ).toHaveAttribute("href", "/company?contact=1#get-in-touch");
      await expect(join).toHaveAttribute("id", "get-in-touch");
    },
  );
});

/** Console errors, failed requests and error answers while a page is open. */
function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const scriptsOff = test.info().project.use.javaScriptEnabled === false;
  page.on("requestfailed", (request) => {
    // With scripts off, the browser refuses the page's module preloads.
    if (scriptsOff && request.resourceType() === "script") return;
    problems.push(`${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400)
      problems.push(`${response.url()}: ${response.status()}`);
  });
  return problems;
}

test.describe("agent pages", () => {
  for (const agent of AGENT_PAGES) {
    test(
      `${agent.name} plays its looping video from Storage, with progress bars at SPEC's percentages and Request Demo`,
      { tag: noScriptsRunFor(agent) },
      async ({ page }) => {
        const problems = collectProblems(page);
        const videoAnswers: number[] = [];
        page.on("response", (response) => {
          if (
            response.url().includes("/storage/v1/object/public/agent-videos/")
          )
            videoAnswers.push(response.status());
        });
        await page.goto(agent.path);
        const video = page.locator("video");
        await expect(video).toHaveAttribute("poster", /\.svg$/);
        const slug = agent.path.split("/").pop();
        const sources = video.locator("source");
        await expect(sources).toHaveCount(2);
        for (const [index, type] of ["webm", "mp4"].entries()) {
          await expect(sources.nth(index)).toHaveAttribute(
            "src",
            `${SUPABASE_URL}/storage/v1/object/public/agent-videos/${slug}.${type}`,
          );
          await expect(sources.nth(index)).toHaveAttribute(
            "type",
            `video/${type}`,
          );
          await expect(sources.nth(index)).toHaveAttribute(
            "media",
            "(prefers-reduced-motion: no-preference)",
          );
        }
        for (const property of ["loop", "muted", "autoplay", "playsInline"]) {
          await expect(video).toHaveJSProperty(property, true);
        }
        // It plays without a script too: muted autoplay, served in byte ranges.
        await expect
          .poll(() =>
            video.evaluate((element: HTMLVideoElement) => element.currentTime),
          )
          .toBeGreaterThan(0.2);
        expect(
          await video.evaluate(
            (element: HTMLVideoElement) => element.currentSrc,
          ),
        ).toMatch(new RegExp(`/agent-videos/${slug}\\.webm$`));
        expect(videoAnswers).toContain(206);

        const bars = page.getByRole("progressbar");
        await expect(bars).toHaveCount(6);
        const values = [];
        for (const bar of await bars.all()) {
          await expect(bar).toHaveAttribute("aria-valuemin", "0");
          await expect(bar).toHaveAttribute("aria-valuemax", "100");
          await expect(bar).toHaveAccessibleName(/^Learning progress: .+/);
          values.push(Number(await bar.getAttribute("aria-valuenow")));
        }
        expect(values).toEqual(agent.progress);

        const tags = page
          .getByRole("region", { name: "Technologies" })
          .getByRole("listitem");
        expect(await tags.count()).toBeGreaterThanOrEqual(5);

        const demoLinks = page
          .getByRole("main")
          .getByRole("link", { name: "Request Demo" });
        expect(await demoLinks.count()).toBeGreaterThanOrEqual(2);
        for (const link of await demoLinks.all()) {
          await expect(link).toHaveAttribute("href", "/contact-us");
        }
        expect(problems).toEqual([]);
      },
    );
  }

  test(
    "a visitor who prefers reduced motion gets the poster and no video download",
    { tag: "@js-only" },
    async ({ page }) => {
      const problems = collectProblems(page);
      const videoRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/agent-videos/"))
          videoRequests.push(request.url());
      });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(AGENT_PAGES[0].path);
      const video = page.locator("video");
      await expect(video).toHaveAttribute("poster", /\.svg$/);
      await expect
        .poll(() =>
          video.evaluate((element: HTMLVideoElement) => element.networkState),
        )
        .toBe(3); // NETWORK_NO_SOURCE: no source matches, the poster stays
      expect(
        await video.evaluate((element: HTMLVideoElement) => element.currentSrc),
      ).toBe("");
      await expect(page.getByRole("button", { name: /video/ })).toHaveCount(0);
      expect(videoRequests).toEqual([]);
      expect(problems).toEqual([]);
    },
  );
});
