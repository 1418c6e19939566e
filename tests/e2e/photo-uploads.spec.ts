import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { ACCOUNTS, signIn } from "../support/auth-helpers.ts";
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from "../support/e2e-env.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";

// Authors' photos (decision 087): a cover and an image inserted in the editor
// are stored in blog-images with WebP variants, a JPEG fallback and a social
// JPEG, and pages choose among them with srcset; posts without variants
// (data-URL images included) render as before. Everything made here carries
// RUN and is removed afterwards, with every object it stored.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const RUN = randomUUID().slice(0, 8);
const IMAGES = `${SUPABASE_URL}/storage/v1/object/public/blog-images/`;
const AUTHOR_IMAGES = `${IMAGES}${ACCOUNTS.author.id}/`;
const OWN_URL = new RegExp(
  `${IMAGES.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[^"\\s,]+`,
  "g",
);
// A 1x1 PNG as a data URL, as the original site's editor stored images.
const PNG_DATA =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const service = createClient(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
});

/** A 1600×1200 JPEG: wide enough for two WebP widths besides its own. */
function photo(name = "photo.jpg") {
  return sharp({
    create: { width: 1600, height: 1200, channels: 3, background: "#3a6ea5" },
  })
    .jpeg()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: "image/jpeg", buffer }));
}

test.afterAll(async () => {
  const { data: posts } = await service
    .from("blog_posts")
    .select("content, cover_image_url, cover_variants")
    .like("title", `%${RUN}%`);
  const paths = new Set<string>();
  for (const post of posts ?? []) {
    for (const url of JSON.stringify(post).match(OWN_URL) ?? []) {
      paths.add(decodeURIComponent(url.slice(IMAGES.length)));
    }
  }
  if (paths.size > 0)
    await service.storage.from("blog-images").remove([...paths]);
  await service.from("blog_posts").delete().like("title", `%${RUN}%`);
});

async function signInAsAuthor(page: Page, redirect: string) {
  await signIn(page, "author", redirect);
  await page.waitForURL((url) => url.pathname === redirect);
}

async function storedPost(title: string) {
  const { data, error } = await service
    .from("blog_posts")
    .select("id, content, cover_image_url, cover_variants")
    .eq("title", title)
    .single();
  if (error) throw error;
  return data as {
    id: string;
    content: string;
    cover_image_url: string;
    cover_variants: {
      webp: { w: number; url: string }[];
      jpeg: { w: number; h: number; url: string };
      social: string;
    } | null;
  };
}

