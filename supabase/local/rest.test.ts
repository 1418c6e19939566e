// Contract tests for /rest/v1 through the real supabase-js client: every query
// shape the app uses and the errors hosted PostgREST answers with,
// against the project's own migrations and seed.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO, startTestServer, type TestServer } from "./test-support.ts";

type PostWithTags = {
  id: string;
  title: string;
  created_at: string;
  author_id: string;
  post_tags: { tags: { name: string } }[];
};

let server: TestServer;
let anon: SupabaseClient;
let service: SupabaseClient;
let author: SupabaseClient;
let reader: SupabaseClient;
let admin: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  anon = server.anon();
  service = server.service();
  [author, reader, admin] = await Promise.all([
    server.signedIn("author"),
    server.signedIn("reader"),
    server.signedIn("admin"),
  ]);
});

afterAll(async () => {
  await server?.close();
});

function rest(pathAndQuery: string, init: RequestInit = {}) {
  return fetch(`${server.url}/rest/v1/${pathAndQuery}`, {
    ...init,
    headers: {
      apikey: server.publishableKey,
      ...(init.headers as Record<string, string>),
    },
  });
}

async function createPost(
  client: SupabaseClient,
  title: string,
  tags: string[] = [],
) {
  const { data, error } = await client.rpc("save_post", {
    p_id: null,
    p_post: { title: title, content: `<p>${title}</p>` },
    p_tags: tags,
  });
  if (error) throw error;
  return data as { id: string; title: string; author_id: string };
}

describe("blog list", () => {
  test("lists posts with nested tags, newest first, paged with an exact count", async () => {
    const { count: total } = await service
      .from("blog_posts")
      .select("*", { count: "exact", head: true });
    const { data, error, count, status } = await anon
      .from("blog_posts")
      .select("*, post_tags(tags(name))", { count: "exact" })
      .order("created_at", { ascending: false })
      .range(0, 2);
    expect(error).toBeNull();
    expect(total).toBeGreaterThan(3);
    expect(count).toBe(total);
    expect(status).toBe(206);
    const posts = data as PostWithTags[];
    expect(posts).toHaveLength(3);
    expect(Object.keys(posts[0]!)).toEqual(
      expect.arrayContaining([
        "id",
        "title",
        "excerpt",
        "content",
        "cover_image_url",
        "author_id",
        "post_tags",
      ]),
    );
    const times = posts.map((post) => Date.parse(post.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const post of posts) {
      expect(Array.isArray(post.post_tags)).toBe(true);
      for (const link of post.post_tags)
        expect(link).toEqual({ tags: { name: expect.any(String) } });
    }

    const next = await anon
      .from("blog_posts")
      .select("id", { count: "exact" })
      .order("created_at", { ascending: false })
      .range(3, 5);
    expect(next.error).toBeNull();
    expect(next.data?.map((row) => row.id)).not.toContain(posts[0]!.id);
  });

  test("filters by tag name through post_tags!inner(tags!inner(name))", async () => {
    const tag = `Tag ${Date.now()}`;
    const tagged = await createPost(author, "Tagged post", [tag, "Other"]);
    await createPost(author, "Untagged post", ["Other"]);
    const { data, error, count } = await anon
      .from("blog_posts")
      .select("*, post_tags!inner(tags!inner(name))", { count: "exact" })
      .eq("post_tags.tags.name", tag)
      .order("created_at", { ascending: false });
    expect(error).toBeNull();
    expect(count).toBe(1);
    const posts = data as PostWithTags[];
    expect(posts.map((post) => post.id)).toEqual([tagged.id]);
    expect(posts[0]!.post_tags).toEqual([{ tags: { name: tag } }]);
  });

  test("without !inner an embedded filter narrows the embed, not the parents", async () => {
    const tag = `Narrow ${Date.now()}`;
    await createPost(author, "Narrowed", [tag]);
    const { data, error } = await anon
      .from("blog_posts")
      .select("id, post_tags(tags(name))")
      .eq("post_tags.tags.name", tag);
    expect(error).toBeNull();
    const posts = data as unknown as PostWithTags[];
    expect(posts.length).toBeGreaterThan(1);
    expect(
      posts.some((post) => post.post_tags.some((link) => link.tags === null)),
    ).toBe(true);
  });
});

describe("single post", () => {
  test("by id with nested tags: maybeSingle and single", async () => {
    const post = await createPost(author, "Single", ["One", "Two"]);
    const maybe = await anon
      .from("blog_posts")
      .select("*, post_tags(tags(name))")
      .eq("id", post.id)
      .maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toMatchObject({ id: post.id, title: "Single" });
    expect(
      (maybe.data as PostWithTags).post_tags
        .map((link) => link.tags.name)
        .sort(),
    ).toEqual(["One", "Two"]);

    const single = await anon
      .from("blog_posts")
      .select("*, post_tags(tag_id, tags(id, name))")
      .eq("id", post.id)
      .single();
    expect(single.error).toBeNull();
    expect(single.data).toMatchObject({
      id: post.id,
      post_tags: expect.arrayContaining([
        {
          tag_id: expect.any(String),
          tags: { id: expect.any(String), name: "One" },
        },
      ]),
    });
  });

  test("a missing id: maybeSingle gives null, single gives 406 PGRST116", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const maybe = await anon
      .from("blog_posts")
      .select("*")
      .eq("id", missing)
      .maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
    const single = await anon
      .from("blog_posts")
      .select("*")
      .eq("id", missing)
      .single();
    expect(single.status).toBe(406);
    expect(single.error).toMatchObject({
      code: "PGRST116",
      details: "The result contains 0 rows",
      message: "JSON object requested, multiple (or no) rows returned",
    });
  });

  test("a malformed id is a 400 from Postgres", async () => {
    const { error, status } = await anon
      .from("blog_posts")
      .select("*")
      .eq("id", "not-a-uuid")
      .maybeSingle();
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "22P02" });
  });
});

