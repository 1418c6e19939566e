import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from "../support/e2e-env.ts";
import { signIn } from "../support/auth-helpers.ts";
import { expect, test } from "../support/fixtures.ts";

// Issue #23 on the blog, with and without JavaScript: search on /blueprints
// (ranked full-text, highlighted, combinable with a tag, paged, safe with any
// input), related posts under a post, and reading time on cards and posts.
// Each worker seeds posts under words and tags of its own through the service
// role and removes them afterwards.

const ADMIN_ID = "a0000000-0000-4000-8000-000000000001";
const MATCHES = 14;

const service = createClient(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
});

/** A word of letters only, so the search parser keeps it whole. */
function uniqueWord(prefix: string) {
  const letters = randomUUID()
    .replace(/-/g, "")
    .slice(0, 10)
    .replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)] ?? "q");
  return `${prefix}${letters}`;
}

type Row = {
  id: string;
  title: string;
  excerpt: string | null;
  content: string;
  created_at: string;
  tags: string[];
};

const word = uniqueWord("zq");
const rare = uniqueWord("wv");
const tagA = `e2e related a ${word}`;
const tagB = `e2e related b ${word}`;
const tagLone = `e2e lone ${word}`;
// A tag whose only post is a draft: in `tags`, but offered nowhere.
const tagOrphan = `e2e orphan ${word}`;
const day = (n: number) => new Date(Date.UTC(2019, 5, n)).toISOString();
const row = (
  title: string,
  n: number,
  extra: Partial<Omit<Row, "id" | "title">> = {},
): Row => ({
  id: randomUUID(),
  title,
  excerpt: null,
  content: "<p>Short body.</p>",
  created_at: day(n),
  tags: [],
  ...extra,
});

// Fourteen matches: more than a page of twelve.
const matches = Array.from({ length: MATCHES }, (_, index) =>
  row(`Search hit ${String(index + 1).padStart(2, "0")} ${word}`, index + 1, {
    excerpt: `An excerpt that mentions ${word} once.`,
    tags: index === 0 ? [tagA] : [],
  }),
);
const hostile = row(`Hostile excerpt ${rare}`, 20, {
  excerpt: `<img src=x onerror="window.__pwned=1"> <mark>fake</mark> ${rare} & more`,
});
// 461 words: three minutes (461 / 230 rounded up).
const long = row(`Long read ${rare}`, 21, {
  excerpt: `A long one about ${rare}.`,
  content: `<h2>Heading</h2><p>${"word ".repeat(460)}</p>`,
});
const subject = row(`Related subject ${word}x`, 22, { tags: [tagA, tagB] });
const bothTags = row("Shares both tags", 23, { tags: [tagA, tagB] });
const oneOld = row("Shares one tag, older", 24, { tags: [tagB] });
const oneNew = row("Shares one tag, newer", 26, { tags: [tagA] });
const oneMid = row("Shares one tag, middle", 25, { tags: [tagB] });
const lonely = row("Shares no tag", 27, { tags: [tagLone] });
const draft = row(`Unpublished ${word}`, 28, { tags: [tagOrphan] });
const ALL = [
  ...matches,
  hostile,
  long,
  subject,
  bothTags,
  oneOld,
  oneNew,
  oneMid,
  lonely,
  draft,
];

test.beforeAll(async () => {
  const posts = await service.from("blog_posts").insert(
    ALL.map(({ tags: _tags, ...post }) => ({
      ...post,
      cover_image_url: null,
      author_id: ADMIN_ID,
      published: post.id !== draft.id,
    })),
  );
  if (posts.error) throw new Error(`seeding posts: ${posts.error.message}`);
  const tags = await service
    .from("tags")
    .insert([tagA, tagB, tagLone, tagOrphan].map((name) => ({ name })))
    .select("id, name");
  if (tags.error) throw new Error(`seeding tags: ${tags.error.message}`);
  const links = await service.from("post_tags").insert(
    ALL.flatMap((post) =>
      post.tags.map((name) => ({
        post_id: post.id,
        tag_id: tags.data.find((tag) => tag.name === name)?.id,
      })),
    ),
  );
  if (links.error) throw new Error(`seeding post_tags: ${links.error.message}`);
});

test.afterAll(async () => {
  await service
    .from("blog_posts")
    .delete()
    .in(
      "id",
      ALL.map((post) => post.id),
    );
  await service
    .from("tags")
    .delete()
    .in("name", [tagA, tagB, tagLone, tagOrphan]);
});

