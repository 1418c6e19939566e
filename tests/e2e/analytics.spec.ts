import { createHash, randomUUID } from "node:crypto";
import { ANALYTICS_COPY } from "#app/content/analytics.ts";
import { PRIVACY_NOTICE } from "#app/content/privacy.ts";
import { ADMIN_DENIED_MESSAGE } from "#app/lib/access.ts";
import { PUBLICATION_COPY } from "#app/routes/blog/editor/labels.ts";
import { ACCOUNTS, signIn, signInRequest } from "../support/auth-helpers.ts";
import { BASE_URL } from "../support/e2e-env.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";
import {
  service,
  uniqueEmail,
  waitForHydration,
} from "../support/form-helpers.ts";

// Page views counted on the server without cookies (decision 160). Every test
// has its own client address (Fly-Client-IP, tests/support/fixtures.ts), so
// its visitor is the hash of the site and the server's key of that address
// and its User-Agent with the day's salt, as Postgres computes it: the test computes the same hash
// from the salt and reads exactly its own page views.

// A page view reaches Postgres within the server's flush (300 ms here).
const expect = baseExpect.configure({ timeout: 15_000 });

const SITE = new URL(BASE_URL).host;

function firefox() {
  return `Mozilla/5.0 (X11; Linux x86_64; rv:140.${Math.floor(Math.random() * 1e6)}) Gecko/20100101 Firefox/140.0`;
}

async function todaysSalt() {
  const { data, error } = await service
    .from("analytics_salts")
    .select("salt")
    .order("day", { ascending: false })
    .limit(2);
  if (error) throw error;
  return (data as { salt: string }[]).map((row) =>
    Buffer.from(row.salt.replace(/^\\x/, ""), "hex"),
  );
}

/** The paths counted for one visitor today, sorted. */
async function viewsOf(address: string, userAgent: string) {
  // The server sends a 22-character key of the address and User-Agent in
  // the address's place, with an empty User-Agent (visitorKey).
  const key = createHash("sha256")
    .update(`${address}\n${userAgent}`)
    .digest("base64url")
    .slice(0, 22);
  const visitors = (await todaysSalt()).map((salt) =>
    createHash("sha256")
      .update(Buffer.concat([salt, Buffer.from(`${SITE}\n${key}\n`)]))
      .digest("hex"),
  );
  if (visitors.length === 0) return [];
  const { data, error } = await service
    .from("analytics_hits")
    .select("path, views")
    .in("visitor", visitors);
  if (error) throw error;
  return (data as { path: string; views: number }[])
    .flatMap((row) => Array<string>(row.views).fill(row.path))
    .sort();
}

/** Waits until the views are there, then a while longer: none may follow. */
async function expectViews(
  address: string,
  userAgent: string,
  expected: string[],
) {
  await expect.poll(() => viewsOf(address, userAgent)).toEqual(expected);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await viewsOf(address, userAgent)).toEqual(expected);
}

