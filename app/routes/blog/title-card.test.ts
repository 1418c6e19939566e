// A title card is as public as its post, against the embedded server's
// Storage and the project's policies: the card a save makes for a draft or a
// scheduled post is on no public address and not readable anonymously; the
// moment the database's schedule makes the post public, the card is readable
// with the public key (nothing runs then); once the post is deleted, it is
// gone.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { deletePost, publicCoverPrefix, savePost } from "./post.server.ts";
import {
  readTitleCard,
  SOCIAL_CARD_BUCKET,
  socialCardPrefix,
  storeSocialCard,
} from "./social-image.server.ts";
import {
  DEMO,
  startTestServer,
  type TestServer,
} from "#supabase/local/test-support.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";

let server: TestServer;
let author: TypedSupabaseClient;
let reader: TypedSupabaseClient;
let anon: TypedSupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  author = (await server.signedIn("author")) as TypedSupabaseClient;
  reader = (await server.signedIn("reader")) as TypedSupabaseClient;
  anon = server.anon() as TypedSupabaseClient;
  service = server.service();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** A post of the author's, saved with `published_at`, and its card made as a save makes it. */
async function postWithCard(title: string, publishedAt: string | null) {
  const saved = await savePost(author, {
    id: null,
    post: {
      title,
      content: "<p>No cover</p>",
      published: publishedAt !== null,
      published_at: publishedAt,
    },
    tags: [],
  });
  if (!saved.ok) throw new Error(`save failed: ${saved.kind}`);
  await storeSocialCard(author, {
    id: saved.id,
    title,
    userId: DEMO.author.id,
    previousUrl: null,
  });
  const { data } = await service
    .from("blog_posts")
    .select("social_image_url")
    .eq("id", saved.id)
    .single();
  const url = String(data?.social_image_url);
  expect(url.startsWith(socialCardPrefix(server.url))).toBe(true);
  return {
    id: saved.id,
    url,
    name: url.slice(socialCardPrefix(server.url).length),
    file: url.slice(url.lastIndexOf("-") + 1),
  };
}

const isPng = (bytes: Buffer | null) =>
  bytes !== null &&
  bytes.subarray(1, 4).toString() === "PNG" &&
  bytes.readUInt32BE(16) === 1200;

describe("title cards", () => {
  test("a draft's card: not at its Storage address, not for anonymous readers or other users, for its author", async () => {
    const card = await postWithCard("A draft's secret title", null);
    expect((await fetch(card.url)).ok).toBe(false);
    const download = await anon.storage
      .from(SOCIAL_CARD_BUCKET)
      .download(card.name);
    expect(download.data).toBeNull();
    expect(
      await readTitleCard(anon, card.id, card.file, server.url),
    ).toBeNull();
    expect(
      await readTitleCard(reader, card.id, card.file, server.url),
    ).toBeNull();
    // The editor's share preview shows it to the author.
    expect(
      isPng(await readTitleCard(author, card.id, card.file, server.url)),
    ).toBe(true);
    // Another file name at the post's address is nothing.
    expect(
      await readTitleCard(author, card.id, "0000000000000000.png", server.url),
    ).toBeNull();
  });

  test("a scheduled post's card is readable anonymously from the moment the database makes the post public, and gone with the post", async () => {
    // The database moves a schedule under 15 s ahead to 15 s ahead.
    const card = await postWithCard(
      "A scheduled title",
      new Date(Date.now() + 1_000).toISOString(),
    );
    expect(
      await readTitleCard(anon, card.id, card.file, server.url),
    ).toBeNull();
    await vi.waitFor(
      async () => {
        expect(
          isPng(await readTitleCard(anon, card.id, card.file, server.url)),
        ).toBe(true);
      },
      { timeout: 40_000, interval: 500 },
    );
    const { data: post } = await service
      .from("blog_posts")
      .select("published_at")
      .eq("id", card.id)
      .single();
    expect(new Date(post!.published_at).getTime()).toBeLessThanOrEqual(
      Date.now(),
    );
    expect((await fetch(card.url)).ok).toBe(false);

    expect(
      await deletePost(author, {
        id: card.id,
        userId: DEMO.author.id,
        coverPrefix: publicCoverPrefix(server.url),
      }),
    ).toBe(true);
    expect(
      await readTitleCard(anon, card.id, card.file, server.url),
    ).toBeNull();
    const { data: left } = await service.storage
      .from(SOCIAL_CARD_BUCKET)
      .list(DEMO.author.id, { search: card.id });
    expect(left).toEqual([]);
  }, 60_000);

  test("a card no post names is readable by no one but its owner", async () => {
    const card = await postWithCard("Soon orphaned", "now");
    expect(
      isPng(await readTitleCard(anon, card.id, card.file, server.url)),
    ).toBe(true);
    await service
      .from("blog_posts")
      .update({ social_image_url: null })
      .eq("id", card.id);
    const download = await anon.storage
      .from(SOCIAL_CARD_BUCKET)
      .download(card.name);
    expect(download.data).toBeNull();
  });
});