describe("writing", () => {
  test("tags: select by exact name, insert with select, duplicate is 409 23505", async () => {
    const name = `Fresh ${Date.now()}`;
    const none = await author
      .from("tags")
      .select("id, name")
      .eq("name", name)
      .maybeSingle();
    expect(none).toMatchObject({ data: null, error: null });
    const inserted = await author
      .from("tags")
      .insert({ name })
      .select()
      .single();
    expect(inserted.status).toBe(201);
    expect(inserted.data).toMatchObject({ id: expect.any(String), name });
    const duplicate = await author
      .from("tags")
      .insert({ name })
      .select()
      .single();
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: "23505" });
  });

  test("insert a post and its post_tags rows, update it, relink tags, delete it", async () => {
    const created = await author
      .from("blog_posts")
      .insert({
        title: "Written directly",
        content: "<p>Body</p>",
        excerpt: "Short",
        cover_image_url: null,
        author_id: DEMO.author.id,
        published: true,
      })
      .select()
      .single();
    expect(created.error).toBeNull();
    const post = created.data as { id: string; published: boolean };
    expect(post.published).toBe(true);

    const tags = await author
      .from("tags")
      .insert([{ name: `A ${post.id}` }, { name: `B ${post.id}` }])
      .select("id");
    expect(tags.error).toBeNull();
    const links = await author
      .from("post_tags")
      .insert(
        (tags.data ?? []).map((tag) => ({ post_id: post.id, tag_id: tag.id })),
      );
    expect(links).toMatchObject({ error: null, status: 201, data: null });

    // updated_at is the database's: the trigger moves it, the author cannot.
    const updated = await author
      .from("blog_posts")
      .update({ title: "Edited" })
      .eq("id", post.id)
      .select();
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([
      expect.objectContaining({ id: post.id, title: "Edited" }),
    ]);
    const stamped = updated.data?.[0] as {
      updated_at: string;
      created_at: string;
    };
    expect(Date.parse(stamped.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(stamped.created_at),
    );
    const backDated = await author
      .from("blog_posts")
      .update({ updated_at: "2001-01-01T00:00:00Z" })
      .eq("id", post.id);
    expect(backDated.status).toBe(403);
    expect(backDated.error?.code).toBe("42501");

    const unlinked = await author
      .from("post_tags")
      .delete()
      .eq("post_id", post.id)
      .select();
    expect(unlinked.data).toHaveLength(2);

    const removed = await author.from("blog_posts").delete().eq("id", post.id);
    expect(removed).toMatchObject({ error: null, status: 204 });
    const gone = await service
      .from("blog_posts")
      .select("id")
      .eq("id", post.id);
    expect(gone.data).toEqual([]);
  });

  test("RLS filters silently: another user's delete affects nothing", async () => {
    const post = await createPost(author, "Not yours");
    const attempt = await reader
      .from("blog_posts")
      .delete()
      .eq("id", post.id)
      .select();
    expect(attempt).toMatchObject({ error: null, data: [] });
    const still = await anon
      .from("blog_posts")
      .select("id")
      .eq("id", post.id)
      .single();
    expect(still.data).toEqual({ id: post.id });
  });

  test("42501 is 401 for anon and 403 for a signed-in role", async () => {
    const row = {
      title: "Nope",
      content: "<p>x</p>",
      author_id: DEMO.reader.id,
    };
    const asAnon = await anon.from("blog_posts").insert(row);
    expect(asAnon.status).toBe(401);
    expect(asAnon.error).toMatchObject({ code: "42501" });
    const asReader = await reader.from("blog_posts").insert(row).select();
    expect(asReader.status).toBe(403);
    expect(asReader.error).toMatchObject({ code: "42501" });
  });

  test("a foreign-key violation is 409 23503", async () => {
    const { status, error } = await author.from("post_tags").insert({
      post_id: "00000000-0000-4000-8000-000000000000",
      tag_id: "00000000-0000-4000-8000-000000000000",
    });
    // The insert policy sees no such post first: either way the write is refused.
    expect([403, 409]).toContain(status);
    expect(["42501", "23503"]).toContain(error?.code);
    const direct = await service.from("post_tags").insert({
      post_id: "00000000-0000-4000-8000-000000000000",
      tag_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(direct.status).toBe(409);
    expect(direct.error).toMatchObject({ code: "23503" });
  });

  test("upsert merges duplicates on the given conflict column", async () => {
    const name = `Upsert ${Date.now()}`;
    const first = await service
      .from("tags")
      .upsert({ name }, { onConflict: "name" })
      .select()
      .single();
    const second = await service
      .from("tags")
      .upsert({ name }, { onConflict: "name" })
      .select()
      .single();
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    expect((second.data as { id: string }).id).toBe(
      (first.data as { id: string }).id,
    );
    const ignored = await service
      .from("tags")
      .upsert({ name }, { onConflict: "name", ignoreDuplicates: true })
      .select();
    expect(ignored).toMatchObject({ error: null, data: [] });
  });

  test("update and delete without a filter are refused", async () => {
    const update = await service.from("tags").update({ name: "x" });
    expect(update.status).toBe(400);
    expect(update.error?.message).toBe("UPDATE requires a WHERE clause");
    const remove = await service.from("tags").delete();
    expect(remove.error?.message).toBe("DELETE requires a WHERE clause");
  });

  test("an unknown column in a body is 400 PGRST204", async () => {
    const { status, error } = await author.from("tags").insert({ nam: "typo" });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "PGRST204" });
  });
});

