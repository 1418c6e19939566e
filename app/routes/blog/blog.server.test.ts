import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  listPosts,
  parseSearch,
  relatedPosts,
  requirePost,
  searchPosts,
  splitHeadline,
} from "./blog.server.ts";
import { MAX_SEARCH_LENGTH } from "#app/content/blog-list.ts";
import {
  DEMO,
  startTestServer,
  type TestServer,
} from "#supabase/local/test-support.ts";

describe("parseSearch", () => {
  test("trims, drops control characters and NUL, refuses the over-long", () => {
    expect(parseSearch(null)).toEqual({ state: "none" });
    expect(parseSearch("   ")).toEqual({ state: "none" });
    expect(parseSearch("\u0000\u0007\n")).toEqual({ state: "none" });
    expect(parseSearch("  data\u0000 lake\u001f ")).toEqual({
      state: "ok",
      q: "data lake",
    });
    expect(parseSearch("x".repeat(MAX_SEARCH_LENGTH))).toEqual({
      state: "ok",
      q: "x".repeat(MAX_SEARCH_LENGTH),
    });
    expect(parseSearch("y".repeat(10_240))).toEqual({
      state: "too-long",
      q: "y".repeat(MAX_SEARCH_LENGTH),
    });
  });
});

describe("splitHeadline", () => {
  test("matches land at odd indexes, as text", () => {
    expect(splitHeadline("plain text")).toEqual(["plain text"]);
    expect(splitHeadline("a \u0001data\u0002 b \u0001lake\u0002")).toEqual([
      "a ",
      "data",
      " b ",
      "lake",
      "",
    ]);
    expect(splitHeadline("<b>x</b> \u0001<i>\u0002")).toEqual([
      "<b>x</b> ",
      "<i>",
      "",
    ]);
  });

  test("stray markers never make a mark", () => {
    expect(splitHeadline("a\u0002b\u0001c")).toEqual(["abc"]);
    expect(splitHeadline("\u0001\u0001x\u0002")).toEqual(["", "x", ""]);
  });
});

type Seed = {
  id: string;
  title: string;
  excerpt?: string | null;
  content: string;
  published?: boolean;
  created_at?: string;
  tags?: string[];
};