function cards(page: Page) {
  return page.locator("main article").filter({ has: page.locator("h2 a") });
}

const searchBox = (page: Page) =>
  page.getByRole("searchbox", { name: "Search posts" });

test.describe("search", () => {
  test("the box above the grid finds, ranks and highlights; the query stays in the box and the links", async ({
    page,
  }) => {
    await page.goto("/blueprints");
    await expect(
      page.locator('meta[name="robots"][content*="noindex"]'),
    ).toHaveCount(0);
    await searchBox(page).fill(word);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}$`));
    await expect(searchBox(page)).toHaveValue(word);
    await expect(page).toHaveTitle(new RegExp(`Search results for "${word}"`));
    await expect(
      page.locator('meta[name="robots"][content*="noindex"]'),
    ).toHaveCount(1);
    await expect(cards(page)).toHaveCount(12);
    const first = cards(page).first();
    await expect(first.locator("mark").first()).toHaveText(word);
    await expect(first.getByText(/\d+ min read/)).toBeVisible();
    // Pagination keeps the search.
    const next = page.getByRole("link", { name: "Next page" });
    await expect(next).toHaveAttribute("href", new RegExp(`q=${word}`));
    await next.click();
    await expect(page).toHaveURL(new RegExp(`q=${word}.*page=2`));
    await expect(cards(page)).toHaveCount(MATCHES - 12);
    await expect(searchBox(page)).toHaveValue(word);
    await expect(
      page.getByRole("link", { name: "Previous page" }),
    ).toHaveAttribute("href", new RegExp(`q=${word}`));
    // And the way back to every post.
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/blueprints$/);
    await expect(searchBox(page)).toHaveValue("");
  });

  test("combines with a tag, both ways", async ({ page }) => {
    const response = await page.goto(
      `/blueprints?tag=${encodeURIComponent(tagA)}`,
    );
    expect(response?.status()).toBe(200);
    await searchBox(page).fill(word);
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/tag=.*&q=/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(matches[0]!.title);
    await expect(
      page.getByText(`Posts tagged with "${tagA}"`, { exact: true }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Clear tag filter" }).click();
    await expect(page).toHaveURL(new RegExp(`/blueprints\\?q=${word}$`));
    await expect(cards(page)).toHaveCount(12);
  });

  test("says so when nothing matches, and offers the topics in use and the latest posts", async ({
    page,
  }) => {
    const response = await page.goto(`/blueprints?q=${rare}nothing`);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByText(`No posts match "${rare}nothing"`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/^\d+ posts? match(es)? "/)).toHaveCount(0);
    await expect(
      page.getByRole("heading", { name: "Browse by topic" }),
    ).toBeVisible();
    const topics = page.locator("main ul").filter({
      has: page.locator('a[href^="/blueprints?tag="]'),
    });
    await expect(topics.first().getByRole("link").first()).toBeVisible();
    await expect(page.getByRole("link", { name: tagOrphan })).toHaveCount(0);
    await expect(
      page.getByRole("heading", { name: "Latest posts" }),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).first().locator("time")).toBeVisible();
  });

  test("counts what it found", async ({ page }) => {
    await page.goto(`/blueprints?q=${word}`);
    await expect(
      page.getByText(`${MATCHES} posts match "${word}"`, { exact: true }),
    ).toBeVisible();
    await page.goto(
      `/blueprints?tag=${encodeURIComponent(tagA)}&q=${encodeURIComponent(word)}`,
    );
    await expect(
      page.getByText(`1 post matches "${word}"`, { exact: true }),
    ).toBeVisible();
  });

  test("cards show their date, and a card without a cover does not repeat its title in the placeholder", async ({
    page,
  }) => {
    await page.goto(`/blueprints?q=${word}`);
    const first = cards(page).filter({ hasText: matches[13]!.title });
    await expect(first.locator("time")).toHaveText("June 14, 2019");
    await expect(first.locator("time")).toHaveAttribute(
      "datetime",
      "2019-06-14",
    );
    const placeholder = first.locator('[aria-hidden="true"]').first();
    await expect(placeholder).toHaveText("Article Preview");
  });

  test("a tag without a public post is not offered on the writing page", async ({
    page,
  }) => {
    await signIn(page, "author", "/write");
    await expect(page).toHaveURL(/\/write$/);
    // The toggles' names, as the page's loader sends them.
    const data = await (await page.request.get("/write.data")).text();
    expect(data).toContain(tagA);
    expect(data).not.toContain(tagOrphan);
  });

  test("a post's own markup is text: no injected element, no forged highlight", async ({
    page,
  }) => {
    await page.goto(`/blueprints?q=${rare}`);
    const card = cards(page).filter({ hasText: hostile.title });
    await expect(card).toHaveCount(1);
    await expect(card.locator("img")).toHaveCount(0);
    await expect(card.locator("mark")).toHaveText([rare]);
    await expect(card).toContainText('<img src=x onerror="window.__pwned=1">');
    await expect(card).toContainText("<mark>fake</mark>");
    expect(await page.evaluate(() => "__pwned" in window)).toBe(false);
  });

  test("hostile queries: operators, quotes, control characters, NUL, 10 KB; never a 500, always a clear answer", async ({
    page,
  }) => {
    const queries: { q: string; expect: RegExp }[] = [
      { q: `"${word}`, expect: /Search hit/ },
      { q: `${word} -${word}`, expect: /No posts match/ },
      { q: `${rare} or "unterminated`, expect: /Hostile excerpt/ },
      // Words that may match seeded posts: results or none, either is an answer.
      { q: "a:* & b | !c <-> (d)", expect: /No posts match|min read/ },
      { q: "'; drop table blog_posts; --", expect: /No posts match|min read/ },
      { q: "the of and", expect: /No posts match "the of and"/ },
      { q: "--- \"\" '' ()", expect: /No posts match/ },
      { q: `${rare}\u0000\u0001\u001f\u007f`, expect: /Hostile excerpt/ },
      {
        q: "x".repeat(10_240),
        expect: /Search for at most 200 characters/,
      },
    ];
    for (const { q, expect: answer } of queries) {
      const response = await page.goto(
        `/blueprints?q=${encodeURIComponent(q)}`,
      );
      expect(response?.status(), q.slice(0, 40)).toBe(200);
      await expect(page.locator("main")).toContainText(answer);
    }
    // A NUL written raw into the query string, and malformed escapes.
    for (const raw of [`${rare}%00`, "%E0%A4%A", "%FF%FE", "%"]) {
      const response = await page.goto(`/blueprints?q=${raw}`);
      expect(response?.status(), raw).toBe(200);
      await expect(page.locator("main")).toContainText(
        /Hostile excerpt|No posts match/,
      );
    }
  });

  test("search pages are never kept in the server's page cache", async ({
    request,
  }) => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await request.get(`/blueprints?q=${word}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["x-page-cache"]).toBeUndefined();
    }
  });
});

test.describe("reading time", () => {
  test("on the card and the post page: words / 230 rounded up, at least a minute", async ({
    page,
  }) => {
    await page.goto(`/blueprints?q=${rare}`);
    await expect(
      cards(page).filter({ hasText: long.title }).getByText("3 min read"),
    ).toBeVisible();
    await expect(
      cards(page).filter({ hasText: hostile.title }).getByText("1 min read"),
    ).toBeVisible();
    await page.goto(`/blueprints/${long.id}`);
    await expect(page.locator("article header")).toContainText("3 min read");
    await page.goto(`/blueprints/${hostile.id}`);
    await expect(page.locator("article header")).toContainText("1 min read");
  });
});

test.describe("related posts", () => {
  test("up to three by shared tags, then newest", async ({ page }) => {
    await page.goto(`/blueprints/${subject.id}`);
    const related = page.getByRole("region", { name: "Related posts" });
    await expect(related.getByRole("link")).toHaveText([
      bothTags.title,
      oneNew.title,
      oneMid.title,
    ]);
    await related.getByRole("link", { name: bothTags.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blueprints/${bothTags.id}$`));
    await expect(
      page.getByRole("heading", { level: 1, name: bothTags.title }),
    ).toBeVisible();
  });

  test("the latest posts instead when no other post shares a tag", async ({
    page,
  }) => {
    await page.goto(`/blueprints/${lonely.id}`);
    await expect(page.getByRole("heading", { name: "Tags" })).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Related posts" }),
    ).toHaveCount(0);
    const latest = page.getByRole("region", { name: "Latest posts" });
    await expect(latest.getByRole("link")).toHaveCount(3);
    await expect(latest.getByRole("link", { name: lonely.title })).toHaveCount(
      0,
    );
    await expect(latest.locator("time").first()).toBeVisible();
  });
});