describe("rpc save_post", () => {
  test("creates with tags, then replaces the tags atomically", async () => {
    const created = await createPost(author, "Via rpc", ["Alpha", "Beta"]);
    expect(created).toMatchObject({
      title: "Via rpc",
      author_id: DEMO.author.id,
    });
    const { data, error } = await author.rpc("save_post", {
      p_id: created.id,
      p_post: {
        title: "Via rpc, edited",
        content: "<p>edited</p>",
        excerpt: "now with an excerpt",
        cover_image_url: null,
      },
      p_tags: ["Beta", "Gamma"],
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: created.id, title: "Via rpc, edited" });
    const read = await anon
      .from("blog_posts")
      .select("post_tags(tags(name))")
      .eq("id", created.id)
      .single();
    expect(
      (
        read.data as unknown as { post_tags: { tags: { name: string } }[] }
      ).post_tags
        .map((l) => l.tags.name)
        .sort(),
    ).toEqual(["Beta", "Gamma"]);
  });

  test("errors from the function keep their SQLSTATE and status", async () => {
    const asAnon = await anon.rpc("save_post", {
      p_id: null,
      p_post: { title: "x", content: "y" },
    });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error).toMatchObject({ code: "42501" });
    const asReader = await reader.rpc("save_post", {
      p_id: null,
      p_post: { title: "x", content: "y" },
    });
    expect(asReader.status).toBe(403);
    expect(asReader.error).toMatchObject({
      code: "42501",
      message: "This area is restricted to authors and team members only.",
    });
  });

  test("an unknown function or argument is 404 PGRST202", async () => {
    const { status, error } = await author.rpc("save_post", { nope: 1 });
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: "PGRST202" });
  });
});