describe("search, related posts and word counts in the embedded Supabase", () => {
  let server: TestServer;
  // Words no seeded post uses, so each test sees its own rows only.
  const word = `zq${randomUUID().slice(0, 6)}`;
  const other = `wv${randomUUID().slice(0, 6)}`;
  const ids: Record<string, string> = {};

  async function seed(posts: Seed[]) {
    const service = server.service();
    const rows = posts.map(({ tags: _tags, ...post }) => ({
      excerpt: null,
      cover_image_url: null,
      author_id: DEMO.author.id,
      published: true,
      ...post,
    }));
    const inserted = await service.from("blog_posts").insert(rows);
    if (inserted.error) throw new Error(inserted.error.message);
    const names = [...new Set(posts.flatMap((post) => post.tags ?? []))];
    if (names.length === 0) return;
    const tags = await service
      .from("tags")
      .upsert(
        names.map((name) => ({ name })),
        { onConflict: "name" },
      )
      .select("id, name");
    if (tags.error) throw new Error(tags.error.message);
    const links = posts.flatMap((post) =>
      (post.tags ?? []).map((name) => ({
        post_id: post.id,
        tag_id: tags.data.find((tag) => tag.name === name)?.id,
      })),
    );
    const linked = await service.from("post_tags").insert(links);
    if (linked.error) throw new Error(linked.error.message);
  }

  const day = (n: number) => new Date(Date.UTC(2021, 0, n)).toISOString();

  beforeAll(async () => {
    server = await startTestServer();
    for (const name of [
      "inTitle",
      "inExcerpt",
      "inBody",
      "hidden",
      "tagged",
      "markers",
      "longBody",
    ]) {
      ids[name] = randomUUID();
    }
    await seed([
      {
        id: ids.inTitle!,
        title: `The ${word} handbook`,
        excerpt: "An excerpt about nothing in particular.",
        content: "<p>Body text.</p>",
        created_at: day(1),
      },
      {
        id: ids.inExcerpt!,
        title: "Second post",
        excerpt: `Why ${word} pipelines matter for ${other} teams.`,
        content: "<p>Other body.</p>",
        created_at: day(2),
      },
      {
        id: ids.inBody!,
        title: "Third post",
        content: `<h2>Intro</h2><p>Deep in the body: <strong>${word}</strong> &amp; friends.</p>`,
        created_at: day(3),
        tags: [`${word} tag`],
      },
      {
        id: ids.hidden!,
        title: `Unpublished ${word}`,
        content: "<p>Draft.</p>",
        published: false,
        created_at: day(4),
      },
      {
        id: ids.markers!,
        title: "Forged marks",
        excerpt: `\u0001not a match\u0002 then ${other}`,
        content: "<p>x</p>",
        created_at: day(5),
      },
      {
        id: ids.longBody!,
        title: "Long read",
        content: `<p>${"word ".repeat(461)}</p>`,
        created_at: day(6),
      },
    ]);
  });
  afterAll(async () => {
    await server
      ?.service()
      .from("blog_posts")
      .delete()
      .in("id", Object.values(ids));
    await server?.close();
  });

  test("word_count is the body's words, tags and entities aside", async () => {
    const { data, error } = await server
      .service()
      .from("blog_posts")
      .select("id, word_count")
      .in("id", [ids.inBody!, ids.longBody!, ids.inTitle!]);
    expect(error).toBeNull();
    const count = (id: string) =>
      data?.find((row) => row.id === id)?.word_count;
    // "Intro Deep in the body: <word> & friends."
    expect(count(ids.inBody!)).toBe(8);
    expect(count(ids.longBody!)).toBe(461);
    expect(count(ids.inTitle!)).toBe(2);
    const plain = await server
      .service()
      .rpc("post_plain_text", { p_html: "<p>a&amp;lt;b</p><p>c&nbsp;d</p>" });
    expect(plain.data).toBe("a&lt;b c d");
  });

  test("an edit recounts: the database keeps the columns, no client sets them", async () => {
    const service = server.service();
    await service
      .from("blog_posts")
      .update({ content: "<p>one two three</p>" })
      .eq("id", ids.inTitle!);
    const { data } = await service
      .from("blog_posts")
      .select("word_count")
      .eq("id", ids.inTitle!)
      .single();
    expect(data?.word_count).toBe(3);
    const forged = await service
      .from("blog_posts")
      .update({ word_count: 1 } as never)
      .eq("id", ids.inTitle!);
    expect(forged.error).not.toBeNull();
    // The search document is the database's too: a written one is replaced.
    await service
      .from("blog_posts")
      .update({ search_vector: "'forged':1" })
      .eq("id", ids.inTitle!);
    const { data: document } = await service
      .from("blog_posts")
      .select("search_vector")
      .eq("id", ids.inTitle!)
      .single();
    expect(document?.search_vector).not.toContain("forged");
    expect(document?.search_vector).toContain("three");
  });

  test("title, excerpt and body all match; title ranks first; drafts never show", async () => {
    const result = await searchPosts(server.anon(), {
      q: word,
      tag: null,
      page: 1,
    });
    expect(result.total).toBe(3);
    expect(result.posts.map((post) => post.id)).toEqual([
      ids.inTitle,
      ids.inExcerpt,
      ids.inBody,
    ]);
    // search_posts reads public posts only, whoever asks: a team member too.
    const admin = await searchPosts(await server.signedIn("admin"), {
      q: word,
      tag: null,
      page: 1,
    });
    expect(admin.posts.map((post) => post.id)).not.toContain(ids.hidden);
  });

  test("stemming and highlights: the excerpt, or the body's text without one", async () => {
    const { posts } = await searchPosts(server.anon(), {
      q: `${word} pipeline`,
      tag: null,
      page: 1,
    });
    const hit = posts.find((post) => post.id === ids.inExcerpt);
    expect(hit?.headline).toEqual([
      "Why ",
      word,
      " ",
      "pipelines",
      ` matter for ${other} teams.`,
    ]);
    expect(hit?.word_count).toBe(2);
    expect(hit?.tags).toEqual([]);
    const body = (
      await searchPosts(server.anon(), { q: word, tag: null, page: 1 })
    ).posts.find((post) => post.id === ids.inBody);
    expect(body?.headline?.join("")).toContain(`${word} & friends`);
    expect(body?.headline?.join("")).not.toContain("<");
    expect(body?.tags).toEqual([`${word} tag`]);
  });

  test("a post's own control characters cannot forge a highlight", async () => {
    const { posts } = await searchPosts(server.anon(), {
      q: other,
      tag: null,
      page: 1,
    });
    const forged = posts.find((post) => post.id === ids.markers);
    expect(forged?.headline).toEqual(["not a match then ", other, ""]);
  });

  test("websearch operators: phrases, or, exclusion", async () => {
    const search = async (q: string) =>
      (await searchPosts(server.anon(), { q, tag: null, page: 1 })).posts.map(
        (post) => post.id,
      );
    expect(await search(`"${word} pipelines"`)).toEqual([ids.inExcerpt]);
    expect((await search(`${word} -${other}`)).sort()).toEqual(
      [ids.inTitle, ids.inBody].sort(),
    );
    expect(await search(`${other} or handbook`)).toHaveLength(3);
  });

  test("combined with a tag, and paged with the total kept past the end", async () => {
    const tagged = await searchPosts(server.anon(), {
      q: word,
      tag: `${word} tag`,
      page: 1,
    });
    expect(tagged.posts.map((post) => post.id)).toEqual([ids.inBody]);
    const paged = await searchPosts(server.anon(), {
      q: word,
      tag: null,
      page: 2,
      perPage: 2,
    });
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.posts.map((post) => post.id)).toEqual([ids.inBody]);
    const past = await searchPosts(server.anon(), {
      q: word,
      tag: null,
      page: 9,
      perPage: 2,
    });
    expect(past).toEqual({ total: 3, posts: [] });
  });

  test("hostile queries are words or nothing, never an error", async () => {
    for (const q of [
      '"',
      '"unterminated phrase',
      "-",
      "or or or",
      "a:* & b | !c <-> (d)",
      "'; drop table blog_posts; --",
      "\\\\ % _ * ? [ ] { }",
      "🙂 ünïcödé 漢字",
      "the and of",
      "x ".repeat(5_000),
      `${word}\u0001\u0002`,
    ]) {
      const result = await searchPosts(server.anon(), {
        q,
        tag: null,
        page: 1,
      });
      expect(result.total).toBeGreaterThanOrEqual(0);
    }
    const { error } = await server.anon().rpc("search_posts", {
      p_query: "a".repeat(10_240),
      p_limit: -5,
      p_offset: -1,
    });
    expect(error).toBeNull();
  });

  test("the list still works and carries word counts", async () => {
    const { posts } = await listPosts(server.anon(), {
      tag: `${word} tag`,
      position: { page: 1, after: null, before: null },
    });
    expect(posts).toEqual([
      expect.objectContaining({ id: ids.inBody, word_count: 8 }),
    ]);
  });

  test("requirePost gives the post, and throws a 404 with the status's headers for none", async () => {
    const post = await requirePost(server.anon(), ids.inTitle!, "test");
    expect(post).toMatchObject({
      id: ids.inTitle,
      title: `The ${word} handbook`,
    });
    const hidden = requirePost(
      server.anon(),
      ids.hidden!,
      "test",
      (status) => ({
        "X-Status": String(status),
      }),
    );
    await expect(hidden).rejects.toMatchObject({
      data: null,
      init: { status: 404, headers: { "X-Status": "404" } },
    });
  });
});

