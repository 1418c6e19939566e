import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  serviceClient,
  signIn,
  signInRequest,
} from "../support/auth-helpers.ts";
import {
  BASE_URL,
  SUPABASE_ANON_KEY,
  SUPABASE_URL,
} from "../support/e2e-env.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";

// Drafts and scheduled posts (decision 130). Publication is a predicate of
// the database's clock: nothing in the app or in these tests runs when a
// scheduled post goes public, and no cache may hide it past that moment.
// Every post made here carries RUN in its title and is removed afterwards.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: "serial", timeout: 90_000 });

const RUN = randomUUID().slice(0, 8);
const WORD = `zqx${RUN}`;
const TAG = `sched-${RUN}`;
const service = serviceClient();

test.afterAll(async () => {
  await service.from("blog_posts").delete().like("title", `%${RUN}%`);
  await service.from("tags").delete().eq("name", TAG);
});

type Reader = "anon" | "reader" | "author";

/** A post by the team member (so the author is "another author"), with the shared tag. */
async function teamPost(
  title: string,
  publication: { published?: boolean; published_at?: string | null },
) {
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title,
      excerpt: `About ${WORD}`,
      content: `<p>Body with ${WORD}.</p>`,
      author_id: ACCOUNTS.admin.id,
      ...publication,
    })
    .select("id")
    .single();
  if (error) throw error;
  const id = (data as { id: string }).id;
  const { data: tag } = await service
    .from("tags")
    .upsert({ name: TAG }, { onConflict: "name" })
    .select("id")
    .single();
  await service
    .from("post_tags")
    .insert({ post_id: id, tag_id: (tag as { id: string }).id });
  return id;
}

/** A supabase-js client as each caller holds it: no session, or signed in. */
async function restClient(reader: Reader): Promise<SupabaseClient> {
  const client = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  if (reader !== "anon") {
    const { error } = await client.auth.signInWithPassword({
      email: ACCOUNTS[reader].email,
      password: DEMO_PASSWORD,
    });
    if (error) throw error;
  }
  return client;
}

type Seen = Record<string, boolean>;

/** Whether `title`/`id` shows on each public read path, through the app and through REST. */
async function publicPaths(
  app: APIRequestContext,
  rest: SupabaseClient,
  {
    id,
    title,
    neighbourId,
  }: { id: string; title: string; neighbourId: string },
): Promise<Seen> {
  const text = async (path: string) => {
    const response = await app.get(path);
    return { status: response.status(), body: await response.text() };
  };
  const page = await text(`/blueprints/${id}`);
  const list = await text("/blueprints");
  const tagged = await text(`/blueprints?tag=${encodeURIComponent(TAG)}`);
  const search = await text(`/blueprints?q=${WORD}`);
  const neighbour = await text(`/blueprints/${neighbourId}`);
  const rss = await text("/blueprints/rss.xml");
  const sitemap = await text("/sitemap.xml");
  const row = await rest.from("blog_posts").select("id").eq("id", id);
  const links = await rest
    .from("post_tags")
    .select("post_id")
    .eq("post_id", id);
  const found = await rest.rpc("search_posts", { p_query: WORD });
  const related = await rest
    .rpc("related_posts", { p_post_id: neighbourId, p_limit: 12 })
    .select("id");
  return {
    "post page": page.status === 200 && page.body.includes(title),
    "post page's JSON-LD and social image": page.body.includes(
      '"@type":"BlogPosting"',
    ),
    list: list.body.includes(title),
    "tag filter": tagged.body.includes(title),
    search: search.body.includes(title),
    "related posts": neighbour.body.includes(title),
    RSS: rss.body.includes(title),
    sitemap: sitemap.body.includes(`/blueprints/${id}`),
    "REST row": (row.data ?? []).length > 0,
    "REST tag links": (links.data ?? []).length > 0,
    "REST search": JSON.stringify(found.data ?? "").includes(id),
    "REST related posts": JSON.stringify(related.data ?? "").includes(id),
  };
}