test.describe("visitor analytics", () => {
  test("a page view counts once, and so does the page a click leads to", async ({
    page,
    extraHTTPHeaders,
    userAgent,
  }, testInfo) => {
    const address = extraHTTPHeaders!["fly-client-ip"]!;
    await page.goto("/careers");
    // With JavaScript the click is React Router's data request; without, a page.
    if (testInfo.project.name === "js")
      await waitForHydration(page.locator('a[href="/careers/1"]'));
    await page.locator('a[href="/careers/1"]').click();
    await expect(page).toHaveURL(/\/careers\/1$/);
    await expectViews(address, userAgent!, ["/careers", "/careers/1"]);
  });

  test("a stored page counts once for each time it is answered from the store @js-only", async ({
    request,
    extraHTTPHeaders,
  }) => {
    const address = extraHTTPHeaders!["fly-client-ip"]!;
    const userAgent = firefox();
    let answers = 0;
    let stored = false;
    while (!stored) {
      const response = await request.get("/company", {
        headers: { "User-Agent": userAgent },
      });
      expect(response.status()).toBe(200);
      answers += 1;
      stored = response.headers()["x-page-cache"] === "hit";
      expect(answers).toBeLessThan(20);
    }
    await expectViews(address, userAgent, Array(answers).fill("/company"));
  });

  test("a prefetch, a bot, HEAD, an asset and a signed-in team member count nothing @js-only", async ({
    request,
    playwright,
    extraHTTPHeaders,
  }) => {
    const address = extraHTTPHeaders!["fly-client-ip"]!;
    const userAgent = firefox();
    const headers = { "User-Agent": userAgent };
    const html = await (await request.get("/blueprints", { headers })).text();
    const asset = html.match(/\/assets\/[^"]+\.(?:js|css|woff2)/)?.[0];
    expect(asset).toBeTruthy();
    await request.get(asset!, { headers });
    await request.get("/", {
      headers: { ...headers, "Sec-Purpose": "prefetch" },
    });
    await request.get("/", { headers: { ...headers, Purpose: "prefetch" } });
    await request.head("/", { headers });
    await request.get("/healthz", { headers });
    await request.get("/blueprints/rss.xml", { headers });
    const bot =
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    await request.get("/", { headers: { "User-Agent": bot } });

    // The team member's own request context keeps the session cookie.
    const member = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { "fly-client-ip": address, "User-Agent": userAgent },
    });
    await signInRequest(member, "admin");
    for (const path of [
      "/careers",
      "/agents/data-engineer",
      "/blueprints.data",
    ]) {
      await member.get(path);
    }
    await member.dispose();

    // Anonymous again: the page the sign-in form was on, and one more.
    await request.get("/contact-us", { headers });
    await expectViews(address, userAgent, [
      "/auth",
      "/blueprints",
      "/contact-us",
    ]);
    expect(await viewsOf(address, bot)).toEqual([]);
  });

  test("no public page sets a cookie or writes to the browser's storage", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
    expect(paths.length).toBeGreaterThan(5);
    for (const path of [...paths, "/auth", "/no-such-page"]) {
      const response = await request.get(path);
      expect(response.headers()["set-cookie"], path).toBeUndefined();
    }
    if (testInfo.project.name !== "js") return;
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page.locator("body"));
      const stored = await page.evaluate(() => ({
        cookie: document.cookie,
        local: Object.keys(localStorage),
        session: Object.keys(sessionStorage),
      }));
      // React Router keeps the scroll positions of the tab's history there
      // (ScrollRestoration), as any page with the router does: no visitor
      // is identified by it and it never leaves the browser.
      stored.session = stored.session.filter(
        (key) => key !== "react-router-scroll-positions",
      );
      expect(stored, path).toEqual({ cookie: "", local: [], session: [] });
    }
    expect((await page.context().cookies()).length).toBe(0);
  });

  test("a contact message counts for the page its visitor arrived on, from where", async ({
    page,
    extraHTTPHeaders,
    userAgent,
  }, testInfo) => {
    const referrer = `news-${randomUUID().slice(0, 8)}.example`;
    await page.goto("/blueprints", { referer: `https://${referrer}/today` });
    await page.goto("/contact-us");
    await page
      .getByRole("textbox", { name: "Name", exact: true })
      .fill("Ada Lovelace");
    await page
      .getByLabel("Company email")
      .fill(uniqueEmail("analytics", testInfo.project.name));
    await page
      .getByLabel("Project description")
      .fill("We would like agents for our analytics team.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Thank you, your message" }),
    ).toBeVisible();
    await expect
      .poll(async () => {
        const { data } = await service
          .from("analytics_conversions")
          .select("kind, landing_path")
          .eq("referrer_host", referrer);
        return data;
      })
      .toEqual([{ kind: "contact", landing_path: "/blueprints" }]);
    await expectViews(extraHTTPHeaders!["fly-client-ip"]!, userAgent!, [
      "/blueprints",
      "/contact-us",
    ]);
  });
});

test("every page's footer leads to the privacy notice on what is counted, and the sitemap lists it", async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/privacy</loc>");
  await page.goto("/careers");
  await page
    .getByRole("contentinfo")
    .getByRole("navigation", { name: "Company" })
    .getByRole("link", { name: "Privacy" })
    .click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(
    page.getByRole("heading", { level: 1, name: PRIVACY_NOTICE.title }),
  ).toBeVisible();
  await expect(page.getByText(PRIVACY_NOTICE.body)).toBeVisible();
});