describe("related posts in the embedded Supabase", () => {
  let server: TestServer;
  const suffix = randomUUID().slice(0, 6);
  const tag = (name: string) => `${name} ${suffix}`;
  const post = (title: string, n: number, tags: string[]) => ({
    id: randomUUID(),
    title: `${title} ${suffix}`,
    content: "<p>Body</p>",
    excerpt: null,
    cover_image_url: null,
    author_id: DEMO.author.id,
    published: true,
    created_at: new Date(Date.UTC(2021, 1, n)).toISOString(),
    tags,
  });
  const subject = post("Subject", 1, [tag("a"), tag("b"), tag("c")]);
  const twoShared = post("Two shared", 2, [tag("a"), tag("b")]);
  const oneOld = post("One shared, old", 3, [tag("c")]);
  const oneNew = post("One shared, new", 9, [tag("a")]);
  const oneMid = post("One shared, mid", 5, [tag("b")]);
  const draft = { ...post("Draft", 10, [tag("a"), tag("b"), tag("c")]) };
  const unrelated = post("Unrelated", 11, [tag("z")]);
  const lonely = post("No tags", 12, []);
  const all = [
    subject,
    twoShared,
    oneOld,
    oneNew,
    oneMid,
    draft,
    unrelated,
    lonely,
  ];

  beforeAll(async () => {
    server = await startTestServer();
    const service = server.service();
    const rows = all.map(({ tags: _tags, ...row }) => ({
      ...row,
      published: row.id !== draft.id,
    }));
    const inserted = await service.from("blog_posts").insert(rows);
    if (inserted.error) throw new Error(inserted.error.message);
    const names = [...new Set(all.flatMap((row) => row.tags))];
    const tags = await service
      .from("tags")
      .insert(names.map((name) => ({ name })))
      .select("id, name");
    if (tags.error) throw new Error(tags.error.message);
    const linked = await service.from("post_tags").insert(
      all.flatMap((row) =>
        row.tags.map((name) => ({
          post_id: row.id,
          tag_id: tags.data.find((t) => t.name === name)?.id,
        })),
      ),
    );
    if (linked.error) throw new Error(linked.error.message);
  });
  afterAll(async () => {
    await server?.close();
  });

  test("most shared tags first, then newest; three at most; never itself or a draft", async () => {
    const related = await relatedPosts(server.anon(), subject.id);
    expect(related.map((row) => row.title)).toEqual([
      twoShared.title,
      oneNew.title,
      oneMid.title,
    ]);
    expect(related[0]).toMatchObject({ id: twoShared.id, word_count: 1 });
  });

  test("none when nothing shares a tag, or the post has none", async () => {
    expect(await relatedPosts(server.anon(), unrelated.id)).toEqual([]);
    expect(await relatedPosts(server.anon(), lonely.id)).toEqual([]);
    expect(await relatedPosts(server.anon(), randomUUID())).toEqual([]);
  });
});
