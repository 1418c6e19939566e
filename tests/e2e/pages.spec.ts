import { createClient } from "@supabase/supabase-js";
import type { APIRequestContext } from "@playwright/test";
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  signInRequest,
} from "../support/auth-helpers.ts";
import {
  BASE_URL,
  SUPABASE_ANON_KEY,
  SUPABASE_URL,
} from "../support/e2e-env.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";
import { agentSeed, getAgent } from "#app/content/agents.ts";
import { HOME_SEED } from "#app/content/home.ts";
import { PRIVACY_NOTICE } from "#app/content/privacy.ts";

// The pages the team edits (decision 236): the home headline changed at
// /admin/pages/home as plain form posts, a draft the public page does not
// show, a preview link opened signed out, publishing (a new ETag from the
// page store), and restoring the version before, all as plain form posts.
// The home page is shared with every other spec, so these run one after
// another and leave the seeded words published.

const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ mode: "serial" });

const SEEDED = HOME_SEED;
const SEEDED_HEADLINE = SEEDED.hero.headline;

/** A value as Conform names its fields: `content.hero.checklist[0]`. */
function formFields(value: unknown, name: string, into: [string, string][]) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => formFields(item, `${name}[${index}]`, into));
  } else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      formFields(inner, `${name}.${key}`, into);
    }
  } else if (value === true) {
    into.push([name, "on"]);
  } else if (value !== false) {
    into.push([name, String(value)]);
  }
  return into;
}

function withHeadline(headline: string) {
  return { ...SEEDED, hero: { ...SEEDED.hero, headline } };
}

/** The version the editor shows, from its hidden `base` input. */
async function editorBase(admin: APIRequestContext, key = "home") {
  const html = await (await admin.get(`/admin/pages/${key}`)).text();
  const base = /name="base" value="(\d+)"/.exec(html)?.[1];
  expect(base, "the editor names the version it edits").toBeDefined();
  return base!;
}

function postEditor(
  admin: APIRequestContext,
  content: unknown,
  base: string,
  intent: string,
  key = "home",
) {
  const body = new URLSearchParams([
    ...formFields(content, "content", []),
    ["base", base],
    ["intent", intent],
  ]);
  return admin.post(`/admin/pages/${key}`, {
    data: body.toString(),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: BASE_URL,
    },
    maxRedirects: 0,
  });
}

/** The stored home page's ETag, once the store has compressed its copy. */
async function storedTag(visitor: APIRequestContext) {
  let tag: string | undefined;
  await expect(async () => {
    const response = await visitor.get("/");
    tag = response.headers()["etag"];
    expect(response.headers()["x-page-cache"]).toBe("hit");
    expect(tag).toBeTruthy();
  }).toPass();
  return tag!;
}