test.describe("without JavaScript", { tag: "@no-js-only" }, () => {
  test("a cover photo is stored with variants; the post, its card and its social tags use them", async ({
    page,
  }) => {
    const title = `Photo cover ${RUN}`;
    await signInAsAuthor(page, "/write");
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page
      .getByRole("textbox", { name: "Content" })
      .fill("<p>A post with a photo.</p>");
    await page.getByLabel("Cover Image").setInputFiles(await photo());
    await page
      .getByRole("textbox", { name: "Cover description (alt text)" })
      .fill("A plain blue photo");
    await page.getByRole("button", { name: "Publish Post" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");

    const post = await storedPost(title);
    expect(post.cover_image_url).toMatch(
      new RegExp(`^${AUTHOR_IMAGES}[0-9a-f-]{36}\\.jpg$`),
    );
    const variants = post.cover_variants!;
    expect(variants.webp.map((variant) => variant.w)).toEqual([
      640, 1280, 1600,
    ]);
    expect(variants.jpeg).toMatchObject({ w: 1280, h: 960 });
    expect(variants.social).toMatch(/-social\.jpg$/);
    const served = await page.request.get(variants.webp[0]!.url);
    expect(served.headers()["content-type"]).toBe("image/webp");

    const card = page.getByRole("article").filter({ hasText: title });
    const cardImage = card.locator("img");
    await expect(cardImage).toHaveAttribute("src", variants.jpeg.url);
    await expect(cardImage).toHaveAttribute(
      "srcset",
      `${variants.webp[0]!.url} 640w, ${variants.webp[1]!.url} 1280w, ${variants.webp[2]!.url} 1600w`,
    );
    await expect(cardImage).toHaveAttribute("sizes", /50vw/);

    await page.goto(`/blueprints/${post.id}`);
    const cover = page.locator("article img").first();
    await expect(cover).toHaveAttribute("src", variants.jpeg.url);
    await expect(cover).toHaveAttribute("srcset", /\.webp 640w/);
    await expect(cover).toHaveAttribute(
      "sizes",
      "(min-width: 820px) 780px, 100vw",
    );
    // The phone downloads a WebP that fits its screen, not the original.
    const chosen = await cover.evaluate(
      (image: HTMLImageElement) => image.currentSrc,
    );
    expect(chosen).toMatch(/\.webp$/);
    // Preloaded with the document, as the same choice the <img> makes.
    await expect(
      page.locator('link[rel="preload"][as="image"][imagesrcset]').first(),
    ).toHaveAttribute("imagesrcset", /\.webp 640w/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      variants.social,
    );
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute(
      "content",
      variants.social,
    );
  });
});

test.describe("with JavaScript", { tag: "@js-only" }, () => {
  test("Insert image uploads the file and inserts its stored URL with srcset; a bad file gets a clear message", async ({
    page,
  }) => {
    const title = `Photo body ${RUN}`;
    await signInAsAuthor(page, "/write");
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    const editor = page.getByTestId("post-editor");
    await editor.click();
    await page.keyboard.type("Before the photo.");

    const messages: string[] = [];
    page.on("dialog", (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await page.getByTestId("editor-image-input").setInputFiles({
      name: "not-an-image.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    });
    await expect
      .poll(() => messages)
      .toEqual(["Only PNG, JPEG, GIF and WebP images can be added."]);
    await expect(editor.locator("img")).toHaveCount(0);

    const uploaded = page.waitForResponse(
      (response) =>
        response.url().endsWith("/write/image") &&
        response.request().method() === "POST",
    );
    await page.getByTestId("editor-image-input").setInputFiles(await photo());
    expect((await uploaded).status()).toBe(201);
    const image = editor.locator("img");
    await expect(image).toHaveAttribute(
      "src",
      new RegExp(`^${AUTHOR_IMAGES}[0-9a-f-]{36}-1280\\.jpg$`),
    );
    await expect(image).toHaveAttribute("srcset", /-640\.webp 640w/);
    // Its width and height attributes keep its proportions in the column.
    await expect
      .poll(async () => {
        const box = await image.boundingBox();
        return box ? Math.round((box.width / box.height) * 100) / 100 : 0;
      })
      .toBe(1.33);

    // Described with the editor's control before it can be published.
    await image.click();
    await page.getByRole("button", { name: "Describe image" }).click();
    await page
      .getByRole("textbox", { name: "Image alt text" })
      .fill("A blue photo");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(image).toHaveAttribute("alt", "A blue photo");

    await page.getByRole("button", { name: "Publish Post" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    const post = await storedPost(title);
    expect(post.content).not.toContain("data:");
    expect(post.content).toMatch(/srcset="[^"]+-640\.webp 640w/);

    await page.goto(`/blueprints/${post.id}`);
    const body = page.locator("article img[srcset]");
    await expect(body).toHaveAttribute(
      "sizes",
      "(min-width: 820px) 780px, 100vw",
    );
    expect(
      await body.evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
  });
});

test("a post with data-URL images and no variants still renders them", async ({
  page,
}) => {
  const title = `Inline images ${RUN}`;
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title,
      content: `<p>Older post.</p><p><img src="${PNG_DATA}" alt="inline"></p>`,
      cover_image_url: "/blog/cover-kpi.svg",
      author_id: ACCOUNTS.author.id,
      published: true,
    })
    .select("id")
    .single();
  if (error) throw error;
  await page.goto(`/blueprints/${(data as { id: string }).id}`);
  const inline = page.getByRole("img", { name: "inline" });
  await expect(inline).toHaveAttribute("src", PNG_DATA);
  expect(
    await inline.evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(1);
  const cover = page.locator('article img[src="/blog/cover-kpi.svg"]');
  await expect(cover).toBeVisible();
  await expect(cover).not.toHaveAttribute("srcset", /./);
});

test("POST /write/image refuses a caller without a session; a GET is no page", async ({
  request,
}) => {
  const response = await request.post("/write/image", {
    multipart: {
      image: {
        name: "photo.jpg",
        mimeType: "image/jpeg",
        buffer: (await photo()).buffer,
      },
    },
  });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({
    ok: false,
    message: "Please sign in to publish posts",
  });
  const get = await request.get("/write/image");
  expect(get.status()).toBe(405);
  expect(get.headers()["allow"]).toBe("POST");
});