describe("platform users and team members", () => {
  test("membership check, own row, admin list and author toggle", async () => {
    const mine = await admin
      .from("team_members")
      .select("id")
      .eq("id", DEMO.admin.id)
      .maybeSingle();
    expect(mine.data).toEqual({ id: DEMO.admin.id });
    const notMember = await reader
      .from("team_members")
      .select("id")
      .eq("id", DEMO.reader.id)
      .maybeSingle();
    expect(notMember).toMatchObject({ data: null, error: null });

    const own = await reader
      .from("platform_users")
      .select("is_author")
      .eq("id", DEMO.reader.id)
      .maybeSingle();
    expect(own.data).toEqual({ is_author: false });
    const readerList = await reader
      .from("platform_users")
      .select("id, username, email, avatar_url, is_author");
    expect(readerList.data).toHaveLength(1);

    const adminList = await admin
      .from("platform_users")
      .select("id, username, email, avatar_url, is_author");
    expect(adminList.data?.length).toBeGreaterThanOrEqual(3);

    const toggled = await admin
      .from("platform_users")
      .update({ is_author: true })
      .eq("id", DEMO.reader.id)
      .select();
    expect(toggled.data).toEqual([
      expect.objectContaining({ id: DEMO.reader.id, is_author: true }),
    ]);
    const back = await admin
      .from("platform_users")
      .update({ is_author: false })
      .eq("id", DEMO.reader.id);
    expect(back).toMatchObject({ error: null, status: 204 });
  });

  test("a signed-in user creates their own platform_users row", async () => {
    const email = `platform-${Date.now()}@example.com`;
    const created = await service.auth.admin.createUser({
      email,
      password: "platform-pass",
      email_confirm: true,
    });
    const user = server.anon();
    await user.auth.signInWithPassword({ email, password: "platform-pass" });
    const row = {
      id: created.data.user!.id,
      email,
      username: "",
      is_author: false,
    };
    const insert = await user.from("platform_users").insert(row);
    expect(insert).toMatchObject({ error: null, status: 201 });
    const asAuthor = await user
      .from("platform_users")
      .insert({ ...row, is_author: true });
    expect(asAuthor.error).not.toBeNull();
  });
});

