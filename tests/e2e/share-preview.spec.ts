import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { ACCOUNTS, serviceClient, signIn } from "../support/auth-helpers.ts";
import { SUPABASE_URL } from "../support/e2e-env.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";

// A post's own meta description and social image (decision 135): the form
// previews its search result and link preview live with JavaScript and in
// Preview without it, and the post page's meta tags and JSON-LD use them.
// Every post made here carries RUN in its title and is removed, with the
// images it stored.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const RUN = randomUUID().slice(0, 8);
const service = serviceClient();
const IMAGES = `${SUPABASE_URL}/storage/v1/object/public/blog-images/`;

test.afterAll(async () => {
  const { data: posts } = await service
    .from("blog_posts")
    .select("share_image_url, share_image_variants")
    .like("title", `%${RUN}%`);
  const paths = new Set<string>();
  for (const url of JSON.stringify(posts ?? []).match(
    new RegExp(`${IMAGES.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[^"]+`, "g"),
  ) ?? []) {
    paths.add(decodeURIComponent(url.slice(IMAGES.length)));
  }
  if (paths.size > 0)
    await service.storage.from("blog-images").remove([...paths]);
  await service.from("blog_posts").delete().like("title", `%${RUN}%`);
});

function photo() {
  return sharp({
    create: { width: 1200, height: 630, channels: 3, background: "#2f9e44" },
  })
    .jpeg()
    .toBuffer()
    .then((buffer) => ({ name: "share.jpg", mimeType: "image/jpeg", buffer }));
}

function metaContent(html: string, key: string) {
  const tag = new RegExp(
    `<meta (?:property|name)="${key}" content="([^"]*)"`,
  ).exec(html);
  return tag?.[1]?.replace(/&amp;/g, "&") ?? null;
}

test("a post's meta description and social image: previewed, then in its meta tags", async ({
  page,
  request,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const title = `Shared post ${RUN} ${testInfo.project.name}`;
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title,
      excerpt: "The excerpt, said by default.",
      content: "<p>A body.</p>",
      cover_image_url: "/blog/cover-kpi.svg",
      cover_alt: "A gauge",
      author_id: ACCOUNTS.author.id,
      published: false,
    })
    .select("id")
    .single();
  if (error) throw error;
  const id = (data as { id: string }).id;

  await signIn(page, "author", `/edit/${id}`);
  await page.waitForURL((url) => url.pathname === `/edit/${id}`);
  const meta = page.getByRole("textbox", { name: "Meta description" });
  const description = "What the search result says of this post.";

  if (js) {
    // Live: the excerpt and the cover's social image by default, then the
    // author's own as they are typed and chosen.
    const live = page.getByTestId("live-share");
    await expect(live.getByTestId("search-snippet")).toContainText(
      "The excerpt, said by default.",
    );
    await expect(live.getByTestId("search-snippet")).toContainText(
      `blueprints › ${id}`,
    );
    await expect(live.getByTestId("social-card-image")).toHaveAttribute(
      "src",
      "/blog/cover-kpi.png",
    );
    await meta.fill(description);
    await expect(live.getByTestId("search-snippet")).toContainText(description);
    await expect(live.getByTestId("social-card")).toContainText(description);
    await page.getByLabel("Social image").setInputFiles(await photo());
    await expect(live.getByTestId("social-card-image")).toHaveAttribute(
      "src",
      /^blob:/,
    );
  } else {
    await expect(page.getByTestId("live-share")).toHaveCount(0);
    await meta.fill(description);
    await page.getByLabel("Social image").setInputFiles(await photo());
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("inline-preview-share");
    await expect(preview.getByTestId("search-snippet")).toContainText(
      description,
    );
    await expect(preview.getByTestId("social-card")).toContainText(title);
    await expect(preview.getByTestId("social-card-image")).toHaveAttribute(
      "src",
      /^data:image\/jpeg;base64,/,
    );
    await expect(meta).toHaveValue(description);
    // Files are not kept between submissions: chosen again.
    await page.getByLabel("Social image").setInputFiles(await photo());
  }

  await page.getByRole("button", { name: "Publish Post" }).click();
  await page.waitForURL((url) => url.pathname === "/blueprints");
  const { data: saved } = await service
    .from("blog_posts")
    .select("meta_description, share_image_url, share_image_variants")
    .eq("id", id)
    .single();
  const row = saved as {
    meta_description: string;
    share_image_url: string;
    share_image_variants: { social: string };
  };
  expect(row.meta_description).toBe(description);
  expect(row.share_image_url).toMatch(
    new RegExp(`^${IMAGES}${ACCOUNTS.author.id}/[0-9a-f-]{36}\\.jpg$`),
  );
  const social = row.share_image_variants.social;
  expect(social).toMatch(/-social\.jpg$/);

  const html = await (await request.get(`/blueprints/${id}`)).text();
  for (const key of ["description", "og:description", "twitter:description"]) {
    expect(metaContent(html, key), key).toBe(description);
  }
  for (const key of ["og:image", "twitter:image"]) {
    expect(metaContent(html, key), key).toBe(social);
  }
  const jsonLd = /"@type":"BlogPosting"[^<]*/.exec(html)?.[0] ?? "";
  expect(jsonLd).toContain(`"description":"${description}"`);
  expect(jsonLd).toContain(`"image":"${social}"`);
});
