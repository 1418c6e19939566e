import { expect, test } from "../support/fixtures.ts";
import { AXE_AUTHOR, creditedPost } from "../support/authors.ts";
import { service } from "../support/form-helpers.ts";

// A post credited to its author, as the server renders it: the byline links
// to the author's page, its card names them, the BlogPosting's author is the page's Person, the
// page lists the post and is in the sitemap; a person no public post credits
// has no page.

function jsonLd(html: string) {
  return [
    ...html.matchAll(
      /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g,
    ),
  ].flatMap(([, text = ""]) => [JSON.parse(text) as unknown].flat());
}

test("a credited post links its author's page, which lists it as a Person's @js-only", async ({
  request,
}, testInfo) => {
  const post = await creditedPost(`Credited ${testInfo.project.name}`);
  try {
    const authorPath = `/blueprints/authors/${AXE_AUTHOR.slug}`;
    const postPage = await request.get(`/blueprints/${post.id}`);
    expect(postPage.status()).toBe(200);
    const postHtml = await postPage.text();
    expect(postHtml).toContain(`href="${authorPath}"`);
    expect(postHtml).toContain(`>${AXE_AUTHOR.name}</a>`);
    const posting = jsonLd(postHtml).find(
      (item) => (item as { "@type"?: string })["@type"] === "BlogPosting",
    ) as { author: { "@type": string; "@id": string; name: string }[] };
    expect(posting.author).toEqual([
      {
        "@type": "Person",
        "@id": expect.stringMatching(new RegExp(`${authorPath}#person$`)),
        name: AXE_AUTHOR.name,
        url: expect.stringMatching(new RegExp(`${authorPath}$`)),
      },
    ]);

    const authorPage = await request.get(authorPath);
    expect(authorPage.status()).toBe(200);
    const authorHtml = await authorPage.text();
    expect(authorHtml).toContain(post.title);
    // Its card names the author, as the list's cards do.
    expect(authorHtml).toMatch(
      new RegExp(
        `${post.title}</a></h2><p[^>]*>${AXE_AUTHOR.name}(<!-- -->)? · `,
      ),
    );
    const profile = jsonLd(authorHtml).find(
      (item) => (item as { "@type"?: string })["@type"] === "ProfilePage",
    ) as { mainEntity: { "@type": string; "@id": string; name: string } };
    expect(profile.mainEntity).toMatchObject({
      "@type": "Person",
      "@id": posting.author[0]!["@id"],
      name: AXE_AUTHOR.name,
      description: AXE_AUTHOR.bio,
      sameAs: ["https://example.com/ada"],
    });

    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`${authorPath}</loc>`);
  } finally {
    await service.from("blog_posts").delete().eq("id", post.id);
  }
  // Credited on no public post any more: no page, once its stored copy ends.
  await expect
    .poll(
      async () =>
        (await request.get(`/blueprints/authors/${AXE_AUTHOR.slug}`)).status(),
      { timeout: 30_000 },
    )
    .toBe(404);
});
