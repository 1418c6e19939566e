import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { ACCOUNTS, serviceClient, signIn } from "../support/auth-helpers.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";

// The post form's local backstop (decision 136): with JavaScript, unsent work
// is kept in the browser, and a form opened again after a reload, a crash or
// a closed tab offers it back. Every post made here carries RUN in its title
// and is removed afterwards.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const RUN = randomUUID().slice(0, 8);
const service = serviceClient();

test.afterAll(async () => {
  await service.from("blog_posts").delete().like("title", `%${RUN}%`);
});

function kept(page: Page, key: string) {
  return page.evaluate(
    (name) => window.localStorage.getItem(`post-form-backstop:${name}`),
    key,
  );
}

async function reloadLeaving(page: Page) {
  // The leave warning asks before a reload with unsent work: leave.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
}

test("unsent edits survive a reload and are restored on request @js-only", async ({
  page,
}) => {
  const title = `Backstop ${RUN}`;
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title,
      content: "<p>Saved body.</p>",
      author_id: ACCOUNTS.author.id,
      published: false,
    })
    .select("id")
    .single();
  if (error) throw error;
  const id = (data as { id: string }).id;

  await signIn(page, "author", `/edit/${id}`);
  await page.waitForURL((url) => url.pathname === `/edit/${id}`);
  const editor = page.getByTestId("post-editor");
  await expect(editor).toBeVisible();
  const titleField = page.getByRole("textbox", { name: "Title" });
  await titleField.fill(`${title} changed`);
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Words not sent yet.");
  await expect.poll(() => kept(page, id)).toContain("Words not sent yet.");

  await reloadLeaving(page);
  await expect(editor).toBeVisible();
  const offer = page.getByTestId("backstop-offer");
  await expect(offer).toBeVisible();
  await expect(titleField).toHaveValue(title);
  await offer.getByRole("button", { name: "Restore unsaved changes" }).click();
  await expect(offer).toHaveCount(0);
  await expect(titleField).toHaveValue(`${title} changed`);
  await expect(editor).toContainText("Words not sent yet.");

  await page.getByRole("button", { name: "Save draft" }).click();
  await page.waitForURL((url) => url.pathname === "/write");
  const { data: saved } = await service
    .from("blog_posts")
    .select("title, content, published_at")
    .eq("id", id)
    .single();
  expect(saved).toMatchObject({
    title: `${title} changed`,
    published_at: null,
  });
  expect((saved as { content: string }).content).toContain(
    "Words not sent yet.",
  );
  expect(await kept(page, id)).toBeNull();
});

test("a new post's unsent work is offered back, and can be discarded @js-only", async ({
  page,
}) => {
  await signIn(page, "author", "/write");
  await page.waitForURL((url) => url.pathname === "/write");
  const editor = page.getByTestId("post-editor");
  await expect(editor).toBeVisible();
  await page.getByRole("textbox", { name: "Title" }).fill(`New ${RUN}`);
  await editor.click();
  await page.keyboard.type("A first paragraph.");
  await expect.poll(() => kept(page, "new")).toContain("A first paragraph.");

  await reloadLeaving(page);
  const offer = page.getByTestId("backstop-offer");
  await expect(offer).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("");
  await offer.getByRole("button", { name: "Discard them" }).click();
  await expect(offer).toHaveCount(0);
  expect(await kept(page, "new")).toBeNull();
  await page.reload();
  await expect(editor).toBeVisible();
  await expect(page.getByTestId("backstop-offer")).toHaveCount(0);
});
