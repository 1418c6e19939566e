// The row-level security matrix: what each kind of caller may do to every
// table and bucket, written out as a table and checked through supabase-js
// against the embedded server (Postgres enforces the policies of
// supabase/migrations). Every cell is its own test and starts from its own
// fixtures, created with the service role, so cells cannot influence each other.
//
// Outcomes:
//   allowed   the call succeeds and its effect is visible to the service role
//   denied    the call returns an error and changes nothing
//   filtered  the call succeeds but sees or changes nothing (RLS hides the rows)
import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { startLocalSupabase, type LocalSupabase } from "./local/server.ts";
import { DEMO_ACCOUNTS, demoPassword } from "./local/demo-accounts.ts";

type Outcome = "allowed" | "denied" | "filtered";
type Actor = "anon" | "reader" | "author" | "team" | "service";

const ADMIN_ID = DEMO_ACCOUNTS.admin.id;
const AUTHOR_ID = DEMO_ACCOUNTS.author.id;
const READER_ID = DEMO_ACCOUNTS.reader.id;
const DEMO_PASSWORD = demoPassword();

const ACCOUNTS = {
  reader: DEMO_ACCOUNTS.reader,
  author: DEMO_ACCOUNTS.author,
  team: DEMO_ACCOUNTS.admin,
} as const;

// A 1x1 PNG and a minimal PDF: real file signatures, in case uploads are sniffed.
const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n",
);

let server: LocalSupabase;
let dataDir: string;
let clients: Record<Actor, SupabaseClient>;
let service: SupabaseClient;
/** "Another user": an account with a regular platform_users row and no other role. */
let spareId: string;

/** The caller's own user id; anon and the service role have none and act on the author's. */
function ownId(actor: Actor) {
  return actor === "anon" || actor === "service"
    ? AUTHOR_ID
    : ACCOUNTS[actor].id;
}

/** Someone who is not the caller: the team member for the author, the author for everybody else. */
function otherId(actor: Actor) {
  return actor === "author" ? ADMIN_ID : AUTHOR_ID;
}

const dueFor = new Map<string, Promise<string>>();

/**
 * One post of `owner`'s scheduled as soon as the database allows (a
 * publication is at least 15 s ahead), checked hidden from everyone but the
 * team before its time, and handed over once its time has passed: one wait
 * per owner, not one per actor.
 */
function scheduledThenDue(owner: string) {
  let due = dueFor.get(owner);
  if (!due) {
    due = (async () => {
      const id = await createPost(owner);
      const at = Date.now() + 16_000;
      must(
        await service
          .from("blog_posts")
          .update({ published_at: new Date(at).toISOString() })
          .eq("id", id),
      );
      for (const actor of ["anon", "reader", "author"] as const) {
        if (otherId(actor) !== owner) continue;
        const before = await clients[actor]
          .from("blog_posts")
          .select("id")
          .eq("id", id);
        if (outcomeOfRead(before.error, before.data) !== "filtered")
          throw new Error("the scheduled post was public before its time");
      }
      await new Promise((resolve) =>
        setTimeout(resolve, at - Date.now() + 500),
      );
      return id;
    })();
    dueFor.set(owner, due);
  }
  return due;
}

function unique(label: string) {
  return `${label} ${randomUUID().slice(0, 8)}`;
}

/** Asserts a service-role call worked: fixtures and checks must never fail silently. */
function must<T>(result: { data: T; error: unknown }): T {
  if (result.error)
    throw new Error(
      `service role call failed: ${JSON.stringify(result.error)}`,
    );
  return result.data;
}

function outcomeOfWrite(error: unknown, changed: boolean): Outcome {
  if (error) {
    if (changed)
      throw new Error("the call reported an error but its change was applied");
    return "denied";
  }
  return changed ? "allowed" : "filtered";
}

function outcomeOfRead(error: unknown, rows: unknown[] | null): Outcome {
  if (error) return "denied";
  return rows && rows.length > 0 ? "allowed" : "filtered";
}

/** A post_html row as the app server stores it. */
function storedHtml(postId: string, html: string) {
  return { post_id: postId, html, sanitizer_version: 1, content_md5: "x" };
}

async function postHtml(postId: string) {
  const rows = must(
    await service.from("post_html").select("html").eq("post_id", postId),
  );
  return (rows as { html: string }[])[0]?.html ?? null;
}

async function createPost(authorId: string) {
  const post = must(
    await service
      .from("blog_posts")
      .insert({
        title: unique("Fixture post"),
        content: "<p>Fixture body</p>",
        author_id: authorId,
      })
      .select("id")
      .single(),
  ) as { id: string };
  return post.id;
}

async function postTitle(id: string) {
  const rows = must(
    await service.from("blog_posts").select("title").eq("id", id),
  ) as {
    title: string;
  }[];
  return rows[0]?.title ?? null;
}

async function postExists(id: string) {
  return (await postTitle(id)) !== null;
}

async function createTag() {
  const tag = must(
    await service
      .from("tags")
      .insert({ name: unique("fixture-tag") })
      .select("id, name")
      .single(),
  ) as { id: string; name: string };
  return tag;
}

async function linkExists(postId: string, tagId: string) {
  const rows = must(
    await service
      .from("post_tags")
      .select("post_id")
      .eq("post_id", postId)
      .eq("tag_id", tagId),
  ) as unknown[];
  return rows.length > 0;
}

async function platformUser(id: string) {
  const rows = must(
    await service
      .from("platform_users")
      .select("username, is_author")
      .eq("id", id),
  ) as { username: string | null; is_author: boolean }[];
  return rows[0] ?? null;
}

/**
 * Runs fn with the caller's own platform_users row removed, then puts the row
 * back as it was. Anon and the service role act on the spare user's row.
 */
async function withoutOwnPlatformRow(
  actor: Actor,
  fn: (id: string) => Promise<Outcome>,
) {
  const id =
    actor === "anon" || actor === "service" ? spareId : ACCOUNTS[actor].id;
  const saved = must(
    await service.from("platform_users").select("*").eq("id", id).single(),
  );
  must(await service.from("platform_users").delete().eq("id", id));
  try {
    return await fn(id);
  } finally {
    must(await service.from("platform_users").upsert(saved));
  }
}

async function objectContent(bucket: string, name: string) {
  const { data, error } = await service.storage.from(bucket).download(name);
  if (error || !data) return null;
  return Buffer.from(await data.arrayBuffer()).toString("base64");
}

async function putObject(
  bucket: string,
  name: string,
  bytes: Buffer<ArrayBuffer>,
  type: string,
) {
  must(
    await service.storage
      .from(bucket)
      .upload(name, new Blob([bytes], { type })),
  );
}

function imageName(folder: string) {
  return `${folder}/${randomUUID()}.png`;
}

function cvName() {
  return `${Date.now()}-${randomUUID().slice(0, 8)}-cv.pdf`;
}

async function uploadOutcome(
  actor: Actor,
  bucket: string,
  name: string,
  type: string,
  bytes: Buffer<ArrayBuffer>,
) {
  const { error } = await clients[actor].storage
    .from(bucket)
    .upload(name, new Blob([bytes], { type }), {
      cacheControl: "3600",
      upsert: false,
    });
  return outcomeOfWrite(error, (await objectContent(bucket, name)) !== null);
}

async function overwriteOutcome(
  actor: Actor,
  bucket: string,
  name: string,
  type: string,
) {
  const original = Buffer.from(bucket === "cv-uploads" ? PDF_BYTES : PNG_BYTES);
  await putObject(bucket, name, original, type);
  const replacement = Buffer.concat([original, Buffer.from("\n% replaced")]);
  const { error } = await clients[actor].storage
    .from(bucket)
    .upload(name, new Blob([replacement], { type }), { upsert: true });
  const stored = await objectContent(bucket, name);
  return outcomeOfWrite(error, stored === replacement.toString("base64"));
}

async function removeOutcome(
  actor: Actor,
  bucket: string,
  name: string,
  type: string,
) {
  await putObject(
    bucket,
    name,
    bucket === "cv-uploads" ? PDF_BYTES : PNG_BYTES,
    type,
  );
  const { error } = await clients[actor].storage.from(bucket).remove([name]);
  return outcomeOfWrite(error, (await objectContent(bucket, name)) === null);
}

async function insertOutcome(
  actor: Actor,
  table: string,
  row: Record<string, unknown>,
  exists: () => Promise<boolean>,
) {
  const { error } = await clients[actor].from(table).insert(row);
  return outcomeOfWrite(error, await exists());
}

/** What one cell does, given the caller; returns what actually happened. */
type Scenario = (actor: Actor) => Promise<Outcome>;

