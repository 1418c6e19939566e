import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import { ACCOUNTS, signIn } from "../support/auth-helpers.ts";
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from "../support/e2e-env.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";
import { AXE_AUTHOR, authorProfile } from "../support/authors.ts";

// The writing tool at a desk and on a phone: the toolbar's touch targets
// and rows, a content area that grows instead of scrolling, an error that
// clears once fixed, the preview drawn like the post, the editor's View post
// and Delete, the warning before unsaved work is left, and a file checked
// the moment it is picked.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const RUN = randomUUID().slice(0, 8);
const SIZES = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

const service = createClient(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
});

test.afterAll(async () => {
  await service.from("blog_posts").delete().like("title", `%${RUN}%`);
});

async function seedPost(title: string) {
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title,
      content: "<p>Seeded body for the editor</p>",
      author_id: ACCOUNTS.author.id,
      published: true,
    })
    .select("id")
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

async function openWrite(page: Page, path = "/write") {
  await signIn(page, "author", path);
  await page.waitForURL((url) => url.pathname === path);
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("the title is the page's heading; the content area is at least 400 px", async ({
      page,
    }, testInfo) => {
      await openWrite(page);
      const title = page.getByRole("textbox", { name: "Title" });
      const fontSize = await title.evaluate((element) =>
        parseFloat(getComputedStyle(element).fontSize),
      );
      expect(fontSize).toBeGreaterThanOrEqual(28);
      const content =
        testInfo.project.name === "js"
          ? page.getByTestId("post-editor")
          : page.getByRole("textbox", { name: "Content" });
      const box = await content.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(400);
    });

    // With JavaScript the Delete dialog has a test of its own.
    test("an edited post offers View post and Delete; no-JS Delete is the confirmation page naming the post @no-js-only", async ({
      page,
    }) => {
      const title = `Plain delete ${RUN} ${size.width}`;
      const id = await seedPost(title);
      await openWrite(page, `/edit/${id}`);
      await expect(
        page.getByRole("link", { name: "View post" }),
      ).toHaveAttribute("href", `/blueprints/${id}`);
      await page.getByRole("link", { name: `Delete post ${title}` }).click();
      await expect(
        page.getByText("Are you sure you want to delete this post?"),
      ).toBeVisible();
      await expect(page.getByText(title, { exact: true })).toBeVisible();
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(new RegExp(`/edit/${id}$`));
      await page.getByRole("link", { name: `Delete post ${title}` }).click();
      await page.getByRole("button", { name: "Delete Post" }).click();
      await page.waitForURL((url) => url.pathname === "/blueprints");
      const { data } = await service
        .from("blog_posts")
        .select("id")
        .eq("id", id);
      expect(data).toHaveLength(0);
    });

    test("the preview shows the post page's byline and tags", async ({
      page,
    }, testInfo) => {
      const title = `Preview ${RUN} ${size.width}`;
      await authorProfile();
      await openWrite(page);
      await page.getByRole("textbox", { name: "Title" }).fill(title);
      if (testInfo.project.name === "js") {
        await page.getByTestId("post-editor").click();
        await page.keyboard.type("A body worth previewing");
      } else {
        await page
          .getByRole("textbox", { name: "Content" })
          .fill("<p>A body worth previewing</p>");
      }
      await page.getByRole("checkbox", { name: "Analytics" }).check();
      await page.getByRole("button", { name: "Preview" }).click();
      const preview =
        testInfo.project.name === "js"
          ? page.getByRole("dialog")
          : page.getByRole("region", { name: "Preview" });
      await expect(
        preview.getByRole("heading", { level: 1, name: title }),
      ).toBeVisible();
      // The writer's own byline, as the published post will show it.
      await expect(
        preview.getByText(new RegExp(`^${AXE_AUTHOR.name} · .+ · 1 min read$`)),
      ).toBeVisible();
      await expect(
        preview.getByRole("link", { name: AXE_AUTHOR.name }),
      ).toHaveAttribute("href", `/blueprints/authors/${AXE_AUTHOR.slug}`);
      await expect(
        preview.getByRole("heading", { level: 2, name: "Tags" }),
      ).toBeVisible();
      await expect(
        preview.getByRole("link", { name: "Analytics", exact: true }),
      ).toBeVisible();
    });
  });
}

