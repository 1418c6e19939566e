import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  coverExtension,
  deletePost,
  detectImageKind,
  ownCoverPath,
  POST_FORM_MAX_BYTES,
  publicCoverPrefix,
  readPostForm,
  saveFailure,
  savePost,
  uploadCover,
  type PostFields,
  type SavePostInput,
} from "./post.server.ts";
import { readStoredVariants, variantUrls } from "./image-variants.server.ts";
import { CONTENT_MAX_BYTES } from "./editor/post-schema.ts";
import { pngBomb } from "#tests/support/png-bomb.ts";
import {
  DEMO,
  startTestServer,
  type TestServer,
} from "#supabase/local/test-support.ts";

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13,
]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const GIF = new TextEncoder().encode("GIF89a\u0001\u0000");
const WEBP = new TextEncoder().encode("RIFF\u0024\u0000\u0000\u0000WEBPVP8 ");
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"/>',
);

describe("detectImageKind", () => {
  test("reads the first bytes, not the name", () => {
    expect(detectImageKind(PNG)).toBe("png");
    expect(detectImageKind(JPEG)).toBe("jpeg");
    expect(detectImageKind(GIF)).toBe("gif");
    expect(detectImageKind(WEBP)).toBe("webp");
    expect(detectImageKind(SVG)).toBeNull();
    expect(
      detectImageKind(
        new TextEncoder().encode("RIFF\u0024\u0000\u0000\u0000WAVE"),
      ),
    ).toBeNull();
    expect(detectImageKind(new Uint8Array())).toBeNull();
  });
});

describe("cover paths", () => {
  test("the original extension when it names the detected kind, else the kind's own", () => {
    expect(coverExtension("Photo.JPG", "jpeg")).toBe("jpg");
    expect(coverExtension("cover.webp", "webp")).toBe("webp");
    expect(coverExtension("no-extension", "jpeg")).toBe("jpg");
    expect(coverExtension("weird.p/ng", "png")).toBe("png");
    expect(coverExtension("x.<script>", "gif")).toBe("gif");
    expect(coverExtension("photo.jpeg", "jpeg")).toBe("jpeg");
    // The name's claim loses to the bytes.
    expect(coverExtension("photo.png", "jpeg")).toBe("jpg");
    expect(coverExtension("page.html", "png")).toBe("png");
    expect(coverExtension("drawing.svg", "webp")).toBe("webp");
    expect(coverExtension("archive.GIF.exe", "gif")).toBe("gif");
  });

  test("only the user's own uploads in blog-images may be removed", () => {
    const prefix = publicCoverPrefix("http://127.0.0.1:54321/");
    expect(prefix).toBe(
      "http://127.0.0.1:54321/storage/v1/object/public/blog-images/",
    );
    const user = DEMO.author.id;
    expect(ownCoverPath(`${prefix}${user}/a.png`, user, prefix)).toBe(
      `${user}/a.png`,
    );
    expect(ownCoverPath(`${prefix}${user}/a.png?v=1`, user, prefix)).toBe(
      `${user}/a.png`,
    );
    expect(
      ownCoverPath(`${prefix}${DEMO.admin.id}/a.png`, user, prefix),
    ).toBeNull();
    expect(
      ownCoverPath(`${prefix}${user}/../x/a.png`, user, prefix),
    ).toBeNull();
    expect(
      ownCoverPath(`${prefix}${user}%2F..%2Fother.png`, user, prefix),
    ).toBeNull();
    expect(
      ownCoverPath(`${prefix}${user}/nested/a.png`, user, prefix),
    ).toBeNull();
    expect(ownCoverPath("/blog/cover-kpi.svg", user, prefix)).toBeNull();
    expect(
      ownCoverPath(`https://evil.example/${user}/a.png`, user, prefix),
    ).toBeNull();
    expect(ownCoverPath(null, user, prefix)).toBeNull();
  });
});

function multipartRequest(parts: [string, string | File][]) {
  const body = new FormData();
  for (const [name, value] of parts) body.append(name, value);
  return new Request("http://localhost/write", { method: "POST", body });
}

