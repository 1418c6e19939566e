// A writer's profile against the embedded server over real Postgres: saved
// by its owner with a photo through the covers' variants, hidden from
// visitors until a public post credits them, a byline only editors give to
// someone else, and the author page's reads.
import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import {
  listAuthorPosts,
  personJsonLd,
  readAuthor,
  readBylines,
} from "#app/routes/blog/authors.server.ts";
import {
  creditNames,
  listRecentPosts,
  relatedPosts,
} from "#app/routes/blog/blog.server.ts";
import { summaryCard } from "#app/routes/blog/post-card-data.server.ts";
import {
  DEMO,
  startTestServer,
  type TestServer,
} from "#supabase/local/test-support.ts";
import { ProfileSchema, slugFrom } from "./profile-schema.ts";
import { readOwnProfile, saveProfile } from "./profile.server.ts";

let server: TestServer;
let service: SupabaseClient;
let author: TypedSupabaseClient;
let admin: TypedSupabaseClient;
let anon: TypedSupabaseClient;

beforeAll(async () => {
  server = await startTestServer({ reset: true });
  service = server.service();
  author = (await server.signedIn("author")) as unknown as TypedSupabaseClient;
  admin = (await server.signedIn("admin")) as unknown as TypedSupabaseClient;
  anon = server.anon() as unknown as TypedSupabaseClient;
}, 300_000);

afterAll(async () => {
  await server?.close();
});

async function photo() {
  const png = await sharp({
    create: { width: 400, height: 400, channels: 3, background: "#336699" },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], "me.png", { type: "image/png" });
}

function form(values: Record<string, string | File>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return ProfileSchema.parse(Object.fromEntries(data));
}

async function publishedPost(
  client: TypedSupabaseClient,
  title: string,
  post: Record<string, unknown>,
  tags: string[] = [],
) {
  const { data, error } = await client.rpc("save_post", {
    p_id: null as unknown as string,
    p_post: { title, content: `<p>${title}</p>`, ...post },
    p_tags: tags,
  });
  return { id: (data as { id: string } | null)?.id ?? null, error };
}

test("slugs are made from names, linearly and within 60 characters", () => {
  expect(slugFrom("Ada Lovelace")).toBe("ada-lovelace");
  expect(slugFrom("  Zoë  O'Brien--Smith ")).toBe("zoe-o-brien-smith");
  expect(slugFrom("!!!")).toBe("author");
  expect(slugFrom("word ".repeat(40)).length).toBeLessThanOrEqual(60);
  expect(slugFrom("-".repeat(100_000) + "x")).toBe("x");
});