test.describe("with JavaScript", { tag: "@js-only" }, () => {
  test("on a phone the toolbar's controls are 44 px targets in at most two rows", async ({
    page,
  }) => {
    await page.setViewportSize(SIZES[1]);
    await openWrite(page);
    await page.getByTestId("post-editor").waitFor();
    const controls = page.locator(".mantine-RichTextEditor-control");
    const boxes = await controls.evaluateAll((elements) =>
      elements.map((element) => {
        const { width, height, top } = element.getBoundingClientRect();
        return { width, height, top: Math.round(top) };
      }),
    );
    expect(boxes.length).toBeGreaterThan(8);
    for (const box of boxes) {
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(new Set(boxes.map((box) => box.top)).size).toBeLessThanOrEqual(2);

    // The rarer tools are still there, behind the menus.
    await page.getByRole("button", { name: "Text style" }).click();
    for (const level of [1, 2, 3, 4, 5, 6]) {
      await expect(
        page.getByRole("menuitem", { name: `Heading ${level}` }),
      ).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "More formatting" }).click();
    for (const name of [
      "Strikethrough",
      "Subscript",
      "Superscript",
      "Blockquote",
      "Code block",
      "Indent",
      "Outdent",
      "Right-to-left text",
      "Insert YouTube video",
      "Clear formatting",
    ]) {
      await expect(page.getByRole("menuitem", { name })).toBeVisible();
    }
  });

  test("the content area grows with the text instead of scrolling", async ({
    page,
  }) => {
    await openWrite(page);
    const editor = page.getByTestId("post-editor");
    await editor.click();
    for (let line = 0; line < 30; line += 1) {
      await page.keyboard.type(`Line ${line}`);
      await page.keyboard.press("Enter");
    }
    const { scroll, client } = await editor.evaluate((element) => ({
      scroll: element.scrollHeight,
      client: element.clientHeight,
    }));
    expect(client).toBeGreaterThan(400);
    expect(scroll).toBeLessThanOrEqual(client);
  });

  test("the content error clears once content is written", async ({ page }) => {
    await openWrite(page);
    await page.getByTestId("post-editor").waitFor();
    await page
      .getByRole("textbox", { name: "Title" })
      .fill(`Error clears ${RUN}`);
    await page.getByRole("button", { name: "Publish Post" }).click();
    const error = page.getByText("Please provide content for your post.");
    await expect(error).toBeVisible();
    await expect(page.getByTestId("post-editor")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await page.getByTestId("post-editor").click();
    await page.keyboard.type("Now there is content");
    await expect(error).toBeHidden();
    await expect(page.getByTestId("post-editor")).not.toHaveAttribute(
      "aria-invalid",
      "true",
    );
  });

  test("leaving unsaved work asks first, in the site and when the tab goes", async ({
    page,
  }) => {
    await openWrite(page);
    await page.getByTestId("post-editor").waitFor();
    // Nothing typed: nothing to lose, nothing asked.
    await page
      .getByRole("link", { name: "Blueprints", exact: true })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    await page.goto("/write");
    await page.getByTestId("post-editor").waitFor();

    await page.getByRole("textbox", { name: "Title" }).fill(`Unsaved ${RUN}`);
    await page
      .getByRole("link", { name: "Blueprints", exact: true })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Keep writing" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/write$/);
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(
      `Unsaved ${RUN}`,
    );

    await page.getByRole("link", { name: "Blueprints", exact: true }).click();
    await dialog.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");

    // Closing the tab or reloading: the browser's own question.
    await page.goto("/write");
    await page.getByTestId("post-editor").click();
    await page.keyboard.type("Words not saved yet");
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", (question) => {
        resolve(question.type());
        void question.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
  });

  test("a cover of the wrong type or size is refused as soon as it is picked", async ({
    page,
  }) => {
    await openWrite(page);
    await page.getByTestId("post-editor").waitFor();
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    const cover = page.getByLabel("Cover Image");
    await cover.setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not an image"),
    });
    await expect(
      page.getByText("The cover image must be a PNG, JPEG, GIF or WebP image."),
    ).toBeVisible();
    await cover.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(6 * 1024 * 1024),
    });
    await expect(
      page.getByText("The cover image must be 5 MB or smaller."),
    ).toBeVisible();
    expect(posted).toBe(false);
  });

  test("a CV of the wrong type or size is refused as soon as it is picked", async ({
    page,
  }) => {
    await page.goto("/careers/1");
    const apply = page.getByRole("link", { name: "Apply Now" }).first();
    await expect(apply).toBeVisible();
    // The dialog opens once the page is hydrated; until then the link leads to the in-page form.
    await expect(async () => {
      await apply.click();
      await expect(page.getByRole("dialog")).toBeVisible({ timeout: 1000 });
    }).toPass();
    const form = page.getByRole("dialog").locator("form");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    const file = form.locator('input[type="file"]');
    await file.setInputFiles({
      name: "cv.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Plain text CV"),
    });
    await expect(
      form.getByText("Only PDF, DOC, and DOCX files are accepted"),
    ).toBeVisible();
    await file.setInputFiles({
      name: "big.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([
        Buffer.from("%PDF-1.7\n"),
        Buffer.alloc(6 * 1024 * 1024),
      ]),
    });
    await expect(
      form.getByText("File size must be less than 5MB"),
    ).toBeVisible();
    await file.setInputFiles({
      name: "cv.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\n"),
    });
    await expect(
      form.getByText("File size must be less than 5MB"),
    ).toBeHidden();
    expect(posted).toBe(false);
  });
});