const scenarios = {
  // blog_posts ---------------------------------------------------------------
  "select published posts": async (actor) => {
    const { data, error } = await clients[actor]
      .from("blog_posts")
      .select("id")
      .eq("published", true);
    return outcomeOfRead(error, data);
  },
  "insert a post as yourself": async (actor) => {
    const title = unique("Inserted post");
    const { error } = await clients[actor].from("blog_posts").insert({
      title,
      content: "<p>Body</p>",
      author_id: ownId(actor),
      published: true,
    });
    const rows = must(
      await service.from("blog_posts").select("id").eq("title", title),
    ) as unknown[];
    return outcomeOfWrite(error, rows.length > 0);
  },
  "insert a post as another user": async (actor) => {
    const title = unique("Impersonated post");
    const { error } = await clients[actor].from("blog_posts").insert({
      title,
      content: "<p>Body</p>",
      author_id: otherId(actor),
      published: true,
    });
    const rows = must(
      await service.from("blog_posts").select("id").eq("title", title),
    ) as unknown[];
    return outcomeOfWrite(error, rows.length > 0);
  },
  "update the author's post": async (actor) =>
    updatePostOutcome(actor, AUTHOR_ID),
  "update the team member's post": async (actor) =>
    updatePostOutcome(actor, ADMIN_ID),
  "back-date the author's post (created_at)": async (actor) =>
    postColumnOutcome(actor, { created_at: "2001-01-01T00:00:00+00:00" }),
  "unpublish the author's post (published)": async (actor) =>
    postColumnOutcome(actor, { published: false }),
  "give the author's post to the team member (author_id)": async (actor) =>
    postColumnOutcome(actor, { author_id: ADMIN_ID }),
  "set the author's post's updated_at": async (actor) =>
    postColumnOutcome(actor, { updated_at: "2001-01-01T00:00:00+00:00" }),
  "insert a back-dated post as yourself": async (actor) => {
    const title = unique("Back-dated post");
    const { error } = await clients[actor].from("blog_posts").insert({
      title,
      content: "<p>Body</p>",
      author_id: ownId(actor),
      created_at: "2001-01-01T00:00:00+00:00",
    });
    const rows = must(
      await service
        .from("blog_posts")
        .select("id")
        .eq("title", title)
        .lt("created_at", "2002-01-01"),
    ) as unknown[];
    return outcomeOfWrite(error, rows.length > 0);
  },
  "delete the author's post": async (actor) =>
    deletePostOutcome(actor, AUTHOR_ID),
  "delete your own post while not an author": async (actor) =>
    withoutAuthorStatus(actor, () => deletePostOutcome(actor, ownId(actor))),
  "edit your own post while not an author": async (actor) =>
    withoutAuthorStatus(actor, () => updatePostOutcome(actor, ownId(actor))),
  "select another user's unpublished post": async (actor) =>
    selectUnpublishedOutcome(actor, otherId(actor)),
  "select your own unpublished post": async (actor) =>
    selectUnpublishedOutcome(actor, ownId(actor)),
  "delete the team member's post": async (actor) =>
    deletePostOutcome(actor, ADMIN_ID),
  "select another user's draft": async (actor) =>
    selectInStateOutcome(actor, otherId(actor), null),
  "select another user's scheduled post": async (actor) =>
    selectInStateOutcome(actor, otherId(actor), IN_AN_HOUR()),
  "select your own scheduled post": async (actor) =>
    selectInStateOutcome(actor, ownId(actor), IN_AN_HOUR()),
  "select another user's scheduled post once its time has passed": async (
    actor,
  ) => {
    const id = await scheduledThenDue(otherId(actor));
    const { data, error } = await clients[actor]
      .from("blog_posts")
      .select("id")
      .eq("id", id);
    return outcomeOfRead(error, data);
  },
  "schedule the author's draft (published_at ahead)": async (actor) =>
    publicationChangeOutcome(actor, null, IN_AN_HOUR()),
  "publish the author's draft in the past (published_at)": async (actor) =>
    publicationChangeOutcome(actor, null, "2001-01-01T00:00:00+00:00"),
  "move the author's scheduled post back to draft": async (actor) =>
    publicationChangeOutcome(actor, IN_AN_HOUR(), null),
  "re-date the author's published post (published_at)": async (actor) =>
    publicationChangeOutcome(actor, "now", IN_AN_HOUR()),
  "insert a scheduled post as yourself": async (actor) => {
    const title = unique("Scheduled post");
    const { error } = await clients[actor].from("blog_posts").insert({
      title,
      content: "<p>Body</p>",
      author_id: ownId(actor),
      published_at: IN_AN_HOUR(),
    });
    const rows = must(
      await service
        .from("blog_posts")
        .select("id")
        .eq("title", title)
        .gt("published_at", new Date().toISOString()),
    ) as unknown[];
    return outcomeOfWrite(error, rows.length > 0);
  },
  "ask when the next post is published": async (actor) => {
    const { error } = await clients[actor].rpc("seconds_to_next_publication");
    return error ? "denied" : "allowed";
  },

  // save_post() --------------------------------------------------------------
  "create a post": async (actor) => {
    const title = unique("Saved post");
    const { error } = await clients[actor].rpc("save_post", {
      p_id: null,
      p_post: {
        title: title,
        content: "<p>Body</p>",
        excerpt: null,
        cover_image_url: null,
      },
      p_tags: ["rls-matrix"],
    });
    const rows = must(
      await service.from("blog_posts").select("id").eq("title", title),
    ) as unknown[];
    return outcomeOfWrite(error, rows.length > 0);
  },
  "edit the author's post": async (actor) =>
    savePostEditOutcome(actor, AUTHOR_ID),
  "edit the team member's post": async (actor) =>
    savePostEditOutcome(actor, ADMIN_ID),

  // autosave_post() ----------------------------------------------------------
  "autosave the author's draft": async (actor) =>
    autosaveOutcome(actor, AUTHOR_ID, { draft: true }),
  "autosave the team member's draft": async (actor) =>
    autosaveOutcome(actor, ADMIN_ID, { draft: true }),
  "autosave the author's published post": async (actor) =>
    autosaveOutcome(actor, AUTHOR_ID, { draft: false }),

  // tags -----------------------------------------------------------------------
  "select a post's stored HTML": async (actor) => {
    const id = await createPost(AUTHOR_ID);
    must(await service.from("post_html").insert(storedHtml(id, "<p>x</p>")));
    const { data, error } = await clients[actor]
      .from("post_html")
      .select("post_id")
      .eq("post_id", id);
    return outcomeOfRead(error, data);
  },
  "store HTML for the author's post": async (actor) => {
    const id = await createPost(AUTHOR_ID);
    const html = `<img src=x onerror="${unique("alert")}">`;
    const { error } = await clients[actor]
      .from("post_html")
      .insert(storedHtml(id, html));
    return outcomeOfWrite(error, (await postHtml(id)) === html);
  },
  "replace the author's post's stored HTML": async (actor) => {
    const id = await createPost(AUTHOR_ID);
    must(await service.from("post_html").insert(storedHtml(id, "<p>x</p>")));
    const html = `<script>${unique("alert")}</script>`;
    const { error } = await clients[actor]
      .from("post_html")
      .update({ html })
      .eq("post_id", id);
    return outcomeOfWrite(error, (await postHtml(id)) === html);
  },
  "select tags": async (actor) => {
    const { data, error } = await clients[actor]
      .from("tags")
      .select("id, name")
      .eq("name", "Blueprints");
    return outcomeOfRead(error, data);
  },
  "select a tag only a draft carries": async (actor) => {
    const postId = await createPost(otherId(actor));
    const tag = await createTag();
    must(
      await service
        .from("post_tags")
        .insert({ post_id: postId, tag_id: tag.id }),
    );
    must(
      await service
        .from("blog_posts")
        .update({ published_at: null })
        .eq("id", postId),
    );
    const { data, error } = await clients[actor]
      .from("tags")
      .select("id, name")
      .eq("id", tag.id);
    return outcomeOfRead(error, data);
  },
  "insert a tag": async (actor) => {
    const name = unique("new-tag");
    return insertOutcome(actor, "tags", { name }, async () => {
      const rows = must(
        await service.from("tags").select("id").eq("name", name),
      ) as unknown[];
      return rows.length > 0;
    });
  },
  "rename a tag": async (actor) => {
    const tag = await createTag();
    const name = unique("renamed-tag");
    const { error } = await clients[actor]
      .from("tags")
      .update({ name })
      .eq("id", tag.id);
    const rows = must(
      await service.from("tags").select("id").eq("name", name),
    ) as unknown[];
    return outcomeOfWrite(error, rows.length > 0);
  },
  "delete a tag": async (actor) => {
    const tag = await createTag();
    const { error } = await clients[actor]
      .from("tags")
      .delete()
      .eq("id", tag.id);
    const rows = must(
      await service.from("tags").select("id").eq("id", tag.id),
    ) as unknown[];
    return outcomeOfWrite(error, rows.length === 0);
  },

  // post_tags ------------------------------------------------------------------
  "select tag links": async (actor) => {
    const { data, error } = await clients[actor]
      .from("post_tags")
      .select("post_id, tags(name)")
      .eq("post_id", "b0000000-0000-4000-8000-000000000001");
    return outcomeOfRead(error, data);
  },
  "link a tag to the author's post": async (actor) =>
    linkOutcome(actor, AUTHOR_ID),
  "link a tag to the team member's post": async (actor) =>
    linkOutcome(actor, ADMIN_ID),
  "select another user's draft's tag links": async (actor) => {
    const postId = await createPost(otherId(actor));
    const tag = await createTag();
    must(
      await service
        .from("post_tags")
        .insert({ post_id: postId, tag_id: tag.id }),
    );
    must(
      await service
        .from("blog_posts")
        .update({ published_at: null })
        .eq("id", postId),
    );
    const { data, error } = await clients[actor]
      .from("post_tags")
      .select("post_id")
      .eq("post_id", postId);
    return outcomeOfRead(error, data);
  },
  "move a link to another tag": async (actor) => {
    const postId = await createPost(AUTHOR_ID);
    const [from, to] = [await createTag(), await createTag()];
    must(
      await service
        .from("post_tags")
        .insert({ post_id: postId, tag_id: from.id }),
    );
    const { error } = await clients[actor]
      .from("post_tags")
      .update({ tag_id: to.id })
      .eq("post_id", postId)
      .eq("tag_id", from.id);
    return outcomeOfWrite(error, await linkExists(postId, to.id));
  },
  "unlink a tag from the author's post": async (actor) =>
    unlinkOutcome(actor, AUTHOR_ID),
  "unlink a tag from the team member's post": async (actor) =>
    unlinkOutcome(actor, ADMIN_ID),

  // platform_users -------------------------------------------------------------
  "select the reader's row": async (actor) => {
    const { data, error } = await clients[actor]
      .from("platform_users")
      .select("id")
      .eq("id", READER_ID);
    return outcomeOfRead(error, data);
  },
  "select the author's row": async (actor) => {
    const { data, error } = await clients[actor]
      .from("platform_users")
      .select("id")
      .eq("id", AUTHOR_ID);
    return outcomeOfRead(error, data);
  },
  "create your own row as a regular user": async (actor) =>
    withoutOwnPlatformRow(actor, (id) =>
      insertOutcome(
        actor,
        "platform_users",
        { id, email: "own@example.com", username: "", is_author: false },
        async () => (await platformUser(id)) !== null,
      ),
    ),
  "create your own row as an author": async (actor) =>
    withoutOwnPlatformRow(actor, (id) =>
      insertOutcome(
        actor,
        "platform_users",
        { id, email: "own@example.com", username: "", is_author: true },
        async () => (await platformUser(id)) !== null,
      ),
    ),
  "create a row for another user": async (actor) => {
    const saved = must(
      await service
        .from("platform_users")
        .select("*")
        .eq("id", spareId)
        .single(),
    );
    must(await service.from("platform_users").delete().eq("id", spareId));
    try {
      return await insertOutcome(
        actor,
        "platform_users",
        {
          id: spareId,
          email: "spare@example.com",
          username: "",
          is_author: false,
        },
        async () => (await platformUser(spareId)) !== null,
      );
    } finally {
      must(await service.from("platform_users").upsert(saved));
    }
  },
  "make yourself an author": async (actor) => {
    const id =
      actor === "anon" || actor === "service" ? spareId : ACCOUNTS[actor].id;
    const before = await platformUser(id);
    must(
      await service
        .from("platform_users")
        .update({ is_author: false })
        .eq("id", id),
    );
    try {
      const { error } = await clients[actor]
        .from("platform_users")
        .update({ is_author: true })
        .eq("id", id);
      return outcomeOfWrite(
        error,
        (await platformUser(id))?.is_author === true,
      );
    } finally {
      must(
        await service
          .from("platform_users")
          .update({ is_author: before?.is_author ?? false })
          .eq("id", id),
      );
    }
  },
  "make another user an author": async (actor) => {
    must(
      await service
        .from("platform_users")
        .update({ is_author: false })
        .eq("id", spareId),
    );
    const { error } = await clients[actor]
      .from("platform_users")
      .update({ is_author: true })
      .eq("id", spareId);
    const changed = (await platformUser(spareId))?.is_author === true;
    must(
      await service
        .from("platform_users")
        .update({ is_author: false })
        .eq("id", spareId),
    );
    return outcomeOfWrite(error, changed);
  },
  "change another user's username": async (actor) => {
    const username = unique("renamed");
    const { error } = await clients[actor]
      .from("platform_users")
      .update({ username })
      .eq("id", spareId);
    return outcomeOfWrite(
      error,
      (await platformUser(spareId))?.username === username,
    );
  },
  "delete another user's row": async (actor) => {
    const saved = must(
      await service
        .from("platform_users")
        .select("*")
        .eq("id", spareId)
        .single(),
    );
    const { error } = await clients[actor]
      .from("platform_users")
      .delete()
      .eq("id", spareId);
    const gone = (await platformUser(spareId)) === null;
    if (gone) must(await service.from("platform_users").upsert(saved));
    return outcomeOfWrite(error, gone);
  },

  // team_members ---------------------------------------------------------------
  "select the team member's row": async (actor) => {
    const { data, error } = await clients[actor]
      .from("team_members")
      .select("id")
      .eq("id", ADMIN_ID);
    return outcomeOfRead(error, data);
  },
  "add a team member": async (actor) => {
    const { error } = await clients[actor]
      .from("team_members")
      .insert({ id: spareId });
    const rows = must(
      await service.from("team_members").select("id").eq("id", spareId),
    ) as unknown[];
    if (rows.length > 0)
      must(await service.from("team_members").delete().eq("id", spareId));
    return outcomeOfWrite(error, rows.length > 0);
  },
  "update a team member's row": async (actor) => {
    const createdAt = "2020-01-01T00:00:00+00:00";
    const before = must(
      await service
        .from("team_members")
        .select("created_at")
        .eq("id", ADMIN_ID)
        .single(),
    ) as {
      created_at: string;
    };
    const { error } = await clients[actor]
      .from("team_members")
      .update({ created_at: createdAt })
      .eq("id", ADMIN_ID);
    const after = must(
      await service
        .from("team_members")
        .select("created_at")
        .eq("id", ADMIN_ID)
        .single(),
    ) as {
      created_at: string;
    };
    const changed =
      Date.parse(after.created_at) !== Date.parse(before.created_at);
    if (changed)
      must(
        await service.from("team_members").update(before).eq("id", ADMIN_ID),
      );
    return outcomeOfWrite(error, changed);
  },
  "remove a team member": async (actor) => {
    must(await service.from("team_members").insert({ id: spareId }));
    const { error } = await clients[actor]
      .from("team_members")
      .delete()
      .eq("id", spareId);
    const rows = must(
      await service.from("team_members").select("id").eq("id", spareId),
    ) as unknown[];
    if (rows.length > 0)
      must(await service.from("team_members").delete().eq("id", spareId));
    return outcomeOfWrite(error, rows.length === 0);
  },

  // contact_messages and job_applications ---------------------------------------
  "select contact messages": async (actor) =>
    selectSubmissionOutcome(actor, "contact_messages", contactMessage()),
  "insert a contact message": async (actor) =>
    insertSubmissionOutcome(actor, "contact_messages", contactMessage()),
  "update a contact message": async (actor) =>
    updateSubmissionOutcome(actor, "contact_messages", contactMessage()),
  "delete a contact message": async (actor) =>
    deleteSubmissionOutcome(actor, "contact_messages", contactMessage()),
  "mark a contact message handled": async (actor) =>
    markHandledOutcome(actor, "contact_messages", contactMessage()),
  "back-date a contact message's handled_at": async (actor) =>
    handledAtOutcome(actor, "contact_messages", contactMessage()),
  "select job applications": async (actor) =>
    selectSubmissionOutcome(actor, "job_applications", jobApplication()),
  "insert a job application": async (actor) =>
    insertSubmissionOutcome(actor, "job_applications", jobApplication()),
  "update a job application": async (actor) =>
    updateSubmissionOutcome(actor, "job_applications", jobApplication()),
  "delete a job application": async (actor) =>
    deleteSubmissionOutcome(actor, "job_applications", jobApplication()),
  "mark a job application handled": async (actor) =>
    markHandledOutcome(actor, "job_applications", jobApplication()),
  "select the inbox (both kinds)": async (actor) => {
    const id = await createSubmission("job_applications", jobApplication());
    const { data, error } = await clients[actor]
      .from("inbox_items")
      .select("id, kind")
      .eq("id", id);
    return outcomeOfRead(error, data);
  },

  // jobs -------------------------------------------------------------------------
  "select an open job": async (actor) => selectJobOutcome(actor, openJob()),
  "select a draft job": async (actor) =>
    selectJobOutcome(actor, { ...openJob(), published: false }),
  "select a job past its closing time": async (actor) =>
    selectJobOutcome(actor, {
      ...openJob(),
      closes_at: new Date(Date.now() - 1000).toISOString(),
    }),
  "select open jobs through open_jobs": async (actor) => {
    const id = await createJob(openJob());
    const { data, error } = await clients[actor]
      .from("open_jobs")
      .select("id")
      .eq("id", id);
    return outcomeOfRead(error, data);
  },
  "read a closed job's title through closed_job()": async (actor) => {
    const id = await createJob({
      ...openJob(),
      closes_at: new Date(Date.now() - 1000).toISOString(),
    });
    const { data, error } = await clients[actor].rpc("closed_job", {
      p_id: id,
    });
    return outcomeOfRead(error, data as unknown[] | null);
  },
  "add a job": async (actor) => {
    const title = unique("Added job");
    return insertOutcome(
      actor,
      "jobs",
      { ...openJob(), title },
      async () =>
        (
          must(
            await service.from("jobs").select("id").eq("title", title),
          ) as unknown[]
        ).length > 0,
    );
  },
  "change a job": async (actor) => {
    const id = await createJob(openJob());
    const title = unique("Changed job");
    const { error } = await clients[actor]
      .from("jobs")
      .update({ title })
      .eq("id", id);
    const rows = must(
      await service.from("jobs").select("title").eq("id", id).single(),
    ) as { title: string };
    return outcomeOfWrite(error, rows.title === title);
  },
  "delete a job": async (actor) => {
    const id = await createJob(openJob());
    const { error } = await clients[actor].from("jobs").delete().eq("id", id);
    const rows = must(
      await service.from("jobs").select("id").eq("id", id),
    ) as unknown[];
    return outcomeOfWrite(error, rows.length === 0);
  },

  // application_notes ------------------------------------------------------------
  "select notes on an application": async (actor) => {
    const applicationId = await createSubmission(
      "job_applications",
      jobApplication(),
    );
    must(
      await service.from("application_notes").insert({
        application_id: applicationId,
        author_id: ADMIN_ID,
        body: unique("Note"),
      }),
    );
    const { data, error } = await clients[actor]
      .from("application_notes")
      .select("id")
      .eq("application_id", applicationId);
    return outcomeOfRead(error, data);
  },
  "add a note as yourself": async (actor) => {
    const applicationId = await createSubmission(
      "job_applications",
      jobApplication(),
    );
    const body = unique("Note");
    return insertOutcome(
      actor,
      "application_notes",
      { application_id: applicationId, author_id: ownId(actor), body },
      async () =>
        (
          must(
            await service
              .from("application_notes")
              .select("id")
              .eq("body", body),
          ) as unknown[]
        ).length > 0,
    );
  },
  "add a note in another user's name": async (actor) => {
    const applicationId = await createSubmission(
      "job_applications",
      jobApplication(),
    );
    const body = unique("Note");
    return insertOutcome(
      actor,
      "application_notes",
      { application_id: applicationId, author_id: otherId(actor), body },
      async () =>
        (
          must(
            await service
              .from("application_notes")
              .select("id")
              .eq("body", body),
          ) as unknown[]
        ).length > 0,
    );
  },
  // candidate_emails -------------------------------------------------------------
  "select e-mails to a candidate": async (actor) => {
    const applicationId = await createSubmission(
      "job_applications",
      jobApplication(),
    );
    must(
      await service.from("candidate_emails").insert({
        application_id: applicationId,
        subject: unique("Reply"),
        body: "Thank you",
        sent_by: ADMIN_ID,
      }),
    );
    const { data, error } = await clients[actor]
      .from("candidate_emails")
      .select("id")
      .eq("application_id", applicationId);
    return outcomeOfRead(error, data);
  },
  "reply to a candidate as yourself": async (actor) => {
    const applicationId = await createSubmission(
      "job_applications",
      jobApplication(),
    );
    const subject = unique("Reply");
    return insertOutcome(
      actor,
      "candidate_emails",
      { application_id: applicationId, subject, body: "Thank you" },
      async () =>
        (
          must(
            await service
              .from("candidate_emails")
              .select("id")
              .eq("subject", subject),
          ) as unknown[]
        ).length > 0,
    );
  },
  "reply to a candidate in another user's name": async (actor) => {
    const applicationId = await createSubmission(
      "job_applications",
      jobApplication(),
    );
    const subject = unique("Reply");
    return insertOutcome(
      actor,
      "candidate_emails",
      {
        application_id: applicationId,
        subject,
        body: "Thank you",
        sent_by: otherId(actor),
      },
      async () =>
        (
          must(
            await service
              .from("candidate_emails")
              .select("id")
              .eq("subject", subject),
          ) as unknown[]
        ).length > 0,
    );
  },
  // The database addresses every e-mail to the application's own address:
  // "filtered" for the service role means stored, but not to the given one.
  "address a reply to someone other than the candidate": async (actor) => {
    const applicationId = await createSubmission(
      "job_applications",
      jobApplication(),
    );
    const subject = unique("Reply");
    return insertOutcome(
      actor,
      "candidate_emails",
      {
        application_id: applicationId,
        subject,
        body: "Thank you",
        to_email: "someone.else@example.com",
      },
      async () =>
        (
          must(
            await service
              .from("candidate_emails")
              .select("id")
              .eq("subject", subject)
              .eq("to_email", "someone.else@example.com"),
          ) as unknown[]
        ).length > 0,
    );
  },
  "mark an e-mail to a candidate sent": async (actor) => {
    const applicationId = await createSubmission(
      "job_applications",
      jobApplication(),
    );
    const { id } = must(
      await service
        .from("candidate_emails")
        .insert({
          application_id: applicationId,
          subject: unique("Reply"),
          body: "Thank you",
        })
        .select("id")
        .single(),
    ) as { id: string };
    const { error } = await clients[actor]
      .from("candidate_emails")
      .update({ notification_state: "sent" })
      .eq("id", id);
    const rows = must(
      await service
        .from("candidate_emails")
        .select("notification_state")
        .eq("id", id)
        .single(),
    ) as { notification_state: string };
    return outcomeOfWrite(error, rows.notification_state === "sent");
  },
  // retention ---------------------------------------------------------------------
  "select the retention periods": async (actor) => {
    const { data, error } = await clients[actor]
      .from("retention_periods")
      .select("kind");
    return outcomeOfRead(error, data);
  },
  "change a retention period": async (actor) => {
    const { error } = await clients[actor]
      .from("retention_periods")
      .update({ keep_for: "6 mons 1 day" })
      .eq("kind", "message");
    const row = must(
      await service
        .from("retention_periods")
        .select("keep_for")
        .eq("kind", "message")
        .single(),
    ) as { keep_for: string };
    must(
      await service
        .from("retention_periods")
        .update({ keep_for: "6 months" })
        .eq("kind", "message"),
    );
    return outcomeOfWrite(error, row.keep_for.includes("1 day"));
  },
  "select the site settings": async (actor) => {
    const { data, error } = await clients[actor]
      .from("site_settings")
      .select("contact_email");
    return outcomeOfRead(error, data);
  },
  "change the site settings": async (actor) => {
    const { error } = await clients[actor]
      .from("site_settings")
      .update({ sender_name: "Matrix" })
      .eq("id", true);
    const row = must(
      await service.from("site_settings").select("sender_name").single(),
    ) as { sender_name: string | null };
    must(
      await service
        .from("site_settings")
        .update({ sender_name: null })
        .eq("id", true),
    );
    return outcomeOfWrite(error, row.sender_name === "Matrix");
  },
  "run the retention deletion": async (actor) => {
    const { data, error } = await clients[actor].rpc(
      "delete_expired_submissions",
    );
    return outcomeOfRead(error, data);
  },
  "move an application to interview": async (actor) => {
    const id = await createSubmission("job_applications", jobApplication());
    const { error } = await clients[actor]
      .from("job_applications")
      .update({ status: "interview" })
      .eq("id", id);
    const [row] = await submissionRows("job_applications", id);
    return outcomeOfWrite(error, row?.status === "interview");
  },

  // visitor analytics --------------------------------------------------------------
  "select the rolled-up periods": async (actor) => {
    const value = await seedDaily();
    const { data, error } = await clients[actor]
      .from("analytics_rollups")
      .select("views")
      .eq("value", value);
    return outcomeOfRead(error, data);
  },
  "insert a rolled-up period": async (actor) => {
    const value = unique("/rls-insert");
    const { error } = await clients[actor].from("analytics_rollups").insert({
      period: "day",
      start: ANALYTICS_DAY,
      dimension: "page",
      value,
      views: 1,
      visitors: 1,
    });
    return outcomeOfWrite(error, (await dailyViews(value)) !== null);
  },
  "change a rolled-up period": async (actor) => {
    const value = await seedDaily();
    const { error } = await clients[actor]
      .from("analytics_rollups")
      .update({ views: 99 })
      .eq("value", value);
    return outcomeOfWrite(error, (await dailyViews(value)) === 99);
  },
  "select the open days": async (actor) => {
    const path = await recordView();
    const { data, error } = await clients[actor]
      .from("analytics_live")
      .select("views")
      .eq("value", path);
    return outcomeOfRead(error, data);
  },
  "select your own post's views by day": async (actor) =>
    postDaysOutcome(actor, ownId(actor)),
  "select another user's post's views by day": async (actor) =>
    postDaysOutcome(actor, otherId(actor)),
  "select newsletter subscribers": async (actor) => {
    const email = await seedSubscriber();
    const { data, error } = await clients[actor]
      .from("newsletter_subscribers")
      .select("status")
      .eq("email", email);
    return outcomeOfRead(error, data);
  },
  "add a newsletter subscriber": async (actor) => {
    const email = `${randomUUID()}@rls.example`;
    const { error } = await clients[actor]
      .from("newsletter_subscribers")
      .insert({ email, consent_form: "rls", consent_wording: "rls" });
    return outcomeOfWrite(error, (await subscriberStatus(email)) !== null);
  },
  "confirm a subscriber by writing the row": async (actor) => {
    const email = await seedSubscriber();
    const { error } = await clients[actor]
      .from("newsletter_subscribers")
      .update({ status: "confirmed" })
      .eq("email", email);
    return outcomeOfWrite(
      error,
      (await subscriberStatus(email)) === "confirmed",
    );
  },
  "select the link signing key": async (actor) => {
    const { data, error } = await clients[actor]
      .from("newsletter_signing_key")
      .select("secret");
    return outcomeOfRead(error, data);
  },
  "sign up an address": async (actor) => {
    const email = `${randomUUID()}@rls.example`;
    const { error } = await clients[actor].rpc("newsletter_subscribe", {
      p_email: email,
      p_form: "rls",
      p_wording: "rls",
      p_address_hash: "0".repeat(64),
    });
    return outcomeOfWrite(error, (await subscriberStatus(email)) !== null);
  },
  "confirm with a signed token": async (actor) => {
    const email = `${randomUUID()}@rls.example`;
    const token = must(
      await service.rpc("newsletter_subscribe", {
        p_email: email,
        p_form: "rls",
        p_wording: "rls",
        p_address_hash: "0".repeat(64),
      }),
    );
    const { error } = await clients[actor].rpc("newsletter_confirm", {
      p_token: token ?? "",
    });
    return outcomeOfWrite(
      error,
      (await subscriberStatus(email)) === "confirmed",
    );
  },
  "erase an address": async (actor) => {
    const email = await seedSubscriber();
    const { error } = await clients[actor].rpc("newsletter_erase", {
      p_email: email,
    });
    return outcomeOfWrite(error, (await subscriberStatus(email)) === null);
  },
  "select a newsletter send and its batches": async (actor) => {
    const postId = await createPost(ADMIN_ID);
    must(
      await service
        .from("blog_posts")
        .update({ published_at: new Date(Date.now() - 60_000).toISOString() })
        .eq("id", postId),
    );
    await seedSubscriber().then((email) =>
      service
        .from("newsletter_subscribers")
        .update({ status: "confirmed" })
        .eq("email", email),
    );
    const sendId = must(
      await service.rpc("newsletter_start_send", {
        p_post_id: postId,
        p_created_by: null,
        p_subject: "rls",
        p_html: "<p>rls</p>",
        p_text: "rls",
        p_site_url: "https://rls.example",
      }),
    );
    const sends = await clients[actor]
      .from("newsletter_sends")
      .select("id")
      .eq("id", sendId);
    const batches = await clients[actor]
      .from("newsletter_batches")
      .select("number")
      .eq("send_id", sendId);
    const sendOutcome = outcomeOfRead(sends.error, sends.data);
    expect(outcomeOfRead(batches.error, batches.data)).toBe(sendOutcome);
    return sendOutcome;
  },
  "record a bounce": async (actor) => {
    const email = await seedSubscriber();
    const { error } = await clients[actor].rpc("newsletter_suppress", {
      p_event_id: randomUUID(),
      p_type: "email.bounced",
      p_emails: [email],
    });
    return outcomeOfWrite(
      error,
      (await subscriberStatus(email)) === "suppressed",
    );
  },
  "select webhook events": async (actor) => {
    const id = randomUUID();
    must(
      await service
        .from("newsletter_events")
        .insert({ id, type: "email.bounced" }),
    );
    const { data, error } = await clients[actor]
      .from("newsletter_events")
      .select("id")
      .eq("id", id);
    return outcomeOfRead(error, data);
  },
  "select conversions": async (actor) => {
    const landing = unique("/rls-landing");
    must(
      await service.from("analytics_conversions").insert({
        kind: "contact",
        landing_path: landing,
      }),
    );
    const { data, error } = await clients[actor]
      .from("analytics_conversions")
      .select("kind")
      .eq("landing_path", landing);
    return outcomeOfRead(error, data);
  },
  "select page views": async (actor) => {
    const path = await recordView();
    const { data, error } = await clients[actor]
      .from("analytics_hits")
      .select("visitor")
      .eq("path", path);
    return outcomeOfRead(error, data);
  },
  "select the salts": async (actor) => {
    await recordView();
    const { data, error } = await clients[actor]
      .from("analytics_salts")
      .select("day");
    return outcomeOfRead(error, data);
  },
  "record a page view": async (actor) => {
    const path = unique("/rls-record");
    const { error } = await clients[actor].rpc("analytics_record", {
      p_site: "rls.example",
      p_hits: [{ address: "192.0.2.1", user_agent: "rls", path }],
    });
    const { data } = await service
      .from("analytics_hits")
      .select("path")
      .eq("path", path);
    return outcomeOfWrite(error, (data ?? []).length > 0);
  },
  "run the rotation": async (actor) => {
    const { error } = await clients[actor].rpc("analytics_rotate");
    return error ? "denied" : "allowed";
  },
  "read the totals": async (actor) => {
    await seedDaily();
    const { data, error } = await clients[actor].rpc("analytics_totals", {
      p_from: ANALYTICS_DAY,
      p_to: ANALYTICS_DAY,
    });
    return outcomeOfRead(error, data as unknown[] | null);
  },

  "read your own posts' views": async (actor) =>
    ownPostViewsOutcome(actor, ownId(actor)),
  "read another user's posts' views": async (actor) =>
    ownPostViewsOutcome(actor, otherId(actor)),

  // storage: blog-images ---------------------------------------------------------
  "read an image by its public URL": async (actor) => {
    const name = imageName(AUTHOR_ID);
    await putObject("blog-images", name, PNG_BYTES, "image/png");
    const { data } = clients[actor].storage
      .from("blog-images")
      .getPublicUrl(name);
    const response = await fetch(data.publicUrl);
    const body = Buffer.from(await response.arrayBuffer());
    return response.ok && body.equals(PNG_BYTES) ? "allowed" : "denied";
  },
  "upload into your own folder": async (actor) =>
    uploadOutcome(
      actor,
      "blog-images",
      imageName(ownId(actor)),
      "image/png",
      PNG_BYTES,
    ),
  "upload into another user's folder": async (actor) =>
    uploadOutcome(
      actor,
      "blog-images",
      imageName(otherId(actor)),
      "image/png",
      PNG_BYTES,
    ),
  "overwrite an image in your own folder": async (actor) =>
    overwriteOutcome(
      actor,
      "blog-images",
      imageName(ownId(actor)),
      "image/png",
    ),
  "delete an image in your own folder": async (actor) =>
    removeOutcome(actor, "blog-images", imageName(ownId(actor)), "image/png"),
  "delete an image in another user's folder": async (actor) =>
    removeOutcome(actor, "blog-images", imageName(otherId(actor)), "image/png"),
  "delete an image in your own folder while not an author": async (actor) =>
    withoutAuthorStatus(actor, () =>
      removeOutcome(actor, "blog-images", imageName(ownId(actor)), "image/png"),
    ),

  // role helpers ---------------------------------------------------------------
  "ask whether you are a team member": async (actor) =>
    roleQuestionOutcome(actor, "is_team_member", ownId(actor)),
  "ask whether another user is a team member": async (actor) =>
    roleQuestionOutcome(
      actor,
      "is_team_member",
      actor === "team" ? AUTHOR_ID : ADMIN_ID,
    ),
  "ask whether another user is an author": async (actor) =>
    roleQuestionOutcome(actor, "is_author", otherId(actor)),

  // storage: cv-uploads ------------------------------------------------------------
  "upload a new CV": async (actor) =>
    uploadOutcome(actor, "cv-uploads", cvName(), "application/pdf", PDF_BYTES),
  "upload a CV into a folder": async (actor) =>
    uploadOutcome(
      actor,
      "cv-uploads",
      `folder/${cvName()}`,
      "application/pdf",
      PDF_BYTES,
    ),
  "download a CV": async (actor) => {
    const name = cvName();
    await putObject("cv-uploads", name, PDF_BYTES, "application/pdf");
    const { data, error } = await clients[actor].storage
      .from("cv-uploads")
      .download(name);
    if (error || !data) return "denied";
    const body = Buffer.from(await data.arrayBuffer());
    if (!body.equals(PDF_BYTES))
      throw new Error("downloaded bytes differ from the uploaded CV");
    return "allowed";
  },
  "create a signed download URL for a CV": async (actor) => {
    const name = cvName();
    await putObject("cv-uploads", name, PDF_BYTES, "application/pdf");
    const { data, error } = await clients[actor].storage
      .from("cv-uploads")
      .createSignedUrl(name, 60, { download: "cv.pdf" });
    if (error || !data) return "denied";
    // The URL itself is the capability: fetched with no key at all.
    const response = await fetch(data.signedUrl);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || !body.equals(PDF_BYTES))
      throw new Error(`signed URL did not serve the CV: ${response.status}`);
    return "allowed";
  },
  "overwrite a CV": async (actor) =>
    overwriteOutcome(actor, "cv-uploads", cvName(), "application/pdf"),
  "delete a CV": async (actor) =>
    removeOutcome(actor, "cv-uploads", cvName(), "application/pdf"),

  // post_revisions -------------------------------------------------------------
  "select the author's post's revisions": async (actor) => {
    const postId = await createPost(AUTHOR_ID);
    const { data, error } = await clients[actor]
      .from("post_revisions")
      .select("id")
      .eq("post_id", postId);
    return outcomeOfRead(error, data);
  },
  "write a revision of the author's post": async (actor) => {
    const postId = await createPost(AUTHOR_ID);
    const marker = unique("Forged revision");
    const { error } = await clients[actor].from("post_revisions").insert({
      post_id: postId,
      post: { title: marker, content: "<p>x</p>" },
    });
    const rows = must(
      await service
        .from("post_revisions")
        .select("id")
        .eq("post_id", postId)
        .eq("title", marker),
    ) as unknown[];
    return outcomeOfWrite(error, rows.length > 0);
  },

  // post_preview_links and post_by_preview_token() ---------------------------
  "select the author's draft's preview links": async (actor) => {
    const { postId } = await previewLinkFixture();
    const { data, error } = await clients[actor]
      .from("post_preview_links")
      .select("id")
      .eq("post_id", postId);
    return outcomeOfRead(error, data);
  },
  "create a preview link for the author's draft": async (actor) =>
    createPreviewLinkOutcome(actor, AUTHOR_ID, {}),
  "create a preview link for the team member's draft": async (actor) =>
    createPreviewLinkOutcome(actor, ADMIN_ID, {}),
  "create a preview link that lasts a year (expires_at)": async (actor) =>
    createPreviewLinkOutcome(actor, AUTHOR_ID, {
      expires_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    }),
  "revoke the author's draft's preview links": async (actor) => {
    const { postId, linkId } = await previewLinkFixture();
    const { error } = await clients[actor]
      .from("post_preview_links")
      .update({ revoked_at: new Date().toISOString() })
      .eq("post_id", postId);
    return outcomeOfWrite(error, (await linkRevokedAt(linkId)) !== null);
  },
  "open a revoked preview link again (revoked_at)": async (actor) => {
    const { linkId } = await previewLinkFixture();
    must(
      await service
        .from("post_preview_links")
        .update({ revoked_at: new Date().toISOString() })
        .eq("id", linkId),
    );
    const { error } = await clients[actor]
      .from("post_preview_links")
      .update({ revoked_at: null })
      .eq("id", linkId);
    return outcomeOfWrite(error, (await linkRevokedAt(linkId)) === null);
  },
  "read a draft by its preview token": async (actor) => {
    const { token } = await previewLinkFixture();
    const { data, error } = await clients[actor].rpc("post_by_preview_token", {
      p_token: token,
    });
    return outcomeOfRead(error, data ? [data] : []);
  },
  "read a draft by the preview link of an author since demoted": async (
    actor,
  ) => {
    // The reader stands for a demoted author: their own post, their link,
    // and no author's rights any more.
    const postId = await createPost(READER_ID);
    must(
      await service
        .from("blog_posts")
        .update({ published_at: null })
        .eq("id", postId),
    );
    const token = randomUUID() + randomUUID();
    must(
      await service.from("post_preview_links").insert({
        post_id: postId,
        token_hash: tokenHash(token),
        created_by: READER_ID,
      }),
    );
    const { data, error } = await clients[actor].rpc("post_by_preview_token", {
      p_token: token,
    });
    return outcomeOfRead(error, data ? [data] : []);
  },
  "read a draft by its token's stored hash": async (actor) => {
    const { token } = await previewLinkFixture();
    const { data, error } = await clients[actor].rpc("post_by_preview_token", {
      p_token: tokenHash(token),
    });
    return outcomeOfRead(error, data ? [data] : []);
  },
  "read a draft by an expired or revoked preview token": async (actor) => {
    const expired = await previewLinkFixture();
    must(
      await service
        .from("post_preview_links")
        .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .eq("id", expired.linkId),
    );
    const revoked = await previewLinkFixture();
    must(
      await service
        .from("post_preview_links")
        .update({ revoked_at: new Date().toISOString() })
        .eq("id", revoked.linkId),
    );
    const answers = await Promise.all(
      [expired.token, revoked.token].map((token) =>
        clients[actor].rpc("post_by_preview_token", { p_token: token }),
      ),
    );
    const error = answers.find((answer) => answer.error)?.error ?? null;
    return outcomeOfRead(
      error,
      answers.flatMap((answer) => (answer.data ? [answer.data] : [])),
    );
  },
} satisfies Record<string, Scenario>;