function headlineOf(html: string) {
  return /<h1 id="hero-heading"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

test.describe("pages the team edits", () => {
  // The embedded server's first sign-in after it starts can run past the
  // site's auth budget on a loaded machine: take it before the tests do.
  test.beforeAll(async ({ playwright }) => {
    const warm = await playwright.request.newContext({ baseURL: BASE_URL });
    await warm.post("/auth", {
      form: {
        email: ACCOUNTS.admin.email,
        password: DEMO_PASSWORD,
        name__confirm: "",
      },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    await warm.dispose();
  });

  test.afterAll(async ({ playwright }) => {
    const admin = await playwright.request.newContext({ baseURL: BASE_URL });
    await signInRequest(admin, "admin");
    await postEditor(admin, SEEDED, await editorBase(admin), "publish");
    await admin.dispose();
  });

  test("the home headline: a draft the public page does not show, a preview link signed out, published, the earlier revision restored @js-only", async ({
    playwright,
    request: visitor,
  }) => {
    test.slow();
    const admin = await playwright.request.newContext({ baseURL: BASE_URL });
    await signInRequest(admin, "admin");
    expect(headlineOf(await (await visitor.get("/")).text())).toBe(
      SEEDED_HEADLINE,
    );
    const seededTag = await storedTag(visitor);

    const list = await (await admin.get("/admin/pages")).text();
    expect(list).toContain('href="/admin/pages/home"');

    const headline = `Shipping every week ${Date.now()}`;
    const base = await editorBase(admin);

    // Preview: the form's words drawn as the page, nothing saved.
    const preview = await postEditor(
      admin,
      withHeadline(headline),
      base,
      "preview",
    );
    expect(preview.status()).toBe(200);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain('data-testid="draft-preview"');
    expect(headlineOf(previewHtml)).toBe(headline);
    expect(await editorBase(admin)).toBe(base);

    // A draft: saved, and the public page unchanged for every visitor.
    const draft = await postEditor(
      admin,
      withHeadline(headline),
      base,
      "draft",
    );
    expect(draft.status()).toBe(302);
    expect(draft.headers()["location"]).toBe("/admin/pages/home");
    const draftBase = await editorBase(admin);
    expect(Number(draftBase)).toBeGreaterThan(Number(base));
    for (const agent of ["Mozilla/5.0", "Googlebot/2.1"]) {
      const page = await visitor.get("/", { headers: { "User-Agent": agent } });
      expect(headlineOf(await page.text())).toBe(SEEDED_HEADLINE);
    }

    // A preview link opens the draft signed out: marked, noindex, never stored.
    const made = await admin.post("/admin/pages/home", {
      form: { intent: "link" },
      headers: { Origin: BASE_URL },
    });
    const link = /\/preview\/pages\/[A-Za-z0-9_-]{43}/.exec(
      await made.text(),
    )?.[0];
    expect(link, "the editor shows the link").toBeDefined();
    for (let i = 0; i < 2; i++) {
      const opened = await visitor.get(link!);
      expect(opened.status()).toBe(200);
      const html = await opened.text();
      expect(headlineOf(html)).toBe(headline);
      expect(html).toContain('data-testid="draft-banner"');
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      expect(opened.headers()["x-robots-tag"]).toContain("noindex");
      expect(opened.headers()["cache-control"]).toBe("no-store");
      expect(opened.headers()["etag"]).toBeUndefined();
    }

    // A save based on an older version writes nothing and says so.
    const stale = await postEditor(admin, withHeadline("Stale"), base, "draft");
    expect(stale.status()).toBe(409);
    expect(await stale.text()).toContain(
      "Someone saved this page after you opened it",
    );
    expect(await editorBase(admin)).toBe(draftBase);

    // Published: the public page shows it within seconds, with a new ETag.
    const published = await postEditor(
      admin,
      withHeadline(headline),
      draftBase,
      "publish",
    );
    expect(published.status()).toBe(302);
    await expect
      .poll(async () => headlineOf(await (await visitor.get("/")).text()))
      .toBe(headline);
    const publishedTag = await storedTag(visitor);
    expect(publishedTag).not.toBe(seededTag);

    // The revisions show the headline's change; the seeded one restored.
    const revisions = await (
      await admin.get("/admin/pages/home/revisions")
    ).text();
    expect(revisions).toContain("Hero › Headline");
    expect(revisions).toMatch(
      new RegExp(`<ins[^>]*>\\+ (?:<!-- -->)?${headline}</ins>`),
    );
    const ids = [...revisions.matchAll(/name="restore" value="(\d+)"/g)].map(
      (match) => match[1]!,
    );
    const newest = await editorBase(admin);
    const restored = await admin.post("/admin/pages/home/revisions", {
      form: { restore: ids.at(-1)!, base: newest },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(restored.status()).toBe(302);
    const editor = await (await admin.get("/admin/pages/home")).text();
    expect(editor).toContain(`value="${SEEDED_HEADLINE}"`);
    const republished = await postEditor(
      admin,
      SEEDED,
      await editorBase(admin),
      "publish",
    );
    expect(republished.status()).toBe(302);
    await expect
      .poll(async () => headlineOf(await (await visitor.get("/")).text()))
      .toBe(SEEDED_HEADLINE);
    await admin.dispose();
  });

  test("a list entry is added, moved and removed by plain posts, and a bad field comes back with its message @js-only", async ({
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL: BASE_URL });
    await signInRequest(admin, "admin");
    const base = await editorBase(admin);
    const fields = formFields(SEEDED, "content", []);
    const intent = (value: object) =>
      admin.post("/admin/pages/home", {
        data: new URLSearchParams([
          ...fields,
          ["base", base],
          ["__intent__", JSON.stringify(value)],
        ]).toString(),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: BASE_URL,
        },
      });
    const moved = await (
      await intent({
        type: "reorder",
        payload: { name: "content.hero.checklist", from: 0, to: 1 },
      })
    ).text();
    const checklist = SEEDED.hero.checklist;
    expect(moved.indexOf(`value="${checklist[1]}"`)).toBeLessThan(
      moved.indexOf(`value="${checklist[0]}"`),
    );
    const removed = await (
      await intent({
        type: "remove",
        payload: { name: "content.hero.checklist", index: 0 },
      })
    ).text();
    expect(removed).not.toContain(`value="${checklist[0]}"`);
    const added = await (
      await intent({
        type: "insert",
        payload: { name: "content.hero.checklist" },
      })
    ).text();
    expect(added).toContain(
      `name="content.hero.checklist[${checklist.length}]"`,
    );

    const refused = await postEditor(
      admin,
      {
        ...SEEDED,
        hero: {
          ...SEEDED.hero,
          headline: "",
          backing: { ...SEEDED.hero.backing, alt: "" },
        },
      },
      base,
      "publish",
    );
    expect(refused.status()).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Headline is required.");
    expect(html).toContain(
      "Describe backing badge for readers who cannot see it, or mark it decorative.",
    );
    expect(html).toContain(`value="${SEEDED.hero.badge}"`);
    expect(await editorBase(admin)).toBe(base);
    await admin.dispose();
  });

  test("an agent page is the team's: a learning-progress figure out of bounds comes back with its message and the values kept, a renamed capability is on the page @js-only", async ({
    playwright,
    request: visitor,
  }) => {
    const key = "data-engineer";
    const seeded = agentSeed(getAgent(key)!);
    const [first, ...rest] = seeded.capabilities.items;
    const withFirst = (progress: number | string, name = first!.name) => ({
      ...seeded,
      capabilities: { items: [{ ...first!, name, progress }, ...rest] },
    });
    // The bar's figure, as assistive technology reads it.
    const progressOf = (html: string, name: string) =>
      new RegExp(
        `aria-label="Learning progress: ${name}"[^>]*aria-valuenow="(\\d+)"`,
      ).exec(html)?.[1];
    const admin = await playwright.request.newContext({ baseURL: BASE_URL });
    await signInRequest(admin, "admin");
    expect(await (await admin.get("/admin/pages")).text()).toContain(
      `href="/admin/pages/${key}"`,
    );
    const base = await editorBase(admin, key);

    const refused = await postEditor(
      admin,
      withFirst("101"),
      base,
      "publish",
      key,
    );
    expect(refused.status()).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain(
      "Learning progress must be a whole number from 0 to 100.",
    );
    expect(refusedHtml).toContain(`value="${seeded.intro.headline}"`);
    expect(refusedHtml).toContain('value="101"');
    expect(await editorBase(admin, key)).toBe(base);

    // Other specs read these figures meanwhile: the published change is a
    // capability's name, with every figure kept.
    const name = `Pipeline Orchestration ${Date.now()}`;
    const published = await postEditor(
      admin,
      withFirst(first!.progress, name),
      base,
      "publish",
      key,
    );
    expect(published.status()).toBe(302);
    await expect
      .poll(async () =>
        progressOf(await (await visitor.get(`/agents/${key}`)).text(), name),
      )
      .toBe(String(first!.progress));
    expect(await (await admin.get(`/admin/pages/${key}`)).text()).toContain(
      `value="${name}"`,
    );

    const restored = await postEditor(
      admin,
      seeded,
      await editorBase(admin, key),
      "publish",
      key,
    );
    expect(restored.status()).toBe(302);
    await expect
      .poll(async () =>
        progressOf(
          await (await visitor.get(`/agents/${key}`)).text(),
          first!.name,
        ),
      )
      .toBe(String(first!.progress));
    await admin.dispose();
  });

  test("the privacy notice is the team's: an empty line starts a paragraph @js-only", async ({
    playwright,
    request: visitor,
  }) => {
    const admin = await playwright.request.newContext({ baseURL: BASE_URL });
    await signInRequest(admin, "admin");
    const added = `Questions about this notice go to privacy@example.com ${Date.now()}.`;
    const notice = {
      notice: { ...PRIVACY_NOTICE, body: `${PRIVACY_NOTICE.body}\n\n${added}` },
    };
    const published = await postEditor(
      admin,
      notice,
      await editorBase(admin, "privacy"),
      "publish",
      "privacy",
    );
    expect(published.status()).toBe(302);
    await expect
      .poll(async () => (await visitor.get("/privacy")).text())
      .toContain(`>${added}</p>`);
    const html = await (await visitor.get("/privacy")).text();
    expect(html).toContain(`>${PRIVACY_NOTICE.body}</p>`);
    const restored = await postEditor(
      admin,
      { notice: PRIVACY_NOTICE },
      await editorBase(admin, "privacy"),
      "publish",
      "privacy",
    );
    expect(restored.status()).toBe(302);
    await expect
      .poll(async () => (await visitor.get("/privacy")).text())
      .not.toContain(added);
    await admin.dispose();
  });

  test("an author and a reader get 403 on every page tool, and the database refuses their writes @js-only", async ({
    playwright,
  }) => {
    for (const account of ["author", "reader"] as const) {
      const user = await playwright.request.newContext({ baseURL: BASE_URL });
      await signInRequest(user, account, "/");
      for (const path of [
        "/admin/pages",
        "/admin/pages/home",
        "/admin/pages/home/revisions",
      ]) {
        expect((await user.get(path)).status(), path).toBe(403);
      }
      const post = await user.post("/admin/pages/home", {
        form: { intent: "link" },
        headers: { Origin: BASE_URL },
      });
      expect(post.status()).toBe(403);
      await user.dispose();

      const client = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
        auth: { persistSession: false },
      });
      const signedIn = await client.auth.signInWithPassword({
        email: ACCOUNTS[account].email,
        password: DEMO_PASSWORD,
      });
      expect(signedIn.error).toBeNull();
      const insert = await client.from("page_versions").insert({
        page_key: "home",
        content: SEEDED as never,
        published_at: new Date().toISOString(),
      });
      expect(insert.error?.code).toBe("42501");
      const saved = await client.rpc("save_page_version", {
        p_key: "home",
        p_content: SEEDED as never,
        p_base: 1,
        p_publish_now: true,
      });
      expect(saved.data ?? null).toBeNull();
      const drafts = await client
        .from("page_versions")
        .select("id")
        .is("published_at", null);
      expect(drafts.data).toEqual([]);
    }
  });
});