describe("readPostForm", () => {
  test("reads text fields and one file", async () => {
    const { formData, problem } = await readPostForm(
      multipartRequest([
        ["title", "T"],
        ["cover", new File([PNG], "c.png", { type: "image/png" })],
        ["content", "<p>x</p>"],
        ["tags", "a"],
        ["tags", "b"],
      ]),
    );
    expect(problem).toBeNull();
    expect(formData.get("title")).toBe("T");
    expect(formData.getAll("tags")).toEqual(["a", "b"]);
    const cover = formData.get("cover");
    expect(cover).toBeInstanceOf(File);
    expect((cover as File).size).toBe(PNG.length);
  });

  test("an oversized body is refused at the limit, keeping the fields read before it", async () => {
    const { formData, problem } = await readPostForm(
      multipartRequest([
        ["title", "Kept"],
        [
          "cover",
          new File([new Uint8Array(POST_FORM_MAX_BYTES + 1)], "big.png", {
            type: "image/png",
          }),
        ],
        ["content", "<p>lost</p>"],
      ]),
    );
    expect(problem).toBe("too-large");
    expect(formData.get("title")).toBe("Kept");
    expect(formData.get("content")).toBeNull();
  });

  test("a cover and a social image are read; a third file is refused", async () => {
    const two = await readPostForm(
      multipartRequest([
        ["cover", new File([PNG], "a.png", { type: "image/png" })],
        ["socialImage", new File([PNG], "b.png", { type: "image/png" })],
      ]),
    );
    expect(two.problem).toBeNull();
    const { problem } = await readPostForm(
      multipartRequest([
        ["cover", new File([PNG], "a.png", { type: "image/png" })],
        ["socialImage", new File([PNG], "b.png", { type: "image/png" })],
        ["cover", new File([PNG], "c.png", { type: "image/png" })],
      ]),
    );
    expect(problem).toBe("too-large");
  });

  test("url-encoded bodies are read too, within the same cap", async () => {
    const small = await readPostForm(
      new Request("http://localhost/write", {
        method: "POST",
        body: new URLSearchParams({ title: "T", content: "<p>x</p>" }),
      }),
    );
    expect(small.problem).toBeNull();
    expect(small.formData.get("content")).toBe("<p>x</p>");
    const large = await readPostForm(
      new Request("http://localhost/write", {
        method: "POST",
        body: new URLSearchParams({
          content: "x".repeat(POST_FORM_MAX_BYTES + 1),
        }),
      }),
    );
    expect(large.problem).toBe("too-large");
  });
});

describe("saveFailure", () => {
  test("maps save_post's errors; messages only from the database", () => {
    expect(
      saveFailure({
        code: "42501",
        message: "Please sign in to publish posts",
      }),
    ).toMatchObject({
      kind: "signed-out",
    });
    expect(
      saveFailure({ code: "P0002", message: "Blog post not found." }),
    ).toMatchObject({
      kind: "not-found",
      message: "Blog post not found.",
    });
    expect(
      saveFailure({
        code: "42501",
        message: "You are not allowed to edit this post.",
      }),
    ).toMatchObject({
      kind: "forbidden",
      message: "You are not allowed to edit this post.",
    });
    expect(
      saveFailure({ code: "40001", message: "The post has changed since." }),
    ).toMatchObject({ kind: "conflict" });
    expect(
      saveFailure({ code: "", message: "TypeError: fetch failed" }),
    ).toMatchObject({
      kind: "failed",
      message: null,
    });
  });
});

/** A published post of one short paragraph with this cover; new without `id`. */
function coverInput(
  title: string,
  cover: Pick<PostFields, "cover_image_url" | "cover_variants">,
  id: string | null = null,
): SavePostInput {
  return {
    id,
    post: { title, content: "<p>c</p>", excerpt: null, ...cover },
    tags: [],
  };
}