type Operation = keyof typeof scenarios;
type Row = [
  resource: string,
  operation: Operation,
  anon: Outcome,
  reader: Outcome,
  author: Outcome,
  team: Outcome,
  service: Outcome,
];

// prettier-ignore
const MATRIX: Row[] = [
  // resource          operation                                    anon        reader      author      team        service_role
  ["blog_posts",       "select published posts",                    "allowed",  "allowed",  "allowed",  "allowed",  "allowed"],
  ["blog_posts",       "insert a post as yourself",                 "denied",   "denied",   "allowed",  "allowed",  "allowed"],
  ["blog_posts",       "insert a post as another user",             "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["blog_posts",       "update the author's post",                  "denied",   "filtered", "allowed",  "allowed",  "allowed"],
  ["blog_posts",       "update the team member's post",             "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["blog_posts",       "back-date the author's post (created_at)",  "denied",   "filtered", "denied",   "denied",   "allowed"],
  ["blog_posts",       "unpublish the author's post (published)",   "denied",   "filtered", "denied",   "denied",   "allowed"],
  ["blog_posts",       "give the author's post to the team member (author_id)", "denied", "filtered", "denied", "denied", "allowed"],
  ["blog_posts",       "set the author's post's updated_at",        "denied",   "filtered", "denied",   "denied",   "allowed"],
  ["blog_posts",       "insert a back-dated post as yourself",      "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["blog_posts",       "delete the author's post",                  "denied",   "filtered", "allowed",  "filtered", "allowed"],
  ["blog_posts",       "delete your own post while not an author",   "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["blog_posts",       "edit your own post while not an author",     "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["blog_posts",       "select another user's unpublished post",     "filtered", "filtered", "filtered", "allowed",  "allowed"],
  ["blog_posts",       "select your own unpublished post",           "filtered", "allowed",  "allowed",  "allowed",  "allowed"],
  ["blog_posts",       "delete the team member's post",             "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["blog_posts",       "select another user's draft",                "filtered", "filtered", "filtered", "allowed",  "allowed"],
  ["blog_posts",       "select another user's scheduled post",       "filtered", "filtered", "filtered", "allowed",  "allowed"],
  ["blog_posts",       "select your own scheduled post",             "filtered", "allowed",  "allowed",  "allowed",  "allowed"],
  ["blog_posts",       "select another user's scheduled post once its time has passed", "allowed", "allowed", "allowed", "allowed", "allowed"],
  ["blog_posts",       "schedule the author's draft (published_at ahead)", "denied", "filtered", "allowed", "allowed", "allowed"],
  ["blog_posts",       "publish the author's draft in the past (published_at)", "denied", "filtered", "denied", "denied", "allowed"],
  ["blog_posts",       "move the author's scheduled post back to draft", "denied", "filtered", "allowed", "allowed", "allowed"],
  ["blog_posts",       "re-date the author's published post (published_at)", "denied", "filtered", "denied", "denied", "allowed"],
  ["blog_posts",       "insert a scheduled post as yourself",       "denied",   "denied",   "allowed",  "allowed",  "allowed"],
  ["seconds_to_next_publication()", "ask when the next post is published", "allowed", "allowed", "allowed", "allowed", "allowed"],
  ["save_post()",      "create a post",                             "denied",   "denied",   "allowed",  "allowed",  "denied"],
  ["save_post()",      "edit the author's post",                    "denied",   "denied",   "allowed",  "allowed",  "denied"],
  ["save_post()",      "edit the team member's post",               "denied",   "denied",   "denied",   "allowed",  "denied"],
  ["autosave_post()",  "autosave the author's draft",               "denied",   "denied",   "allowed",  "allowed",  "denied"],
  ["autosave_post()",  "autosave the team member's draft",          "denied",   "denied",   "denied",   "allowed",  "denied"],
  ["autosave_post()",  "autosave the author's published post",      "denied",   "denied",   "denied",   "denied",   "denied"],
  ["post_html",        "select a post's stored HTML",               "allowed",  "allowed",  "allowed",  "allowed",  "allowed"],
  ["post_html",        "store HTML for the author's post",          "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["post_html",        "replace the author's post's stored HTML",   "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["tags",             "select tags",                               "allowed",  "allowed",  "allowed",  "allowed",  "allowed"],
  ["tags",             "select a tag only a draft carries",         "filtered", "filtered", "allowed",  "allowed",  "allowed"],
  ["tags",             "insert a tag",                              "denied",   "denied",   "allowed",  "allowed",  "allowed"],
  ["tags",             "rename a tag",                              "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["tags",             "delete a tag",                              "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["post_tags",        "select tag links",                          "allowed",  "allowed",  "allowed",  "allowed",  "allowed"],
  ["post_tags",        "link a tag to the author's post",           "denied",   "denied",   "allowed",  "allowed",  "allowed"],
  ["post_tags",        "link a tag to the team member's post",      "denied",   "denied",   "denied",   "allowed",  "allowed"],
  ["post_tags",        "select another user's draft's tag links",   "filtered", "filtered", "filtered", "allowed",  "allowed"],
  ["post_tags",        "move a link to another tag",                "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["post_tags",        "unlink a tag from the author's post",       "denied",   "filtered", "allowed",  "allowed",  "allowed"],
  ["post_tags",        "unlink a tag from the team member's post",  "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["platform_users",   "select the reader's row",                   "denied",   "allowed",  "filtered", "allowed",  "allowed"],
  ["platform_users",   "select the author's row",                   "denied",   "filtered", "allowed",  "allowed",  "allowed"],
  ["platform_users",   "create your own row as a regular user",     "denied",   "allowed",  "allowed",  "allowed",  "allowed"],
  ["platform_users",   "create your own row as an author",          "denied",   "denied",   "denied",   "allowed",  "allowed"],
  ["platform_users",   "create a row for another user",             "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["platform_users",   "make yourself an author",                   "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["platform_users",   "make another user an author",               "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["platform_users",   "change another user's username",            "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["platform_users",   "delete another user's row",                 "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["team_members",     "select the team member's row",              "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["team_members",     "add a team member",                         "denied",   "denied",   "denied",   "allowed",  "allowed"],
  ["team_members",     "update a team member's row",                "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["team_members",     "remove a team member",                      "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["contact_messages", "select contact messages",                   "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["contact_messages", "insert a contact message",                  "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["contact_messages", "update a contact message",                  "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["contact_messages", "mark a contact message handled",            "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["contact_messages", "back-date a contact message's handled_at",  "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["contact_messages", "delete a contact message",                  "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["job_applications", "select job applications",                   "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["job_applications", "insert a job application",                  "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["job_applications", "update a job application",                  "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["job_applications", "mark a job application handled",           "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["job_applications", "delete a job application",                  "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["inbox_items",      "select the inbox (both kinds)",             "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["application_notes", "select notes on an application",           "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["application_notes", "add a note as yourself",                   "denied",   "denied",   "denied",   "allowed",  "allowed"],
  ["application_notes", "add a note in another user's name",        "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["candidate_emails", "select e-mails to a candidate",            "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["candidate_emails", "reply to a candidate as yourself",         "denied",   "denied",   "denied",   "allowed",  "allowed"],
  ["candidate_emails", "reply to a candidate in another user's name", "denied", "denied",  "denied",   "denied",   "allowed"],
  ["candidate_emails", "address a reply to someone other than the candidate", "denied", "denied", "denied", "denied", "filtered"],
  ["candidate_emails", "mark an e-mail to a candidate sent",       "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["retention_periods", "select the retention periods",            "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["retention_periods", "change a retention period",               "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["site_settings",    "select the site settings",                  "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["site_settings",    "change the site settings",                  "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["delete_expired_submissions()", "run the retention deletion",   "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["job_applications", "move an application to interview",          "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["jobs",             "select an open job",                        "allowed",  "allowed",  "allowed",  "allowed",  "allowed"],
  ["jobs",             "select a draft job",                        "filtered", "filtered", "filtered", "allowed",  "allowed"],
  ["jobs",             "select a job past its closing time",        "filtered", "filtered", "filtered", "allowed",  "allowed"],
  ["open_jobs",        "select open jobs through open_jobs",        "allowed",  "allowed",  "allowed",  "allowed",  "allowed"],
  ["closed_job()",     "read a closed job's title through closed_job()", "allowed", "allowed", "allowed", "allowed", "allowed"],
  ["jobs",             "add a job",                                 "denied",   "denied",   "denied",   "allowed",  "allowed"],
  ["jobs",             "change a job",                              "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["jobs",             "delete a job",                              "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["analytics_rollups", "select the rolled-up periods",            "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["analytics_rollups", "insert a rolled-up period",               "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["analytics_rollups", "change a rolled-up period",               "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["analytics_live",   "select the open days",                     "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["analytics_post_days", "select your own post's views by day",   "denied",   "filtered", "allowed",  "allowed",  "allowed"],
  ["analytics_post_days", "select another user's post's views by day", "denied", "filtered", "filtered", "allowed", "allowed"],
  ["newsletter_subscribers", "select newsletter subscribers",       "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["newsletter_subscribers", "add a newsletter subscriber",         "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["newsletter_subscribers", "confirm a subscriber by writing the row", "denied", "denied",  "denied",   "denied",   "allowed"],
  ["newsletter_signing_key", "select the link signing key",         "denied",   "denied",   "denied",   "denied",   "denied"],
  ["newsletter_subscribe()", "sign up an address",                  "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["newsletter_confirm()", "confirm with a signed token",           "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["newsletter_erase()", "erase an address",                        "denied",   "denied",   "denied",   "allowed",  "denied"],
  ["newsletter_sends", "select a newsletter send and its batches",   "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["newsletter_suppress()", "record a bounce",                      "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["newsletter_events", "select webhook events",                    "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["analytics_conversions", "select conversions",                  "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["analytics_hits",   "select page views",                        "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["analytics_salts",  "select the salts",                         "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["analytics_record()", "record a page view",                     "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["analytics_rotate()", "run the rotation",                       "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["analytics_totals()", "read the totals",                        "denied",   "filtered", "filtered", "allowed",  "allowed"],
  ["analytics_own_post_views()", "read your own posts' views",   "denied",   "filtered", "allowed",  "allowed",  "filtered"],
  ["analytics_own_post_views()", "read another user's posts' views", "denied", "filtered", "filtered", "filtered", "filtered"],
  ["blog-images",      "read an image by its public URL",           "allowed",  "allowed",  "allowed",  "allowed",  "allowed"],
  ["blog-images",      "upload into your own folder",               "denied",   "denied",   "allowed",  "allowed",  "allowed"],
  ["blog-images",      "upload into another user's folder",         "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["blog-images",      "overwrite an image in your own folder",     "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["blog-images",      "delete an image in your own folder",        "filtered", "filtered", "allowed",  "allowed",  "allowed"],
  ["blog-images",      "delete an image in your own folder while not an author", "filtered", "filtered", "filtered", "allowed", "allowed"],
  ["blog-images",      "delete an image in another user's folder",  "filtered", "filtered", "filtered", "filtered", "allowed"],
  ["cv-uploads",       "upload a new CV",                           "allowed",  "allowed",  "allowed",  "allowed",  "allowed"],
  ["cv-uploads",       "upload a CV into a folder",                 "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["cv-uploads",       "download a CV",                             "denied",   "denied",   "denied",   "allowed",  "allowed"],
  ["cv-uploads",       "create a signed download URL for a CV",     "denied",   "denied",   "denied",   "allowed",  "allowed"],
  ["cv-uploads",       "overwrite a CV",                            "denied",   "denied",   "denied",   "allowed",  "allowed"],
  ["is_team_member()", "ask whether you are a team member",         "denied",   "allowed",  "allowed",  "allowed",  "allowed"],
  ["is_team_member()", "ask whether another user is a team member", "denied",   "denied",   "denied",   "allowed",  "allowed"],
  ["is_author()",      "ask whether another user is an author",     "denied",   "denied",   "denied",   "allowed",  "allowed"],
  ["cv-uploads",       "delete a CV",                               "filtered", "filtered", "filtered", "allowed",  "allowed"],
  ["post_revisions",   "select the author's post's revisions",     "denied",   "filtered", "allowed",  "allowed",  "allowed"],
  ["post_revisions",   "write a revision of the author's post",    "denied",   "denied",   "denied",   "denied",   "allowed"],
  ["post_preview_links", "select the author's draft's preview links", "denied",   "filtered", "allowed",  "allowed",  "allowed"],
  ["post_preview_links", "create a preview link for the author's draft", "denied", "denied",  "allowed",  "allowed",  "allowed"],
  ["post_preview_links", "create a preview link for the team member's draft", "denied", "denied", "denied", "allowed", "allowed"],
  ["post_preview_links", "create a preview link that lasts a year (expires_at)", "denied", "denied", "denied", "denied", "denied"],
  ["post_preview_links", "revoke the author's draft's preview links", "denied",   "filtered", "allowed",  "allowed",  "allowed"],
  ["post_preview_links", "open a revoked preview link again (revoked_at)", "denied", "filtered", "denied", "denied",  "allowed"],
  ["post_by_preview_token()", "read a draft by its preview token",       "allowed",  "allowed",  "allowed",  "allowed",  "allowed"],
  ["post_by_preview_token()", "read a draft by the preview link of an author since demoted", "filtered", "filtered", "filtered", "filtered", "filtered"],
  ["post_by_preview_token()", "read a draft by its token's stored hash", "filtered", "filtered", "filtered", "filtered", "filtered"],
  ["post_by_preview_token()", "read a draft by an expired or revoked preview token", "filtered", "filtered", "filtered", "filtered", "filtered"],
];

const ACTORS: Actor[] = ["anon", "reader", "author", "team", "service"];

const CASES = MATRIX.flatMap(([resource, operation, ...expected]) =>
  ACTORS.map((actor, index) => ({
    name: `${resource}: ${operation} as ${actor} is ${expected[index]}`,
    operation,
    actor,
    expected: expected[index] as Outcome,
  })),
);

async function updatePostOutcome(actor: Actor, authorId: string) {
  const id = await createPost(authorId);
  const title = unique("Updated title");
  const { error } = await clients[actor]
    .from("blog_posts")
    .update({ title })
    .eq("id", id);
  return outcomeOfWrite(error, (await postTitle(id)) === title);
}

/** Writes columns that are the database's on the author's post; "allowed" when they took. */
async function postColumnOutcome(
  actor: Actor,
  change: Partial<
    Record<
      "created_at" | "published" | "published_at" | "author_id" | "updated_at",
      unknown
    >
  >,
  postId?: string,
) {
  const id = postId ?? (await createPost(AUTHOR_ID));
  const columns = Object.keys(change).join(", ");
  const before = must(
    await service.from("blog_posts").select(columns).eq("id", id).single(),
  ) as unknown as Record<string, unknown>;
  const { error } = await clients[actor]
    .from("blog_posts")
    .update(change)
    .eq("id", id);
  const after = must(
    await service.from("blog_posts").select(columns).eq("id", id).single(),
  ) as unknown as Record<string, unknown>;
  return outcomeOfWrite(
    error,
    JSON.stringify(after) !== JSON.stringify(before),
  );
}

/**
 * Runs fn with the author's author status removed (for the author; everyone
 * else runs as they are: the reader never was one, a team member always is),
 * then gives it back.
 */
async function withoutAuthorStatus(actor: Actor, fn: () => Promise<Outcome>) {
  if (actor !== "author") return fn();
  must(
    await service
      .from("platform_users")
      .update({ is_author: false })
      .eq("id", AUTHOR_ID),
  );
  try {
    return await fn();
  } finally {
    must(
      await service
        .from("platform_users")
        .update({ is_author: true })
        .eq("id", AUTHOR_ID),
    );
  }
}

const tokenHash = (token: string) =>
  createHash("sha256").update(token, "utf8").digest("hex");

/** A draft of the author's with one open preview link, made by the service role. */
async function previewLinkFixture() {
  const postId = await createPost(AUTHOR_ID);
  must(
    await service
      .from("blog_posts")
      .update({ published_at: null })
      .eq("id", postId),
  );
  const token = randomUUID() + randomUUID();
  const link = must(
    await service
      .from("post_preview_links")
      .insert({
        post_id: postId,
        token_hash: tokenHash(token),
        created_by: AUTHOR_ID,
      })
      .select("id")
      .single(),
  ) as { id: string };
  return { postId, token, linkId: link.id };
}

async function linkRevokedAt(linkId: string) {
  const rows = must(
    await service
      .from("post_preview_links")
      .select("revoked_at")
      .eq("id", linkId),
  ) as { revoked_at: string | null }[];
  return rows[0]?.revoked_at ?? null;
}

async function createPreviewLinkOutcome(
  actor: Actor,
  authorId: string,
  extra: Record<string, unknown>,
) {
  const postId = await createPost(authorId);
  must(
    await service
      .from("blog_posts")
      .update({ published_at: null })
      .eq("id", postId),
  );
  const hash = tokenHash(randomUUID());
  const { error } = await clients[actor].from("post_preview_links").insert({
    post_id: postId,
    token_hash: hash,
    ...(actor === "service" ? { created_by: authorId } : {}),
    ...extra,
  });
  const rows = must(
    await service
      .from("post_preview_links")
      .select("id")
      .eq("token_hash", hash),
  ) as unknown[];
  return outcomeOfWrite(error, rows.length > 0);
}

/** An hour from now, as an ISO time: a scheduled post's. */
const IN_AN_HOUR = () => new Date(Date.now() + 3_600_000).toISOString();

/** Reads a post of `authorId`'s in a state: a draft (null) or scheduled (a time ahead). */
async function selectInStateOutcome(
  actor: Actor,
  authorId: string,
  publishedAt: string | null,
) {
  const id = await createPost(authorId);
  must(
    await service
      .from("blog_posts")
      .update({ published_at: publishedAt })
      .eq("id", id),
  );
  const { data, error } = await clients[actor]
    .from("blog_posts")
    .select("id")
    .eq("id", id);
  return outcomeOfRead(error, data);
}

/**
 * Moves the author's post, set up with publication `from` ("now": published,
 * null: a draft, a time ahead: scheduled), to `to`; "allowed" when it took.
 */
async function publicationChangeOutcome(
  actor: Actor,
  from: string | null,
  to: string | null,
) {
  const id = await createPost(AUTHOR_ID);
  if (from !== "now") {
    must(
      await service
        .from("blog_posts")
        .update({ published_at: from })
        .eq("id", id),
    );
  }
  return postColumnOutcome(actor, { published_at: to }, id);
}

async function selectUnpublishedOutcome(actor: Actor, authorId: string) {
  const id = await createPost(authorId);
  must(
    await service.from("blog_posts").update({ published: false }).eq("id", id),
  );
  const { data, error } = await clients[actor]
    .from("blog_posts")
    .select("id")
    .eq("id", id);
  return outcomeOfRead(error, data);
}

/**
 * Asks a role helper about `uid` through REST: "allowed" when it answered,
 * "denied" when it refused. Asked about the admin, it must say true.
 */
/** A day of the aggregates that only the matrix writes. */
const ANALYTICS_DAY = "2030-01-01";

async function seedSubscriber() {
  const email = `${randomUUID()}@rls.example`;
  must(
    await service
      .from("newsletter_subscribers")
      .insert({ email, consent_form: "rls", consent_wording: "rls" }),
  );
  return email;
}

async function subscriberStatus(email: string) {
  const rows = must(
    await service
      .from("newsletter_subscribers")
      .select("status")
      .eq("email", email),
  );
  return (rows as { status: string }[])[0]?.status ?? null;
}

async function seedDaily() {
  const value = unique("/rls-page");
  must(
    await service.from("analytics_rollups").insert({
      period: "day",
      start: ANALYTICS_DAY,
      dimension: "page",
      value,
      views: 3,
      visitors: 2,
    }),
  );
  return value;
}

async function dailyViews(value: string) {
  const rows = must(
    await service.from("analytics_rollups").select("views").eq("value", value),
  ) as { views: number }[];
  return rows[0]?.views ?? null;
}

/** A page view as the app server hands it over; the path it was counted under. */
async function recordView() {
  const path = unique("/rls-view");
  must(
    await service.rpc("analytics_record", {
      p_site: "rls.example",
      p_hits: [{ address: "192.0.2.1", user_agent: "rls", path }],
    }),
  );
  return path;
}

/**
 * A post by `authorId` viewed today, as the rollup counts it; "allowed" when
 * the caller's view of their posts' views includes it.
 */
async function ownPostViewsOutcome(actor: Actor, authorId: string) {
  const id = await seedPostDay(authorId);
  const { data, error } = await clients[actor].rpc("analytics_own_post_views");
  return outcomeOfRead(
    error,
    ((data ?? []) as { post_id: string }[]).filter((row) => row.post_id === id),
  );
}

/** A post by `authorId` with today's views. */
async function seedPostDay(authorId: string) {
  const id = await createPost(authorId);
  must(
    await service.from("analytics_post_days").insert({
      post_id: id,
      day: new Date().toISOString().slice(0, 10),
      views: 3,
      visitors: 2,
    }),
  );
  return id;
}

async function postDaysOutcome(actor: Actor, authorId: string) {
  const id = await seedPostDay(authorId);
  const { data, error } = await clients[actor]
    .from("analytics_post_days")
    .select("views")
    .eq("post_id", id);
  return outcomeOfRead(error, data);
}

async function roleQuestionOutcome(
  actor: Actor,
  fn: "is_team_member" | "is_author",
  uid: string,
) {
  const { data, error } = await clients[actor].rpc(fn, { uid });
  if (error) return "denied";
  if (uid === ADMIN_ID && data !== true)
    throw new Error(`${fn} answered ${String(data)} about the admin`);
  return "allowed";
}

async function deletePostOutcome(actor: Actor, authorId: string) {
  const id = await createPost(authorId);
  const { error } = await clients[actor]
    .from("blog_posts")
    .delete()
    .eq("id", id);
  return outcomeOfWrite(error, !(await postExists(id)));
}

async function savePostEditOutcome(actor: Actor, authorId: string) {
  const id = await createPost(authorId);
  const title = unique("Edited with save_post");
  const { error } = await clients[actor].rpc("save_post", {
    p_id: id,
    p_post: {
      title: title,
      content: "<p>Edited</p>",
      excerpt: null,
      cover_image_url: null,
    },
    p_tags: [],
  });
  return outcomeOfWrite(error, (await postTitle(id)) === title);
}

/** A post of the author's, a draft or published, autosaved from its current version. */
async function autosaveOutcome(
  actor: Actor,
  authorId: string,
  { draft }: { draft: boolean },
) {
  const id = await createPost(authorId);
  if (draft) {
    must(
      await service
        .from("blog_posts")
        .update({ published_at: null })
        .eq("id", id),
    );
  }
  const title = unique("Autosaved");
  const { error } = await clients[actor].rpc("autosave_post", {
    p_id: id,
    p_base: await postUpdatedAt(id),
    p_post: { title, content: "<p>Autosaved</p>" },
    p_tags: [],
  });
  return outcomeOfWrite(error, (await postTitle(id)) === title);
}

async function postUpdatedAt(id: string) {
  const row = must(
    await service.from("blog_posts").select("updated_at").eq("id", id).single(),
  ) as { updated_at: string };
  return row.updated_at;
}

async function linkOutcome(actor: Actor, authorId: string) {
  const postId = await createPost(authorId);
  const tag = await createTag();
  return insertOutcome(
    actor,
    "post_tags",
    { post_id: postId, tag_id: tag.id },
    () => linkExists(postId, tag.id),
  );
}

async function unlinkOutcome(actor: Actor, authorId: string) {
  const postId = await createPost(authorId);
  const tag = await createTag();
  must(
    await service.from("post_tags").insert({ post_id: postId, tag_id: tag.id }),
  );
  const { error } = await clients[actor]
    .from("post_tags")
    .delete()
    .eq("post_id", postId)
    .eq("tag_id", tag.id);
  return outcomeOfWrite(error, !(await linkExists(postId, tag.id)));
}

function contactMessage() {
  return {
    name: "Matrix Sender",
    email: "sender@example.com",
    message: unique("Please tell me more"),
    company: "",
    source: "contact-page",
  };
}

function openJob() {
  return {
    title: unique("Fixture job"),
    description: "A fixture.",
    location: "London",
    duration: "Permanent",
    employment_type: "Full-time",
    about: "A fixture job.",
    location_type: "on-site",
    office_locality: "London",
    office_country: "GB",
    published: true,
  };
}

async function createJob(row: Record<string, unknown>) {
  return (
    must(await service.from("jobs").insert(row).select("id").single()) as {
      id: number;
    }
  ).id;
}

async function selectJobOutcome(actor: Actor, row: Record<string, unknown>) {
  const id = await createJob(row);
  const { data, error } = await clients[actor]
    .from("jobs")
    .select("id")
    .eq("id", id);
  return outcomeOfRead(error, data);
}

function jobApplication() {
  return {
    job_id: "2",
    job_title: "Founding Engineer",
    name: "Matrix Applicant",
    email: "applicant@example.com",
    comment: unique("Hello"),
    cv_file_name: "cv.pdf",
    cv_path: cvName(),
  };
}

async function createSubmission(table: string, row: Record<string, unknown>) {
  return (
    must(await service.from(table).insert(row).select("id").single()) as {
      id: string;
    }
  ).id;
}

async function submissionRows(table: string, id: string) {
  return must(await service.from(table).select("*").eq("id", id)) as Record<
    string,
    unknown
  >[];
}

async function selectSubmissionOutcome(
  actor: Actor,
  table: string,
  row: Record<string, unknown>,
) {
  const id = await createSubmission(table, row);
  const { data, error } = await clients[actor]
    .from(table)
    .select("id")
    .eq("id", id);
  return outcomeOfRead(error, data);
}

async function insertSubmissionOutcome(
  actor: Actor,
  table: string,
  row: Record<string, unknown>,
) {
  const id = randomUUID();
  return insertOutcome(
    actor,
    table,
    { ...row, id },
    async () => (await submissionRows(table, id)).length > 0,
  );
}

async function updateSubmissionOutcome(
  actor: Actor,
  table: string,
  row: Record<string, unknown>,
) {
  const id = await createSubmission(table, row);
  const { error } = await clients[actor]
    .from(table)
    .update({ email: "changed@example.com" })
    .eq("id", id);
  return outcomeOfWrite(
    error,
    (await submissionRows(table, id))[0]?.email === "changed@example.com",
  );
}

/** Sets status to handled; "allowed" when it took and the database stamped handled_at. */
async function markHandledOutcome(
  actor: Actor,
  table: string,
  row: Record<string, unknown>,
) {
  const id = await createSubmission(table, row);
  const { error } = await clients[actor]
    .from(table)
    .update({ status: "handled" })
    .eq("id", id);
  const after = (await submissionRows(table, id))[0];
  const changed = after?.status === "handled";
  if (changed && typeof after?.handled_at !== "string")
    throw new Error("a handled submission has no handled_at");
  return outcomeOfWrite(error, changed);
}

/** handled_at is the database's: nobody but the service role writes it. */
async function handledAtOutcome(
  actor: Actor,
  table: string,
  row: Record<string, unknown>,
) {
  const id = await createSubmission(table, row);
  const { error } = await clients[actor]
    .from(table)
    .update({ handled_at: "2001-01-01T00:00:00+00:00" })
    .eq("id", id);
  return outcomeOfWrite(
    error,
    (await submissionRows(table, id))[0]?.handled_at !== null,
  );
}

async function deleteSubmissionOutcome(
  actor: Actor,
  table: string,
  row: Record<string, unknown>,
) {
  const id = await createSubmission(table, row);
  const { error } = await clients[actor].from(table).delete().eq("id", id);
  return outcomeOfWrite(error, (await submissionRows(table, id)).length === 0);
}

function client(key: string) {
  return createClient(server.url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
  });
}

async function signedIn(email: string) {
  const supabase = client(server.publishableKey);
  const { error } = await supabase.auth.signInWithPassword({
    email,
    password: DEMO_PASSWORD,
  });
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
  return supabase;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "rls-matrix-"));
  server = await startLocalSupabase({ port: 0, dataDir, reset: true });
  service = client(server.secretKey);
  clients = {
    anon: client(server.publishableKey),
    reader: await signedIn(ACCOUNTS.reader.email),
    author: await signedIn(ACCOUNTS.author.email),
    team: await signedIn(ACCOUNTS.team.email),
    service,
  };
  const { data, error } = await service.auth.admin.createUser({
    email: "spare@example.com",
    password: randomUUID(),
    email_confirm: true,
  });
  if (error || !data.user)
    throw new Error(`creating the spare user failed: ${error?.message}`);
  spareId = data.user.id;
  must(
    await service.from("platform_users").insert({
      id: spareId,
      email: "spare@example.com",
      username: "Spare User",
      is_author: false,
    }),
  );
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("row-level security matrix", () => {
  // Uploads are capped while many CVs are unclaimed: each case starts with none.
  afterEach(async () => {
    const { data } = await service.storage
      .from("cv-uploads")
      .list("", { limit: 1000 });
    const names = (data ?? []).map((object) => object.name);
    if (names.length) await service.storage.from("cv-uploads").remove(names);
  });

  test.each(CASES)("$name", async ({ operation, actor, expected }) => {
    expect(await scenarios[operation](actor)).toBe(expected);
  });
});

describe("save_post", () => {
  test("trims, de-duplicates and drops blank tag names, creating missing tags by exact name", async () => {
    const newTag = unique("Fresh Tag");
    const { data, error } = await clients.author.rpc("save_post", {
      p_id: null,
      p_post: {
        title: "  Tag handling  ",
        content: "<p>Body</p>",
        excerpt: "   ",
        cover_image_url: "",
      },
      p_tags: [` ${newTag} `, newTag, "", "   ", "Blueprints"],
    });
    expect(error).toBeNull();
    const post = data as {
      id: string;
      title: string;
      excerpt: string | null;
      cover_image_url: string | null;
    };
    expect(post).toMatchObject({
      title: "Tag handling",
      excerpt: null,
      cover_image_url: null,
    });
    const links = must(
      await service
        .from("post_tags")
        .select("tags(name)")
        .eq("post_id", post.id),
    ) as unknown as { tags: { name: string } }[];
    expect(links.map((link) => link.tags.name).sort()).toEqual(
      ["Blueprints", newTag].sort(),
    );
    const blueprints = must(
      await service.from("tags").select("id").eq("name", "Blueprints"),
    ) as unknown[];
    expect(blueprints).toHaveLength(1);
  });

  test("replaces the tag links and sets updated_at on edit", async () => {
    const id = await createPost(AUTHOR_ID);
    const old = await createTag();
    must(
      await service.from("post_tags").insert({ post_id: id, tag_id: old.id }),
    );
    const before = must(
      await service
        .from("blog_posts")
        .select("updated_at")
        .eq("id", id)
        .single(),
    ) as {
      updated_at: string;
    };
    const { error } = await clients.author.rpc("save_post", {
      p_id: id,
      p_post: {
        title: "Edited",
        content: "<p>Edited</p>",
        excerpt: "Short",
        cover_image_url: "/blog/cover-kpi.svg",
      },
      p_tags: ["Analytics"],
    });
    expect(error).toBeNull();
    const after = must(
      await service
        .from("blog_posts")
        .select("updated_at, post_tags(tags(name))")
        .eq("id", id)
        .single(),
    ) as unknown as {
      updated_at: string;
      post_tags: { tags: { name: string } }[];
    };
    expect(after.post_tags.map((link) => link.tags.name)).toEqual([
      "Analytics",
    ]);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(
      Date.parse(before.updated_at),
    );
  });

  test("names the reason when a post is missing or may not be edited", async () => {
    const missing = await clients.author.rpc("save_post", {
      p_id: randomUUID(),
      p_post: {
        title: "t",
        content: "c",
        excerpt: null,
        cover_image_url: null,
      },
      p_tags: [],
    });
    expect(missing.error).toMatchObject({
      code: "P0002",
      message: "Blog post not found.",
    });
    const forbidden = await clients.author.rpc("save_post", {
      p_id: await createPost(ADMIN_ID),
      p_post: {
        title: "t",
        content: "c",
        excerpt: null,
        cover_image_url: null,
      },
      p_tags: [],
    });
    expect(forbidden.error).toMatchObject({
      code: "42501",
      message: "You are not allowed to edit this post.",
    });
  });

  test("gives a team member without a platform_users row one when they publish", async () => {
    const saved = must(
      await service
        .from("platform_users")
        .select("*")
        .eq("id", ADMIN_ID)
        .single(),
    );
    must(await service.from("platform_users").delete().eq("id", ADMIN_ID));
    try {
      const { error } = await clients.team.rpc("save_post", {
        p_id: null,
        p_post: {
          title: unique("Team post"),
          content: "<p>Body</p>",
          excerpt: null,
          cover_image_url: null,
        },
        p_tags: [],
      });
      expect(error).toBeNull();
      const row = must(
        await service
          .from("platform_users")
          .select("email, username, is_author")
          .eq("id", ADMIN_ID)
          .single(),
      );
      expect(row).toEqual({
        email: "admin@example.com",
        username: "",
        is_author: true,
      });
    } finally {
      must(await service.from("platform_users").upsert(saved));
    }
  });
});

describe("autosave_post", () => {
  async function autosaveDraft() {
    const saved = await clients.author.rpc("autosave_post", {
      p_id: null,
      p_base: null,
      p_post: { title: unique("Autosaved draft"), content: "<p>One</p>" },
      p_tags: [],
    });
    expect(saved.error).toBeNull();
    return saved.data as { id: string; updated_at: string };
  }

  async function revisionsOf(id: string) {
    return must(
      await service
        .from("post_revisions")
        .select("autosave, post")
        .eq("post_id", id)
        .order("saved_at", { ascending: true }),
    ) as { autosave: boolean; post: { content: string } }[];
  }

  test("creates a draft, and each autosave replaces the previous autosave revision", async () => {
    const created = await autosaveDraft();
    expect(
      must(
        await service
          .from("blog_posts")
          .select("published_at")
          .eq("id", created.id)
          .single(),
      ),
    ).toEqual({ published_at: null });
    const explicit = await clients.author.rpc("save_post", {
      p_id: created.id,
      p_post: { title: "Explicit", content: "<p>Two</p>" },
      p_tags: [],
    });
    expect(explicit.error).toBeNull();
    let base = (explicit.data as { updated_at: string }).updated_at;
    for (const content of ["<p>Three</p>", "<p>Four</p>"]) {
      const again = await clients.author.rpc("autosave_post", {
        p_id: created.id,
        p_base: base,
        p_post: { title: "Explicit", content, published_at: "now" },
        p_tags: [],
      });
      expect(again.error).toBeNull();
      base = (again.data as { updated_at: string }).updated_at;
    }
    const revisions = await revisionsOf(created.id);
    expect(
      revisions.map((revision) => [revision.autosave, revision.post.content]),
    ).toEqual([
      [false, "<p>Two</p>"],
      [true, "<p>Four</p>"],
    ]);
    expect(
      must(
        await service
          .from("blog_posts")
          .select("published_at")
          .eq("id", created.id)
          .single(),
      ),
    ).toEqual({ published_at: null });
  });

  test("refuses a version someone saved over, writing nothing", async () => {
    const created = await autosaveDraft();
    const other = await clients.team.rpc("save_post", {
      p_id: created.id,
      p_post: { title: "Theirs", content: "<p>Theirs</p>" },
      p_tags: [],
    });
    expect(other.error).toBeNull();
    const stale = await clients.author.rpc("autosave_post", {
      p_id: created.id,
      p_base: created.updated_at,
      p_post: { title: "Mine", content: "<p>Mine</p>" },
      p_tags: [],
    });
    expect(stale.error?.code).toBe("40001");
    expect(await postTitle(created.id)).toBe("Theirs");
  });
});