test("a writer's profile: saved with photo variants, seen by visitors only once a public post credits them", async () => {
  const saved = await saveProfile(
    author,
    DEMO.author.id,
    form({
      display_name: "Ada Author",
      bio: "Writes about agents.",
      links: "https://example.com/ada\nhttps://github.com/ada",
      photo: await photo(),
    }),
    null,
  );
  expect(saved).toEqual({ ok: true, slug: "ada-author" });
  const { data: row } = await service
    .from("author_profiles")
    .select("photo_variants, links")
    .eq("id", DEMO.author.id)
    .single();
  const variants = row?.photo_variants as {
    jpeg: { url: string };
    webp: { url: string }[];
  };
  expect(variants.jpeg.url).toContain(`/blog-images/${DEMO.author.id}/`);
  expect(variants.webp.length).toBeGreaterThan(0);
  expect(row?.links).toEqual([
    "https://example.com/ada",
    "https://github.com/ada",
  ]);
  const own = await readOwnProfile(author, DEMO.author.id);
  expect(own).toMatchObject({ slug: "ada-author", display_name: "Ada Author" });

  // No public post credits them yet: a visitor sees nothing.
  expect(await readAuthor(anon, "ada-author")).toBeNull();

  const post = await publishedPost(author, "Credited post", {
    byline_id: DEMO.author.id,
  });
  expect(post.error).toBeNull();
  const seen = await readAuthor(anon, "ada-author");
  expect(seen).toMatchObject({
    name: "Ada Author",
    href: "/blueprints/authors/ada-author",
    bio: "Writes about agents.",
  });
  expect(
    (await listAuthorPosts(anon, DEMO.author.id)).map((p) => p.title),
  ).toEqual(["Credited post"]);
  expect(personJsonLd(seen!)).toMatchObject({
    "@type": "Person",
    "@id": expect.stringMatching(/\/blueprints\/authors\/ada-author#person$/),
    name: "Ada Author",
    sameAs: ["https://example.com/ada", "https://github.com/ada"],
  });
});

test("visitors see only credited people; writers credit only themselves, editors anyone", async () => {
  expect(
    (
      await saveProfile(
        admin,
        DEMO.admin.id,
        form({ display_name: "Admin Person", slug: "ada-author" }),
        null,
      )
    ).ok,
  ).toBe(false);
  expect(
    await saveProfile(
      admin,
      DEMO.admin.id,
      form({ display_name: "Admin Person" }),
      null,
    ),
  ).toEqual({ ok: true, slug: "admin-person" });
  // Nobody credits the admin on a public post: hidden from visitors.
  expect(await readAuthor(anon, "admin-person")).toBeNull();
  expect(
    (await readBylines(anon, [DEMO.admin.id, DEMO.author.id])).map(
      (profile) => profile.name,
    ),
  ).toEqual(["Ada Author"]);

  const refused = await publishedPost(author, "Credited to the admin", {
    byline_id: DEMO.admin.id,
  });
  expect(refused.error?.message).toBe(
    "Only editors credit a post to someone else.",
  );
  // A co-author any writer may name.
  const together = await publishedPost(author, "Written together", {
    byline_id: DEMO.author.id,
    co_author_id: DEMO.admin.id,
  });
  expect(together.error).toBeNull();
  expect(
    (await readAuthor(anon, "admin-person"))?.name,
    "a co-author is credited too",
  ).toBe("Admin Person");

  // A post from before profiles credits nobody until an editor assigns one.
  const { data: old } = await service
    .from("blog_posts")
    .select("id, byline_id")
    .neq("author_id", DEMO.author.id)
    .is("byline_id", null)
    .limit(1)
    .single();
  expect(old?.byline_id).toBeNull();
  const { error } = await admin
    .from("blog_posts")
    .update({ byline_id: DEMO.author.id })
    .eq("id", old!.id);
  expect(error).toBeNull();
  expect(
    (await listAuthorPosts(anon, DEMO.author.id)).map((p) => p.id),
  ).toContain(old!.id);
});

test("cards and the feed name a credited post's author and co-author, the team for the rest", async () => {
  const tagged = await publishedPost(
    author,
    "Credited with a tag",
    {
      byline_id: DEMO.author.id,
      co_author_id: DEMO.admin.id,
    },
    ["Credits"],
  );
  const neighbour = await publishedPost(
    author,
    "Its tagged neighbour",
    {
      byline_id: DEMO.author.id,
    },
    ["Credits"],
  );
  expect([tagged.error, neighbour.error]).toEqual([null, null]);

  const recent = await listRecentPosts(anon, 100);
  const credited = recent.find((post) => post.id === tagged.id);
  expect(summaryCard(credited!, "").by).toBe("Ada Author and Admin Person");
  expect(creditNames(credited!)).toEqual(["Ada Author", "Admin Person"]);
  const uncredited = recent.find((post) => !post.byline);
  expect(summaryCard(uncredited!, "").by).toBe("Recursa Team");
  expect(creditNames(uncredited!)).toEqual(["Recursa Team"]);

  const related = await relatedPosts(anon, neighbour.id!);
  const card = related.find((post) => post.id === tagged.id);
  expect(creditNames(card!)).toEqual(["Ada Author", "Admin Person"]);

  const onTheirPage = await listAuthorPosts(anon, DEMO.author.id);
  expect(
    summaryCard(
      onTheirPage.find((post) => post.id === neighbour.id)!,
      "",
    ).by,
  ).toBe("Ada Author");
});
