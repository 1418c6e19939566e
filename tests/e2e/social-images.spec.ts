import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { ACCOUNTS, serviceClient, signIn } from "../support/auth-helpers.ts";
import { BASE_URL, SUPABASE_URL } from "../support/e2e-env.ts";
import { expect, test } from "../support/fixtures.ts";

// Link previews (Facebook, LinkedIn, X) render PNG or JPEG, not SVG: every
// page's og:image and twitter:image is a 1200×630 PNG or JPEG, and a post
// saved without a cover gets a card with its title, stored once.

const RUN = randomUUID().slice(0, 8);
const CARD_PREFIX = `${SUPABASE_URL}/storage/v1/object/public/social-cards/`;
const service = serviceClient();

test.afterAll(async () => {
  const { data: posts } = await service
    .from("blog_posts")
    .select("social_image_url")
    .like("title", `%${RUN}%`);
  const cards = (posts ?? [])
    .map((post) => post.social_image_url)
    .filter((url): url is string => url?.startsWith(CARD_PREFIX) ?? false)
    .map((url) => url.slice(CARD_PREFIX.length));
  if (cards.length > 0)
    await service.storage.from("social-cards").remove(cards);
  await service.from("blog_posts").delete().like("title", `%${RUN}%`);
});

const PAGES = [
  "/",
  "/company",
  "/careers",
  "/careers/1",
  "/contact-us",
  "/blueprint-showcase",
  "/blueprints",
  "/agents/data-analyst",
  "/auth",
  // With a seeded SVG cover, and without a cover.
  "/blueprints/b0000000-0000-4000-8000-000000000001",
  "/blueprints/b0000000-0000-4000-8000-000000000007",
];

async function socialImage(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  const twitter = /<meta name="twitter:image" content="([^"]+)"/.exec(
    html,
  )?.[1];
  expect(og, `${path} has og:image`).toBeTruthy();
  expect(twitter, `${path}: twitter:image is og:image`).toBe(og);
  return og!.replaceAll("&amp;", "&");
}

async function expectCardImage(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const type = response.headers()["content-type"] ?? "";
  const body = await response.body();
  if (type.startsWith("image/png")) {
    expect(body.readUInt32BE(16), `${url} width`).toBe(1200);
    expect(body.readUInt32BE(20), `${url} height`).toBe(630);
  } else {
    expect(type, url).toMatch(/^image\/jpeg/);
  }
}

test("every page's social image is a 1200×630 PNG or JPEG", async ({
  request,
}) => {
  for (const path of PAGES) {
    const url = await socialImage(request, path);
    expect(url, path).toMatch(/\.(png|jpe?g)$/);
    expect(url.startsWith("http"), path).toBe(true);
    await expectCardImage(request, url);
  }
  expect(await socialImage(request, PAGES[9]!)).toBe(
    `${BASE_URL}/blog/cover-learning-agents.png`,
  );
});

test("a post saved without a cover gets a card with its title, made once", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const title = `Card post ${RUN}`;
  await signIn(page, "author", "/write");
  await page.waitForURL((url) => url.pathname === "/write");
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  if (testInfo.project.name === "no-js") {
    await page
      .getByRole("textbox", { name: "Content" })
      .fill("<p>No cover here</p>");
  } else {
    await page.getByTestId("post-editor").click();
    await page.keyboard.type("No cover here");
  }
  await page.getByRole("button", { name: "Publish Post" }).click();
  await page.waitForURL((url) => url.pathname === "/blueprints");

  const stored = async () => {
    const { data } = await service
      .from("blog_posts")
      .select("id, social_image_url")
      .eq("title", title)
      .single();
    return data!;
  };
  const post = await stored();
  expect(post.social_image_url).toMatch(
    new RegExp(
      `^${CARD_PREFIX}${ACCOUNTS.author.id}/${post.id}-[0-9a-f]{16}\\.png$`,
    ),
  );
  // Served from the post's own address while the post is public; the
  // bucket itself serves no one (decision 220).
  const path = `/blueprints/${post.id}`;
  const file = post.social_image_url!.slice(-"0123456789abcdef.png".length);
  const served = `${BASE_URL}${path}/title-card/${file}`;
  expect(await socialImage(request, path)).toBe(served);
  await expectCardImage(request, served);
  expect((await request.get(post.social_image_url!)).ok()).toBe(false);
  expect(
    (await request.get(`${path}/title-card/0000000000000000.png`)).status(),
  ).toBe(404);

  // Reading the post makes nothing: still the one card, the same URL.
  await socialImage(request, path);
  await socialImage(request, path);
  expect((await stored()).social_image_url).toBe(post.social_image_url);
  const { data: objects } = await service.storage
    .from("social-cards")
    .list(ACCOUNTS.author.id, { search: post.id });
  expect(objects?.map((object) => object.name)).toHaveLength(1);
});

test("the Organization logo in the structured data is a PNG of 112 px or more", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const blocks = [
    ...html.matchAll(
      /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ].flatMap(([, json]) => [JSON.parse(json!)].flat());
  const organization = blocks.find(
    (block) => block["@type"] === "Organization",
  );
  const logo = String(organization?.logo ?? "");
  expect(logo).toMatch(/^http.*\.png$/);
  const response = await request.get(logo);
  expect(response.status(), logo).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/png/);
  const body = await response.body();
  expect(body.readUInt32BE(16), "width").toBeGreaterThanOrEqual(112);
  expect(body.readUInt32BE(20), "height").toBeGreaterThanOrEqual(112);
});
