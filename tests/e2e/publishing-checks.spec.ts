import { randomUUID } from "node:crypto";
import { ACCOUNTS, serviceClient, signIn } from "../support/auth-helpers.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";

// Checks that help readers before a post goes public (decision 134): every
// image, the cover and each one in the content, is described or marked
// decorative before Publish Post or Schedule; Save draft keeps the post as
// it is. Every post made here carries RUN in its title and is removed.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const RUN = randomUUID().slice(0, 8);
const service = serviceClient();
// A 1x1 PNG, pasted into the content as a data URL.
const PNG_DATA =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

test.afterAll(async () => {
  await service.from("blog_posts").delete().like("title", `%${RUN}%`);
});

/** The author's draft with a cover and two pasted images, the second described. */
async function draftWithImages(title: string) {
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title,
      content: `<p>Before the images.</p><p><img src="${PNG_DATA}"></p><p><img src="${PNG_DATA}" alt="A single blue dot"></p>`,
      cover_image_url: "/blog/cover-kpi.svg",
      author_id: ACCOUNTS.author.id,
      published: false,
    })
    .select("id")
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

test("publishing waits for every image's description; a draft does not", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const title = `Alt text ${RUN} ${testInfo.project.name}`;
  const id = await draftWithImages(title);
  await signIn(page, "author", `/edit/${id}`);
  await page.waitForURL((url) => url.pathname === `/edit/${id}`);
  if (js) await expect(page.getByTestId("post-editor")).toBeVisible();

  // A draft is kept as it is, undescribed images and all.
  const excerpt = page.getByRole("textbox", { name: "Excerpt" });
  await excerpt.fill("Saved before its images were described.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.waitForURL((url) => url.pathname === "/write");
  await expect(page.getByText("Your draft has been saved.")).toBeVisible();

  // Publishing is refused with the list of what is missing, values kept.
  await page.goto(`/edit/${id}`);
  if (js) await expect(page.getByTestId("post-editor")).toBeVisible();
  await page.getByRole("textbox", { name: "Title" }).fill(`${title} again`);
  await page.getByRole("button", { name: "Publish Post" }).click();
  const refusal = page.getByTestId("image-alt-errors");
  await expect(refusal).toContainText(
    "Before publishing or scheduling, describe each image or mark it decorative: the cover image; image 1 in the content (pasted).",
  );
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(
    `${title} again`,
  );
  await expect(excerpt).toHaveValue("Saved before its images were described.");
  const stored = await service
    .from("blog_posts")
    .select("title, published_at")
    .eq("id", id)
    .single();
  expect(stored.data).toMatchObject({ title, published_at: null });

  // Scheduling asks the same.
  const year = new Date().getUTCFullYear() + 1;
  await page.getByLabel("Publish at").fill(`${year}-03-01T10:00`);
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(refusal).toContainText("the cover image; image 1");

  // The cover described, the first inline image marked decorative.
  await page
    .getByRole("textbox", { name: "Cover description (alt text)" })
    .fill("Metric sources converging into one gauge");
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(refusal).toContainText(
    "describe each image or mark it decorative: image 1 in the content (pasted).",
  );
  if (js) {
    await page.getByTestId("post-editor").locator("img").first().click();
    await page.getByRole("button", { name: "Describe image" }).click();
    await page
      .getByRole("checkbox", { name: "Decorative image: no description" })
      .check();
    await page.getByRole("button", { name: "Apply" }).click();
  } else {
    const content = page.getByRole("textbox", { name: "Content" });
    const html = await content.inputValue();
    await content.fill(html.replace("<img ", '<img alt="" data-decorative '));
  }
  await page.getByRole("button", { name: "Publish Post" }).click();
  await page.waitForURL((url) => url.pathname === "/blueprints");

  const { data: published } = await service
    .from("blog_posts")
    .select("title, cover_alt, cover_decorative, content, published_at")
    .eq("id", id)
    .single();
  expect(published).toMatchObject({
    title: `${title} again`,
    cover_alt: "Metric sources converging into one gauge",
    cover_decorative: false,
  });
  expect(published?.published_at).not.toBeNull();

  await page.goto(`/blueprints/${id}`);
  await expect(
    page.getByRole("img", { name: "Metric sources converging into one gauge" }),
  ).toBeVisible();
  const inline = page.locator("article img[data-decorative]");
  await expect(inline).toHaveCount(1);
  await expect(inline).toHaveAttribute("alt", "");
  await expect(
    page.getByRole("img", { name: "A single blue dot" }),
  ).toHaveCount(1);
});

test("a new post's cover needs its description to publish", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const title = `New cover ${RUN} ${testInfo.project.name}`;
  await signIn(page, "author", "/write");
  await page.waitForURL((url) => url.pathname === "/write");
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  if (js) {
    await page.getByTestId("post-editor").click();
    await page.keyboard.type("A body.");
  } else {
    await page.getByRole("textbox", { name: "Content" }).fill("<p>A body.</p>");
  }
  const cover = {
    name: "cover.png",
    mimeType: "image/png",
    buffer: Buffer.from(PNG_DATA.split(",")[1] ?? "", "base64"),
  };
  await page.getByLabel("Cover Image").setInputFiles(cover);
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByTestId("image-alt-errors")).toContainText(
    "mark it decorative: the cover image.",
  );
  // Without JavaScript the file is not sent back: it is chosen again.
  if (!js) await page.getByLabel("Cover Image").setInputFiles(cover);
  await page
    .getByRole("checkbox", {
      name: "The cover is decorative: it needs no description",
    })
    .check();
  await page.getByRole("button", { name: "Publish Post" }).click();
  await page.waitForURL((url) => url.pathname === "/blueprints");
  const { data } = await service
    .from("blog_posts")
    .select("cover_alt, cover_decorative, cover_image_url")
    .eq("title", title)
    .single();
  expect(data).toMatchObject({ cover_alt: null, cover_decorative: true });
  expect(data?.cover_image_url).toBeTruthy();
});
