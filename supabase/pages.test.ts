// The pages the team edits, in the database (docs/decisions/236): visitors
// read only what is published by the database's clock, only admins and
// editors write, nobody rewrites a version, Postgres refuses a shape its type
// does not have, a save based on an older version writes nothing, and a
// preview link opens a draft to whoever holds it. Each test runs as its
// caller inside one transaction the way PostgREST does, and rolls back.
import { expect, test } from "vitest";
import { HOME_SEED } from "#app/content/home.ts";
import type { Transaction } from "./local/database.ts";
import { DEMO_ACCOUNTS } from "./local/demo-accounts.ts";
import { seededDatabase } from "./local/test-support.ts";

const ADMIN = DEMO_ACCOUNTS.admin.id;
const AUTHOR = DEMO_ACCOUNTS.author.id;
const READER = DEMO_ACCOUNTS.reader.id;

const { rolledBack } = seededDatabase("pages-test");

function as(tx: Transaction, userId: string | null) {
  return tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
    userId === null
      ? ["anon", JSON.stringify({ role: "anon" })]
      : [
          "authenticated",
          JSON.stringify({ sub: userId, role: "authenticated" }),
        ],
  );
}

function withHeadline(headline: string) {
  return JSON.stringify({
    ...HOME_SEED,
    hero: { ...HOME_SEED.hero, headline },
  });
}

/** A draft, a version scheduled a day ahead, and the newest id. */
async function draftAndScheduled(tx: Transaction) {
  await tx.query(
    `insert into public.page_versions (page_key, content, published_at, created_by)
     values ('home', $1, null, $3), ('home', $2, now() + interval '1 day', $3)`,
    [withHeadline("A draft"), withHeadline("Tomorrow"), ADMIN],
  );
  const { rows } = await tx.query<{ id: string }>(
    "select max(id)::text as id from public.page_versions where page_key = 'home'",
  );
  return Number(rows[0]!.id);
}

async function headlines(tx: Transaction) {
  const { rows } = await tx.query<{ headline: string }>(
    "select content->'hero'->>'headline' as headline from public.page_versions where page_key = 'home' order by id",
  );
  return rows.map((row) => row.headline);
}

test("visitors and users without the capability read the published versions only", async () => {
  for (const caller of [null, READER, AUTHOR]) {
    await rolledBack(async (tx) => {
      await draftAndScheduled(tx);
      await as(tx, caller);
      expect(await headlines(tx)).toEqual([HOME_SEED.hero.headline]);
      const { rows } = await tx.query<{ at: string | null }>(
        "select public.page_next_publication('home') as at",
      );
      expect(rows[0]!.at).not.toBeNull();
    });
  }
});

test("an admin reads every version; a reader and an author may not add one", async () => {
  await rolledBack(async (tx) => {
    await draftAndScheduled(tx);
    await as(tx, ADMIN);
    expect(await headlines(tx)).toEqual([
      HOME_SEED.hero.headline,
      "A draft",
      "Tomorrow",
    ]);
  });
  for (const caller of [READER, AUTHOR]) {
    await rolledBack(async (tx) => {
      await as(tx, caller);
      await expect(
        tx.query(
          "insert into public.page_versions (page_key, content) values ('home', $1)",
          [withHeadline("Mine")],
        ),
      ).rejects.toThrow(/row-level security/);
    });
  }
});

test("an editor adds versions as themselves, and nobody rewrites or deletes one", async () => {
  await rolledBack(async (tx) => {
    await tx.query(
      "insert into public.team_members (id, role) values ($1, 'editor') on conflict (id) do update set role = 'editor'",
      [READER],
    );
    await as(tx, READER);
    const { rows } = await tx.query<{ created_by: string }>(
      "insert into public.page_versions (page_key, content) values ('home', $1) returning created_by",
      [withHeadline("By an editor")],
    );
    expect(rows[0]!.created_by).toBe(READER);
    await tx.query("savepoint before_update");
    await expect(
      tx.query(
        "update public.page_versions set content = content where page_key = 'home'",
      ),
    ).rejects.toThrow(/permission denied/);
    await tx.query("rollback to savepoint before_update");
    await expect(
      tx.query("delete from public.page_versions where page_key = 'home'"),
    ).rejects.toThrow(/permission denied/);
  });
});

test("Postgres refuses content whose sections are not its type's, and an unknown page", async () => {
  for (const [key, content] of [
    ["home", JSON.stringify({ ...HOME_SEED, extra: {} })],
    ["home", JSON.stringify({ ...HOME_SEED, hero: "a string" })],
    ["nowhere", JSON.stringify(HOME_SEED)],
  ]) {
    await rolledBack(async (tx) => {
      await expect(
        tx.query(
          "insert into public.page_versions (page_key, content) values ($1, $2)",
          [key, content],
        ),
      ).rejects.toThrow(/page_versions_shape/);
    });
  }
});

test("a save based on an older version writes nothing; one based on the newest publishes at the database's now", async () => {
  await rolledBack(async (tx) => {
    const newest = await draftAndScheduled(tx);
    await as(tx, ADMIN);
    const stale = await tx.query<{ id: string | null }>(
      "select public.save_page_version('home', $1, $2, true) as id",
      [withHeadline("Stale"), newest - 1],
    );
    expect(stale.rows[0]!.id).toBeNull();
    const saved = await tx.query<{ id: string | null }>(
      "select public.save_page_version('home', $1, $2, true) as id",
      [withHeadline("Now"), newest],
    );
    expect(saved.rows[0]!.id).not.toBeNull();
    const { rows } = await tx.query<{ published: boolean; by: string }>(
      "select published_at <= now() as published, created_by as by from public.page_versions where id = $1",
      [saved.rows[0]!.id],
    );
    expect(rows[0]).toEqual({ published: true, by: ADMIN });
  });
});

test("a preview link opens its draft signed out, and nothing once expired", async () => {
  await rolledBack(async (tx) => {
    await draftAndScheduled(tx);
    const { rows } = await tx.query<{ id: string }>(
      "select id from public.page_versions where content->'hero'->>'headline' = 'A draft'",
    );
    await tx.query(
      `insert into public.page_preview_links (version_id, token_hash, created_by)
       values ($1, encode(sha256('open-sesame'::bytea), 'hex'), $2),
              ($1, encode(sha256('too-late'::bytea), 'hex'), $2)`,
      [rows[0]!.id, ADMIN],
    );
    await tx.query(
      "update public.page_preview_links set created_at = now() - interval '8 days', expires_at = now() - interval '1 day' where token_hash = encode(sha256('too-late'::bytea), 'hex')",
    );
    await as(tx, null);
    const open = await tx.query<{ page: { content: typeof HOME_SEED } | null }>(
      "select public.page_by_preview_token('open-sesame') as page",
    );
    expect(open.rows[0]!.page?.content.hero.headline).toBe("A draft");
    const late = await tx.query<{ page: unknown }>(
      "select public.page_by_preview_token('too-late') as page",
    );
    expect(late.rows[0]!.page).toBeNull();
    await expect(
      tx.query("select 1 from public.page_preview_links"),
    ).rejects.toThrow(/permission denied/);
  });
});