describe("PostgREST wire details", () => {
  test("filters: in, is, not, neq, ilike, like, gt/lt", async () => {
    const names = [
      `F1 ${Date.now()}`,
      `F2 ${Date.now()}`,
      `f3, (comma) ${Date.now()}`,
    ];
    // Read as the service role: anonymous readers see a tag only through a
    // published post that carries it, and these tags are on none.
    await service.from("tags").insert(names.map((name) => ({ name })));
    const inList = await service
      .from("tags")
      .select("name")
      .in("name", names)
      .order("name");
    expect(inList.data?.map((row) => row.name).sort()).toEqual(
      [...names].sort(),
    );
    const notIn = await service
      .from("tags")
      .select("name")
      .not(
        "name",
        "in",
        `(${names
          .slice(0, 2)
          .map((n) => `"${n}"`)
          .join(",")})`,
      )
      .in("name", names);
    expect(notIn.data?.map((row) => row.name)).toEqual([names[2]]);
    const ilike = await service
      .from("tags")
      .select("name")
      .ilike("name", `f2 ${names[1]!.slice(3)}`);
    expect(ilike.data).toEqual([{ name: names[1] }]);
    const like = await service.from("tags").select("name").like("name", "F1 *");
    expect(like.data?.map((row) => row.name)).toContain(names[0]);
    const neq = await service
      .from("tags")
      .select("name")
      .in("name", names)
      .neq("name", names[0]!);
    expect(neq.data).toHaveLength(2);
    const nulls = await anon
      .from("blog_posts")
      .select("id")
      .is("excerpt", null)
      .limit(100);
    expect(nulls.error).toBeNull();
    const range = await anon
      .from("blog_posts")
      .select("created_at")
      .gt("created_at", "2000-01-01")
      .lt("created_at", "2999-01-01")
      .gte("created_at", "2000-01-01")
      .lte("created_at", "2999-01-01");
    expect(range.data?.length).toBeGreaterThan(0);
  });

  test("aliases, casts and nullslast ordering", async () => {
    const { data, error } = await anon
      .from("blog_posts")
      .select("heading:title, published::text, post_tags(label:tags(tag:name))")
      .order("excerpt", { ascending: false, nullsFirst: false })
      .limit(1)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      heading: expect.any(String),
      published: "true",
      post_tags: expect.any(Array),
    });
  });

  test("Content-Range, Range header and HEAD counts", async () => {
    const head = await anon
      .from("tags")
      .select("*", { count: "exact", head: true });
    expect(head.count).toBeGreaterThan(0);
    const response = await rest("tags?select=id", {
      headers: { range: "0-1", prefer: "count=exact" },
    });
    expect(response.headers.get("content-range")).toBe(`0-1/${head.count}`);
    expect(await response.json()).toHaveLength(2);
    const noCount = await rest("tags?select=id&limit=1");
    expect(noCount.headers.get("content-range")).toBe("0-0/*");
  });

  test("a bad filter is 400 PGRST100; unknown table 404; unknown embed 400 PGRST200", async () => {
    const badFilter = await rest("tags?name=nope.x");
    expect(badFilter.status).toBe(400);
    expect(await badFilter.json()).toMatchObject({ code: "PGRST100" });
    const table = await rest("nope");
    expect(table.status).toBe(404);
    const embed = await anon.from("tags").select("*, nope(*)");
    expect(embed.status).toBe(400);
    expect(embed.error).toMatchObject({ code: "PGRST200" });
    const badSelect = await rest("tags?select=id,(");
    expect(badSelect.status).toBe(400);
    expect(await badSelect.json()).toMatchObject({ code: "PGRST100" });
  });

  test("outside the subset answers 501", async () => {
    const response = await rest("tags?name=fts.a");
    expect(response.status).toBe(501);
    expect(((await response.json()) as { message: string }).message).toContain(
      '"fts"',
    );
  });

  test("or / and filters: a keyset page, and unknown columns refused", async () => {
    const all = await anon
      .from("blog_posts")
      .select("id, created_at")
      .order("created_at", { ascending: false })
      .order("id", { ascending: false });
    const rows = all.data ?? [];
    expect(rows.length).toBeGreaterThan(3);
    const cursor = rows[1]!;
    const after = await anon
      .from("blog_posts")
      .select("id")
      .lte("created_at", cursor.created_at)
      .or(
        `created_at.lt."${cursor.created_at}",and(created_at.eq."${cursor.created_at}",id.lt."${cursor.id}")`,
      )
      .order("created_at", { ascending: false })
      .order("id", { ascending: false });
    expect(after.data?.map((row) => row.id)).toEqual(
      rows.slice(2).map((row) => row.id),
    );
    const either = await anon
      .from("tags")
      .select("name")
      .or("name.eq.no such tag,not.and(name.neq.x,name.neq.y)")
      .order("name");
    expect(either.error).toBeNull();
    const unknown = await rest("tags?or=(nope.eq.1,name.eq.a)");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "42703" });
  });

  test("rpc select shapes a function's table rows, in its order", async () => {
    const post = (
      await anon.from("blog_posts").select("id, post_tags(tag_id)").limit(50)
    ).data?.find((row) => row.post_tags.length > 0);
    expect(post).toBeDefined();
    const related = await anon
      .rpc("related_posts", { p_post_id: post!.id, p_limit: 12 })
      .select("id, title, post_tags(tags(name))");
    expect(related.error).toBeNull();
    const shaped = (related.data ?? []) as Record<string, unknown>[];
    const plain = await anon.rpc("related_posts", {
      p_post_id: post!.id,
      p_limit: 12,
    });
    expect(shaped.map((row) => row.id)).toEqual(
      plain.data?.map((row: { id: string }) => row.id),
    );
    expect(Object.keys(shaped[0] ?? {}).sort()).toEqual([
      "id",
      "post_tags",
      "title",
    ]);
    const scalar = await rest("rpc/search_posts?select=total", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ p_query: "x" }),
    });
    expect(scalar.status).toBe(501);
  });

  test("tables without grants: 401 for anon, 403 for users, readable by the service role", async () => {
    const asAnon = await anon.from("contact_messages").select("*");
    expect(asAnon.status).toBe(401);
    const asReader = await reader
      .from("contact_messages")
      .insert({ name: "n", email: "e", message: "m" });
    expect(asReader.status).toBe(403);
    const asService = await service
      .from("contact_messages")
      .insert({ name: "n", email: "e@example.com", message: "hello there" })
      .select()
      .single();
    expect(asService.error).toBeNull();
  });

  test("an expired or forged bearer token is 401", async () => {
    const forged = await rest("tags", {
      headers: { authorization: "Bearer abc.def.ghi" },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: "PGRST301" });
  });

  test("concurrent requests are serialised without errors", async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        index % 5 === 0
          ? author
              .from("tags")
              .insert({ name: `Concurrent ${Date.now()} ${index}` })
          : anon
              .from("blog_posts")
              .select("id, post_tags(tags(name))")
              .limit(3),
      ),
    );
    expect(results.every((result) => result.error === null)).toBe(true);
  });
});
