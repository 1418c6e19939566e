import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { AUTOSAVE_DELAY_MS } from "#app/routes/blog/editor/autosave.ts";
import { ACCOUNTS, serviceClient, signIn } from "../support/auth-helpers.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";

// Autosave (decision 137): with JavaScript, a new post or a draft is saved to
// the server as a draft about ten seconds after the author stops typing; a
// scheduled or published post never is; each autosave replaces the author's
// previous autosave revision; and an autosave over someone else's save is
// refused and shown as a conflict. Every post made here carries RUN in its
// title and is removed afterwards. The page's clock is Playwright's: the
// wait before an autosave is skipped, not sat through.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

const RUN = randomUUID().slice(0, 8);
const service = serviceClient();

test.afterAll(async () => {
  await service.from("blog_posts").delete().like("title", `%${RUN}%`);
});

async function createPost(title: string, published: boolean) {
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title,
      content: "<p>Saved body.</p>",
      author_id: ACCOUNTS.author.id,
      published,
    })
    .select("id, updated_at")
    .single();
  if (error) throw error;
  return data as { id: string; updated_at: string };
}

async function row(id: string) {
  const { data, error } = await service
    .from("blog_posts")
    .select("title, content, published_at, updated_at")
    .eq("id", id)
    .single();
  if (error) throw error;
  return data as {
    title: string;
    content: string;
    published_at: string | null;
    updated_at: string;
  };
}

async function revisions(id: string) {
  const { data, error } = await service
    .from("post_revisions")
    .select("autosave, post")
    .eq("post_id", id)
    .order("saved_at", { ascending: true });
  if (error) throw error;
  return data as { autosave: boolean; post: { content: string } }[];
}

async function typeAtEnd(page: Page, text: string) {
  await page.getByTestId("post-editor").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
}

/**
 * Past the autosave's wait on the page's clock, then a moment of real time
 * for a save it started to reach the server and come back.
 */
async function pastTheWait(page: Page) {
  await page.clock.fastForward(AUTOSAVE_DELAY_MS + 1_000);
  await page.waitForTimeout(2_000);
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test("a new post is autosaved as a draft and the form carries on as that post @js-only", async ({
  page,
}) => {
  const title = `Autosaved ${RUN}`;
  await signIn(page, "author", "/write");
  await page.waitForURL((url) => url.pathname === "/write");
  const status = page
    .getByRole("status")
    .filter({ hasText: /Draft saved|Saving/ });
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await typeAtEnd(page, "The first paragraph.");
  await pastTheWait(page);
  await expect(page.getByText(/^Draft saved at /)).toBeVisible();
  await expect(page).toHaveURL(/\/write$/);

  const { data: found } = await service
    .from("blog_posts")
    .select("id")
    .eq("title", title);
  expect(found).toHaveLength(1);
  const id = (found as { id: string }[])[0]!.id;
  expect(await row(id)).toMatchObject({ published_at: null });
  expect((await row(id)).content).toContain("The first paragraph.");

  // Typing on goes on in the same editor, and the next autosave updates the
  // same post: its autosave revision is replaced, not added to.
  await page.keyboard.type(" And a second thought.");
  await pastTheWait(page);
  await expect
    .poll(async () => (await row(id)).content)
    .toContain("And a second thought.");
  await expect(status).toHaveText(/^Draft saved at /);
  expect(await revisions(id)).toEqual([
    expect.objectContaining({ autosave: true }),
  ]);

  // No copy of a new post is left to offer: it is the saved draft now.
  await page.reload();
  await expect(page.getByTestId("post-editor")).toBeVisible();
  await expect(page.getByTestId("backstop-offer")).toHaveCount(0);
  const yours = page.getByRole("region", { name: "Your posts" });
  await yours.getByRole("link", { name: title }).click();
  await page.waitForURL((url) => url.pathname === `/edit/${id}`);
  await expect(page.getByTestId("post-editor")).toContainText(
    "The first paragraph. And a second thought.",
  );

  // The author's own save after autosaves is no conflict, and is kept as a
  // revision of its own beside the one rolling autosave.
  await typeAtEnd(page, " Saved by hand.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.waitForURL((url) => url.pathname === "/write");
  expect((await row(id)).content).toContain("Saved by hand.");
  // (Storing the post's social card afterwards may add one more.)
  const kinds = (await revisions(id)).map((revision) => revision.autosave);
  expect(kinds[0]).toBe(true);
  expect(kinds.slice(1)).not.toContain(true);
  expect(kinds.length).toBeGreaterThan(1);
  await page.goto(`/edit/${id}/revisions`);
  await expect(page.getByText(/autosaved by you/)).toHaveCount(1);
});

test("a published post is never autosaved @js-only", async ({ page }) => {
  const title = `Published ${RUN}`;
  const { id } = await createPost(title, true);
  const before = await row(id);

  await signIn(page, "author", `/edit/${id}`);
  await page.waitForURL((url) => url.pathname === `/edit/${id}`);
  await typeAtEnd(page, " Not for the public yet.");
  await pastTheWait(page);
  await expect(page.getByText(/Draft saved|Saving…/)).toHaveCount(0);
  expect(await row(id)).toEqual(before);
  const response = await page.request.get(`/blueprints/${id}`);
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toContain("Not for the public yet.");
});

test("an autosave after someone else's save is refused and shown as a conflict @js-only", async ({
  page,
}) => {
  const title = `Contested draft ${RUN}`;
  const { id } = await createPost(title, false);

  await signIn(page, "author", `/edit/${id}`);
  await page.waitForURL((url) => url.pathname === `/edit/${id}`);
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
  const theirs = `Their ${title}`;
  const { error } = await service
    .from("blog_posts")
    .update({ title: theirs })
    .eq("id", id);
  if (error) throw error;
  const saved = await row(id);

  await typeAtEnd(page, " Mine, typed meanwhile.");
  await pastTheWait(page);
  const notice = page.getByTestId("edit-conflict");
  await expect(notice).toContainText(
    "This post changed while you were editing",
  );
  await expect(notice.locator("del")).toContainText([`− ${theirs}`]);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "someone else saved this post" }),
  ).toBeVisible();
  expect(await row(id)).toEqual(saved);

  // Autosave has stopped: more typing writes nothing.
  await typeAtEnd(page, " More.");
  await pastTheWait(page);
  expect(await row(id)).toEqual(saved);

  // Keeping theirs or mine is the author's choice, as for any conflict.
  await notice.getByRole("button", { name: "Save my version" }).click();
  await page.waitForURL((url) => url.pathname === "/write");
  const mine = await row(id);
  expect(mine).toMatchObject({ title, published_at: null });
  expect(mine.content).toContain("Mine, typed meanwhile. More.");
});