test("a view of a post shows in its author's list of posts", async ({
  page,
}, testInfo) => {
  const title = `Viewed post ${randomUUID().slice(0, 8)} ${testInfo.project.name}`;
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title,
      excerpt: "A post to be viewed.",
      content: "<p>A post to be viewed.</p>",
      author_id: ACCOUNTS.author.id,
      published: true,
      // Published long ago: off the first page of posts other specs read.
      created_at: new Date(Date.UTC(2020, 5, 1)).toISOString(),
    })
    .select("id")
    .single();
  if (error) throw error;
  const path = `/blueprints/${(data as { id: string }).id}`;
  try {
    await page.goto(path);
    await expect(
      page.getByRole("heading", { level: 1, name: title }),
    ).toBeVisible();
    await expect
      .poll(async () => {
        const hits = await service
          .from("analytics_hits")
          .select("views")
          .eq("path", path);
        return hits.data?.length ?? 0;
      })
      .toBe(1);
    // Rolled up as the schedule would.
    const rotated = await service.rpc("analytics_rotate");
    if (rotated.error) throw rotated.error;

    await signIn(page, "author", "/write");
    const entry = page
      .getByRole("region", { name: PUBLICATION_COPY.yourPosts })
      .getByRole("listitem")
      .filter({ hasText: title });
    await expect(entry).toContainText(PUBLICATION_COPY.published);
    await expect(entry.getByTestId("post-views")).toHaveText(
      PUBLICATION_COPY.views({ views: 1, visitors: 1 }),
    );
  } finally {
    await service.from("blog_posts").delete().eq("title", title);
  }
});

test.describe("the analytics dashboard", () => {
  /** Page views of a path of this test's own, rolled up as the schedule would. */
  async function countSomething() {
    const path = `/e2e-${randomUUID().slice(0, 8)}`;
    // More visitors than any page the other specs visit: at the top of the list.
    const hits = Array.from({ length: 30 }, (_, index) => ({
      address: `192.0.2.${index % 25}`,
      user_agent: "e2e",
      path,
      device: "tablet",
    }));
    const { error } = await service.rpc("analytics_record", {
      p_site: SITE,
      p_hits: hits,
    });
    if (error) throw error;
    const rotated = await service.rpc("analytics_rotate");
    if (rotated.error) throw rotated.error;
    return path;
  }

  test("shows team members the chart and the tables, for any period", async ({
    page,
  }) => {
    const path = await countSomething();
    await signIn(page, "admin", "/admin/analytics");
    await expect(
      page.getByRole("heading", { name: ANALYTICS_COPY.title, level: 1 }),
    ).toBeVisible();
    const chart = page.getByRole("img", { name: /Line chart over 30 days/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator("polyline")).toHaveCount(2);
    const pages = page.getByTestId("analytics-pages");
    await expect(pages.getByRole("row", { name: path })).toContainText(
      `${path}2530`,
    );
    await expect(page.getByTestId("analytics-devices")).toContainText("Tablet");
    await expect(
      page.getByTestId("analytics-days").locator("tbody tr"),
    ).toHaveCount(30);

    await page.getByLabel(ANALYTICS_COPY.rangeLegend).selectOption("7");
    await page.getByRole("button", { name: ANALYTICS_COPY.apply }).click();
    await expect(page).toHaveURL(/range=7/);
    await expect(
      page.getByRole("img", { name: /Line chart over 7 days/ }),
    ).toBeVisible();
    await expect(page.getByTestId("analytics-pages")).toContainText(path);

    await page.getByLabel(ANALYTICS_COPY.rangeLegend).selectOption("custom");
    await page
      .getByRole("textbox", { name: ANALYTICS_COPY.from, exact: true })
      .fill("2026-02-01");
    await page
      .getByRole("textbox", { name: ANALYTICS_COPY.to, exact: true })
      .fill("2026-01-01");
    await page.getByRole("button", { name: ANALYTICS_COPY.apply }).click();
    await expect(page.getByRole("alert")).toContainText(
      ANALYTICS_COPY.errors.order,
    );
    await expect(
      page.getByRole("textbox", { name: ANALYTICS_COPY.from, exact: true }),
    ).toHaveValue("2026-02-01");

    await page
      .getByRole("textbox", { name: ANALYTICS_COPY.from, exact: true })
      .fill("2026-01-01");
    await page
      .getByRole("textbox", { name: ANALYTICS_COPY.to, exact: true })
      .fill("2026-01-31");
    await page.getByRole("button", { name: ANALYTICS_COPY.apply }).click();
    await expect(
      page.getByRole("img", { name: /Line chart over 31 days/ }),
    ).toBeVisible();
  });

  test("is the sign-in form without a session and refused to an author", async ({
    page,
    request,
  }) => {
    const anonymous = await request.get("/admin/analytics");
    expect(anonymous.status()).toBe(401);
    await page.goto("/admin/analytics");
    await expect(
      page.getByRole("heading", { name: "Team Login" }),
    ).toBeVisible();
    await expect(page.getByTestId("analytics-chart")).toHaveCount(0);

    await signIn(page, "author", "/admin/analytics");
    await expect(page.getByText(ADMIN_DENIED_MESSAGE)).toBeVisible();
    await expect(page.getByTestId("analytics-chart")).toHaveCount(0);
  });
});