function all(seen: Seen, value: boolean) {
  return Object.fromEntries(Object.keys(seen).map((path) => [path, value]));
}

test.describe(
  "publication by the database's clock",
  { tag: "@js-only" },
  () => {
    test("a post a few seconds ahead is on no public read path, then on all of them; a draft never is", async ({
      playwright,
    }) => {
      test.setTimeout(120_000);
      const neighbourId = await teamPost(`Neighbour ${RUN}`, {});
      const draftTitle = `Draft ${RUN}`;
      const draftId = await teamPost(draftTitle, { published: false });
      const callers = await Promise.all(
        (["anon", "reader", "author"] as const).map(async (reader) => {
          const app = await playwright.request.newContext({
            baseURL: BASE_URL,
          });
          if (reader !== "anon") await signInRequest(app, reader, "/");
          return { reader, app, rest: await restClient(reader) };
        }),
      );
      // The list and the feed are stored and sent to CDNs before the post is
      // scheduled: only the cache rule can make them show it on time.
      for (const { app } of callers) {
        await app.get("/blueprints");
        await app.get("/blueprints/rss.xml");
      }
      const scheduledTitle = `Scheduled ${RUN}`;
      const goesOut = Date.now() + 20_000;
      const scheduledId = await teamPost(scheduledTitle, {
        published_at: new Date(goesOut).toISOString(),
      });

      for (const { reader, app, rest } of callers) {
        const before = await publicPaths(app, rest, {
          id: scheduledId,
          title: scheduledTitle,
          neighbourId,
        });
        expect(before, `scheduled, before its time, as ${reader}`).toEqual(
          all(before, false),
        );
      }
      expect(Date.now(), "the checks ran before the post's time").toBeLessThan(
        goesOut,
      );

      await new Promise((resolve) =>
        setTimeout(resolve, goesOut - Date.now() + 500),
      );
      for (const { reader, app, rest } of callers) {
        const after = await publicPaths(app, rest, {
          id: scheduledId,
          title: scheduledTitle,
          neighbourId,
        });
        expect(after, `scheduled, after its time, as ${reader}`).toEqual(
          all(after, true),
        );
        const draft = await publicPaths(app, rest, {
          id: draftId,
          title: draftTitle,
          neighbourId,
        });
        expect(draft, `a draft, as ${reader}`).toEqual(all(draft, false));
        await app.dispose();
      }
    });

    test("the list's, a post's and the feeds' cache headers end by the next scheduled time", async ({
      request,
    }) => {
      const goesOut = Date.now() + 90_000;
      const id = await teamPost(`Capped ${RUN}`, {
        published_at: new Date(goesOut).toISOString(),
      });
      try {
        const lifetime = (header: string, age: number) => {
          const value = (name: string) =>
            Number(new RegExp(`${name}=(\\d+)`).exec(header)?.[1] ?? NaN);
          return (
            Math.max(
              value("max-age"),
              value("s-maxage") + value("stale-while-revalidate"),
            ) - age
          );
        };
        for (const path of [
          "/blueprints",
          `/blueprints/${id}`,
          "/blueprints/b0000000-0000-4000-8000-000000000001",
          "/blueprints/rss.xml",
          "/sitemap.xml",
          `/blueprints?tag=${TAG}`,
        ]) {
          // The first answer is rendered, the next one replayed from the store.
          for (const round of ["rendered", "replayed"]) {
            const response = await request.get(path);
            const header = response.headers()["cache-control"] ?? "";
            const age = Number(response.headers().age ?? 0);
            const left = (goesOut - Date.now()) / 1000;
            expect(header, `${path} ${round}`).toMatch(/s-maxage=\d+/);
            expect(
              lifetime(header, age),
              `${path} ${round}: ${header}, age ${age}, ${left.toFixed(1)} s left`,
            ).toBeLessThanOrEqual(left);
          }
        }
      } finally {
        await service.from("blog_posts").delete().eq("id", id);
      }
    });
  },
);

