// What an author's heaviest input costs the production build: plain HTTP,
// so it runs once (@js-only). Every answer comes at once with the product's
// words; the sanitiser runs in the built worker thread.
import { pngBomb } from "../support/png-bomb.ts";
import {
  ACCOUNTS,
  serviceClient,
  signInRequest,
} from "../support/auth-helpers.ts";
import { BASE_URL } from "../support/e2e-env.ts";
import { expect, test } from "../support/fixtures.ts";

test("deep or oversized content, a saved post opened again and image bombs @js-only", async ({
  playwright,
}, testInfo) => {
  test.setTimeout(60_000);
  const author = await playwright.request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { "fly-client-ip": `10.250.${testInfo.workerIndex}.1` },
  });
  const service = serviceClient();
  type Multipart = NonNullable<Parameters<typeof author.post>[1]>["multipart"];
  const send = (path: string, multipart: Multipart) =>
    author.post(path, {
      multipart,
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
  const timed = async <T>(work: () => Promise<T>) => {
    const started = Date.now();
    const result = await work();
    return { result, ms: Date.now() - started };
  };
  let postId: string | null = null;
  try {
    await signInRequest(author, "author", "/write");

    // Stray end tags close nothing, so each <blockquote> nests one level
    // more: refused on its field, in a preview and in a save.
    for (const intent of ["preview", "publish"]) {
      const { result: deep, ms } = await timed(() =>
        send("/write", {
          intent,
          title: "Stairs",
          content: `${"<blockquote></i>".repeat(20_000)}text`,
        }),
      );
      expect(deep.status(), intent).toBe(400);
      expect(await deep.text(), intent).toContain(
        "nested too deeply (more than 32 levels of lists, quotes or blocks inside each other)",
      );
      expect(ms, intent).toBeLessThan(5_000);
    }

    // Past 512 KB the body is not read on.
    const large = await send("/write", {
      intent: "preview",
      title: "Long",
      content: `<p>${"word ".repeat(120_000)}</p>`,
    });
    expect(large.status()).toBe(413);
    expect(await large.text()).toContain("Your post is too large to save.");

    // A saved post opens in the editor from its stored HTML: the copy made
    // on its first view is what the editor gets, not a new sanitising.
    const { data: row, error } = await service
      .from("blog_posts")
      .insert({
        title: `Stored ${Date.now()}`,
        content: "<p>As written.</p>",
        author_id: ACCOUNTS.author.id,
      })
      .select("id")
      .single();
    expect(error).toBeNull();
    postId = row!.id as string;
    expect((await author.get(`/blueprints/${postId}`)).status()).toBe(200);
    const stored = await service
      .from("post_html")
      .update({ html: "<p>As stored.</p>" })
      .eq("post_id", postId)
      .select("post_id");
    expect(stored.data).toHaveLength(1);
    const editor = await (await author.get(`/edit/${postId}`)).text();
    expect(editor).toContain("As stored.");
    expect(editor).not.toContain("As written.");

    // 381 KB that decode to 7000×7000 16-bit RGBA: refused from the header,
    // in the editor's upload and as a cover, before anything is stored.
    const bomb = await pngBomb(7000, 7000, 16);
    const file = { name: "bomb.png", mimeType: "image/png", buffer: bomb };
    const { result: inline, ms } = await timed(() =>
      send("/write/image", { image: file }),
    );
    expect(inline.status()).toBe(422);
    expect((await inline.json()).message).toBe(
      "Images in a post can be at most 25 megapixels, with 8 bits per colour. Please export it smaller, as a JPEG or an 8-bit PNG.",
    );
    expect(ms).toBeLessThan(5_000);
    const cover = await send("/write", {
      intent: "publish",
      title: "Bomb cover",
      content: "<p>Text</p>",
      cover: file,
      coverAlt: "A cover too large to decode",
    });
    expect(cover.status()).toBe(422);
    expect(await cover.text()).toContain(
      "The cover image can be at most 25 megapixels, with 8 bits per colour.",
    );
  } finally {
    if (postId) await service.from("blog_posts").delete().eq("id", postId);
    await author.dispose();
  }
});