describe("against the embedded Supabase", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Deletes a post as `userId`, whose covers are the test server's uploads. */
  const deleteAs = (
    client: Parameters<typeof deletePost>[0],
    userId: string,
    id: string,
  ) =>
    deletePost(client, {
      id,
      userId,
      coverPrefix: publicCoverPrefix(server.url),
    });

  test("publish, then update with tags replaced", async () => {
    const author = await server.signedIn("author");
    const created = await savePost(author, {
      id: null,
      post: {
        title: "Unit post",
        content: "<p>Body</p>",
        excerpt: null,
        cover_image_url: null,
      },
      tags: ["unit one", "unit two"],
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const updated = await savePost(author, {
      id: created.id,
      post: {
        title: "Unit post, edited",
        content: "<p>Body 2</p>",
        excerpt: "Short",
        cover_image_url: null,
      },
      tags: ["unit three"],
    });
    expect(updated).toMatchObject({ ok: true, id: created.id });
    const { data } = await server
      .service()
      .from("blog_posts")
      .select("title, excerpt, author_id, published, post_tags(tags(name))")
      .eq("id", created.id)
      .single();
    expect(data).toMatchObject({
      title: "Unit post, edited",
      excerpt: "Short",
      author_id: DEMO.author.id,
      published: true,
      post_tags: [{ tags: { name: "unit three" } }],
    });
  });

  test("an autosave keeps a draft, and is refused over a newer version", async () => {
    const author = await server.signedIn("author");
    const input = {
      id: null,
      post: { title: "Autosaved unit post", content: "<p>Body</p>" },
      tags: [],
      autosave: { base: null },
    };
    const created = await savePost(author, input);
    if (!created.ok) throw new Error("the autosave did not save");
    const again = await savePost(author, {
      ...input,
      id: created.id,
      autosave: { base: created.updatedAt },
    });
    expect(again).toMatchObject({ ok: true, id: created.id });
    expect(
      await savePost(author, {
        ...input,
        id: created.id,
        autosave: { base: created.updatedAt },
      }),
    ).toMatchObject({ ok: false, kind: "conflict" });
    const { data } = await server
      .service()
      .from("blog_posts")
      .select("published_at")
      .eq("id", created.id)
      .single();
    expect(data).toEqual({ published_at: null });
  });

  test("a reader, anyone signed out and another author are refused", async () => {
    const input = coverInput("t", { cover_image_url: null });
    expect(await savePost(server.anon(), input)).toMatchObject({ ok: false });
    expect(
      await savePost(await server.signedIn("reader"), input),
    ).toMatchObject({
      ok: false,
      kind: "forbidden",
      message: "This area is restricted to authors and team members only.",
    });
    const admin = await server.signedIn("admin");
    const adminPost = await savePost(admin, input);
    if (!adminPost.ok) throw new Error("admin could not publish");
    expect(
      await savePost(await server.signedIn("author"), {
        ...input,
        id: adminPost.id,
      }),
    ).toMatchObject({
      ok: false,
      kind: "forbidden",
      message: "You are not allowed to edit this post.",
    });
    expect(
      await savePost(admin, { ...input, id: crypto.randomUUID() }),
    ).toMatchObject({
      ok: false,
      kind: "not-found",
    });
  });

  test("covers: real images only, under the user's folder; deleting a post removes its cover", async () => {
    const author = await server.signedIn("author");
    const refused = await uploadCover(
      author,
      DEMO.author.id,
      new File([SVG], "cover.png", { type: "image/png" }),
    );
    expect(refused).toEqual({ ok: false, reason: "type" });

    const upload = await uploadCover(
      author,
      DEMO.author.id,
      new File([PNG], "cover.PNG", { type: "image/png" }),
    );
    if (!upload.ok) throw new Error(`upload failed: ${upload.reason}`);
    // Twelve bytes that only start like a PNG: kept, without variants.
    expect(upload.paths).toEqual([
      expect.stringMatching(
        new RegExp(`^${DEMO.author.id}/[0-9a-f-]{36}\\.png$`),
      ),
    ]);
    expect(upload.variants).toBeNull();
    const prefix = publicCoverPrefix(server.url);
    expect(upload.publicUrl).toBe(`${prefix}${upload.paths[0]}`);
    const served = await fetch(upload.publicUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");

    const saved = await savePost(
      author,
      coverInput("With cover", { cover_image_url: upload.publicUrl }),
    );
    if (!saved.ok) throw new Error("save failed");

    const other = await server.signedIn("admin");
    expect(await deleteAs(other, DEMO.admin.id, saved.id)).toBe(false);
    expect(await deleteAs(author, DEMO.author.id, saved.id)).toBe(true);
    const { data: row } = await server
      .service()
      .from("blog_posts")
      .select("id")
      .eq("id", saved.id);
    expect(row).toEqual([]);
    expect((await fetch(upload.publicUrl)).status).not.toBe(200);
  });

  test("a photo cover gets its variants beside it, and they go with the post", async () => {
    const author = await server.signedIn("author");
    const photo = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: "#468" },
    })
      .jpeg()
      .toBuffer();
    const upload = await uploadCover(
      author,
      DEMO.author.id,
      new File([new Uint8Array(photo)], "photo.jpg", { type: "image/jpeg" }),
    );
    if (!upload.ok || !upload.variants) throw new Error("no variants");
    const prefix = publicCoverPrefix(server.url);
    expect(readStoredVariants(upload.variants, prefix)).toEqual(
      upload.variants,
    );
    expect(upload.variants.webp.map((variant) => variant.w)).toEqual([
      640, 1280, 1920,
    ]);
    expect(upload.paths).toHaveLength(6);
    const served = await fetch(upload.variants.webp[0]!.url);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("31536000");

    const saved = await savePost(
      author,
      coverInput("With photo", {
        cover_image_url: upload.publicUrl,
        cover_variants: upload.variants,
      }),
    );
    if (!saved.ok) throw new Error("save failed");
    const read = async () =>
      (
        await server
          .service()
          .from("blog_posts")
          .select("cover_variants")
          .eq("id", saved.id)
          .single()
      ).data?.cover_variants;
    expect(await read()).toEqual(upload.variants);

    // Another cover saved by any client drops the old cover's variants.
    const changed = await savePost(
      author,
      coverInput(
        "With photo",
        { cover_image_url: "/blog/cover-1.svg" },
        saved.id,
      ),
    );
    expect(changed.ok).toBe(true);
    expect(await read()).toBeNull();
    await author
      .from("blog_posts")
      .update({ cover_variants: upload.variants })
      .eq("id", saved.id);

    expect(await deleteAs(author, DEMO.author.id, saved.id)).toBe(true);
    for (const url of variantUrls(upload.variants)) {
      expect((await fetch(url)).status).not.toBe(200);
    }
  });
  test("a decompression bomb as a cover is refused before anything is stored", async () => {
    const author = await server.signedIn("author");
    const listed = async () =>
      (
        await server
          .service()
          .storage.from("blog-images")
          .list(DEMO.author.id, { limit: 1000 })
      ).data?.length ?? 0;
    const before = await listed();
    const bomb = await pngBomb(7000, 7000, 16);
    expect(
      await uploadCover(
        author,
        DEMO.author.id,
        new File([new Uint8Array(bomb)], "bomb.png", { type: "image/png" }),
      ),
    ).toEqual({ ok: false, reason: "too-large" });
    expect(await listed()).toBe(before);
  });

  test("the table holds no post past the content cap, whoever writes it", async () => {
    const author = await server.signedIn("author");
    const row = (content: string) => ({
      title: "Written through the REST API",
      content,
      author_id: DEMO.author.id,
    });
    const over = await author
      .from("blog_posts")
      .insert(row(`<p>${"a".repeat(CONTENT_MAX_BYTES)}</p>`));
    expect(over.error?.code).toBe("23514");
    const within = await author
      .from("blog_posts")
      .insert(row(`<p>${"a".repeat(CONTENT_MAX_BYTES - 7)}</p>`))
      .select("id")
      .single();
    expect(within.error).toBeNull();
    await server
      .service()
      .from("blog_posts")
      .delete()
      .eq("id", within.data!.id);
  });
});