test.describe("drafts and schedules from the post form", () => {
  test("save a draft, schedule it in a time zone, see both in Your posts, then publish", async ({
    page,
    request,
  }, testInfo) => {
    const js = testInfo.project.name === "js";
    const title = `Form draft ${RUN} ${testInfo.project.name}`;
    await signIn(page, "author", "/write");
    await page.waitForURL((url) => url.pathname === "/write");
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    if (js) {
      await page.getByTestId("post-editor").click();
      await page.keyboard.type("A draft body.");
    } else {
      await page
        .getByRole("textbox", { name: "Content" })
        .fill("<p>A draft body.</p>");
    }
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL((url) => url.pathname === "/write");
    const yourPosts = page.getByRole("region", { name: "Your posts" });
    const entry = yourPosts.getByRole("listitem").filter({ hasText: title });
    await expect(entry).toContainText("Draft");
    const { data: draft } = await service
      .from("blog_posts")
      .select("id, published, published_at")
      .eq("title", title)
      .single();
    expect(draft).toMatchObject({ published: false, published_at: null });
    const anonymous = await request.get(
      `/blueprints/${(draft as { id: string }).id}`,
    );
    expect(anonymous.status()).toBe(404);

    // Schedule it a year ahead at 09:30 in Berlin: stored in UTC.
    const year = new Date().getUTCFullYear() + 1;
    await entry.getByRole("link", { name: `Edit ${title}` }).click();
    await page.waitForURL(/\/edit\//);
    await expect(page.getByTestId("publication-state")).toHaveText("Draft");
    await page.getByLabel("Publish at").fill(`${year}-07-01T09:30`);
    await page
      .getByRole("combobox", { name: "Time zone" })
      .selectOption("Europe/Berlin");
    await page.getByRole("button", { name: "Schedule" }).click();
    await page.waitForURL((url) => url.pathname === "/write");
    await expect(entry).toContainText(
      `Scheduled for July 1, ${year} at 9:30 AM (Europe/Berlin)`,
    );
    const { data: scheduled } = await service
      .from("blog_posts")
      .select("published_at, publish_time_zone")
      .eq("title", title)
      .single();
    expect(
      new Date(
        (scheduled as { published_at: string }).published_at,
      ).toISOString(),
    ).toBe(`${year}-07-01T07:30:00.000Z`);
    expect(scheduled).toMatchObject({ publish_time_zone: "Europe/Berlin" });

    // A time already past is refused on its field, with the values kept.
    await entry.getByRole("link", { name: `Edit ${title}` }).click();
    await page.waitForURL(/\/edit\//);
    await expect(page.getByTestId("publication-state")).toHaveText(
      `Scheduled for July 1, ${year} at 9:30 AM (Europe/Berlin)`,
    );
    await expect(page.getByLabel("Publish at")).toHaveValue(
      `${year}-07-01T09:30`,
    );
    await page.getByLabel("Publish at").fill("2001-01-01T10:00");
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(
      page
        .getByText(
          "Please choose a time in the future, or publish the post now.",
        )
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(
      title,
    );

    // Publish Post publishes it at once, by the database's clock.
    await page.getByRole("button", { name: "Publish Post" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
    const { data: published } = await service
      .from("blog_posts")
      .select("id, published_at")
      .eq("title", title)
      .single();
    const publishedAt = new Date(
      (published as { published_at: string }).published_at,
    ).getTime();
    expect(Math.abs(publishedAt - Date.now())).toBeLessThan(60_000);

    // Published stays published: no draft or schedule controls any more.
    await page.goto(`/edit/${(published as { id: string }).id}`);
    await expect(
      page.getByRole("button", { name: "Update Post" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Save draft" })).toHaveCount(
      0,
    );
  });
});

test.describe("preview links", () => {
  test("open a draft signed out, marked and never stored; 404 once revoked or expired", async ({
    page,
    request,
  }, testInfo) => {
    const title = `Previewed ${RUN} ${testInfo.project.name}`;
    const { data: draft, error } = await service
      .from("blog_posts")
      .insert({
        title,
        content: `<p>Preview body ${WORD}.</p>`,
        author_id: ACCOUNTS.author.id,
        published: false,
      })
      .select("id")
      .single();
    if (error) throw error;
    const id = (draft as { id: string }).id;

    await signIn(page, "author", `/edit/${id}`);
    await page.waitForURL((url) => url.pathname === `/edit/${id}`);
    await page.getByRole("link", { name: "Preview links" }).click();
    await page.waitForURL(
      (url) => url.pathname === `/edit/${id}/preview-links`,
    );
    await expect(page.getByTestId("open-preview-links")).toHaveText(
      "No preview link of this post is open.",
    );

    const createLink = async () => {
      await page.getByRole("button", { name: "Create preview link" }).click();
      const field = page.getByRole("textbox", { name: "Preview link" });
      await expect(field).toHaveValue(/\/preview\/[A-Za-z0-9_-]{43}$/);
      return new URL(await field.inputValue()).pathname;
    };
    const link = await createLink();
    await expect(page.getByTestId("open-preview-links")).toContainText(
      "1 preview link is open",
    );
    const { data: stored } = await service
      .from("post_preview_links")
      .select("token_hash, expires_at, created_at")
      .eq("post_id", id);
    const rows = stored as {
      token_hash: string;
      expires_at: string;
      created_at: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(link).not.toContain(rows[0]!.token_hash);
    expect(
      new Date(rows[0]!.expires_at).getTime() -
        new Date(rows[0]!.created_at).getTime(),
    ).toBe(7 * 86_400_000);

    // Signed out (a request without the author's cookies), twice: the
    // second is rendered again, never answered from a store.
    for (const round of [1, 2]) {
      const opened = await request.get(link);
      expect(opened.status(), `open ${round}`).toBe(200);
      expect(opened.headers()["cache-control"]).toBe("no-store");
      expect(opened.headers()["x-robots-tag"]).toContain("noindex");
      expect(opened.headers()["x-page-cache"]).toBeUndefined();
      const html = await opened.text();
      expect(html).toContain(title);
      expect(html).toContain("Draft preview");
      expect(html).toMatch(/<meta name="robots" content="noindex/);
    }
    const visitor = await page
      .context()
      .browser()!
      .newContext({
        baseURL: BASE_URL,
        javaScriptEnabled: testInfo.project.name === "js",
      });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(link);
    await expect(visitorPage.getByTestId("draft-banner")).toBeVisible();
    await expect(
      visitorPage.getByRole("heading", { level: 1, name: title }),
    ).toBeVisible();
    await expect(visitorPage.getByText(`Preview body ${WORD}.`)).toBeVisible();
    await visitor.close();
    // The post itself stays unpublished.
    expect((await request.get(`/blueprints/${id}`)).status()).toBe(404);

    await page.getByRole("button", { name: "Revoke all links" }).click();
    await expect(
      page.getByText("Every preview link of this post is closed."),
    ).toBeVisible();
    const revoked = await request.get(link);
    expect(revoked.status()).toBe(404);
    expect(revoked.headers()["cache-control"]).toBe("no-store");
    expect(await revoked.text()).not.toContain(title);

    const second = await createLink();
    expect((await request.get(second)).status()).toBe(200);
    await service
      .from("post_preview_links")
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .eq("post_id", id)
      .is("revoked_at", null);
    expect((await request.get(second)).status()).toBe(404);
    expect((await request.get("/preview/not-a-token")).status()).toBe(404);
  });
});

test.describe("revisions", () => {
  test("every save is a revision; compare any two; restore one, keeping the current state", async ({
    page,
  }, testInfo) => {
    const title = `Revised ${RUN} ${testInfo.project.name}`;
    const { data: created, error } = await service
      .from("blog_posts")
      .insert({
        title,
        content: "<p>Opening line.</p><p>First middle.</p>",
        author_id: ACCOUNTS.author.id,
      })
      .select("id")
      .single();
    if (error) throw error;
    const id = (created as { id: string }).id;
    // Two more saves, each its own transaction: three revisions.
    for (const content of [
      "<p>Opening line.</p><p>Second middle.</p>",
      "<p>Opening line.</p><p>Third middle.</p><p>Closing line.</p>",
    ]) {
      const { error: saveError } = await service
        .from("blog_posts")
        .update({ content })
        .eq("id", id);
      if (saveError) throw saveError;
    }

    await signIn(page, "author", `/edit/${id}`);
    await page.waitForURL((url) => url.pathname === `/edit/${id}`);
    await page.getByRole("link", { name: "Revisions" }).click();
    await page.waitForURL((url) => url.pathname === `/edit/${id}/revisions`);
    const rows = page.getByTestId("revision");
    await expect(rows).toHaveCount(3);

    // By default the newest against the one before.
    const diff = page.getByRole("region", { name: /^Changes from/ });
    await expect(diff.locator("del")).toHaveText(["− Second middle."]);
    await expect(diff.locator("ins")).toHaveText([
      "+ Third middle.",
      "+ Closing line.",
    ]);

    // Any two: the oldest against the newest.
    await rows
      .nth(2)
      .getByRole("radio", { name: /^Compare from/ })
      .check();
    await rows.nth(0).getByRole("radio", { name: /^to / }).check();
    await page.getByRole("button", { name: "Compare" }).click();
    await expect(diff.locator("del")).toHaveText(["− First middle."]);
    await expect(diff.locator("ins")).toHaveText([
      "+ Third middle.",
      "+ Closing line.",
    ]);

    // Restoring the oldest is a save: the state it replaces stays listed.
    await rows
      .nth(2)
      .getByRole("button", { name: /^Restore the revision of/ })
      .click();
    await expect(rows).toHaveCount(4);
    const { data: restored } = await service
      .from("blog_posts")
      .select("content")
      .eq("id", id)
      .single();
    expect((restored as { content: string }).content).toBe(
      "<p>Opening line.</p><p>First middle.</p>",
    );
    await expect(diff.locator("del")).toHaveText([
      "− Third middle.",
      "− Closing line.",
    ]);
    await expect(diff.locator("ins")).toHaveText(["+ First middle."]);
    expect((await page.request.get(`/blueprints/${id}`)).status()).toBe(200);
  });
});

test.describe("no lost edits", () => {
  test("a save based on an older version is refused with both versions shown; the author chooses", async ({
    page,
  }, testInfo) => {
    const title = `Contested ${RUN} ${testInfo.project.name}`;
    const { data: created, error } = await service
      .from("blog_posts")
      .insert({
        title,
        content: "<p>Shared body.</p>",
        author_id: ACCOUNTS.author.id,
      })
      .select("id")
      .single();
    if (error) throw error;
    const id = (created as { id: string }).id;

    await signIn(page, "author", `/edit/${id}`);
    await page.waitForURL((url) => url.pathname === `/edit/${id}`);
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(
      title,
    );
    // Someone else saves while the author writes.
    const theirs = `Their ${title}`;
    await service.from("blog_posts").update({ title: theirs }).eq("id", id);

    await page.getByRole("textbox", { name: "Excerpt" }).fill("Mine");
    await page.getByRole("button", { name: "Update Post" }).click();
    const notice = page.getByTestId("edit-conflict");
    await expect(notice).toContainText(
      "This post changed while you were editing",
    );
    await expect(notice.locator("del")).toContainText([`− ${theirs}`]);
    await expect(notice.locator("ins")).toContainText([`+ ${title}`, "+ Mine"]);
    await expect(page.getByRole("textbox", { name: "Excerpt" })).toHaveValue(
      "Mine",
    );
    const { data: kept } = await service
      .from("blog_posts")
      .select("title, excerpt")
      .eq("id", id)
      .single();
    expect(kept).toEqual({ title: theirs, excerpt: null });

    await notice.getByRole("button", { name: "Save my version" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    const { data: saved } = await service
      .from("blog_posts")
      .select("title, excerpt")
      .eq("id", id)
      .single();
    expect(saved).toEqual({ title, excerpt: "Mine" });
  });
});
