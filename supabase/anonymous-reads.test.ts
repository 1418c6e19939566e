// Nothing unpublished is public, swept over every relation rather than the
// ones we thought of: with a draft, a scheduled post, their tag, a closed-off
// job and a card in Storage seeded under one marker, every table and view
// the anonymous role may select from (public and storage schemas, as
// PostgREST and Storage read them), and the search, show no row carrying
// the marker. A new table, view or policy that lets one through fails here
// by name. Each test rolls back.
import { expect, test } from "vitest";
import type { Transaction } from "./local/database.ts";
import { DEMO_ACCOUNTS } from "./local/demo-accounts.ts";
import { seededDatabase } from "./local/test-support.ts";

const AUTHOR = DEMO_ACCOUNTS.author.id;
const MARKER = "zqxunpublished";

const { rolledBack } = seededDatabase("anonymous-reads-test");

/** Seeds the unpublished rows; the posts' ids, which rows about them (tags, HTML, Storage) carry. */
async function seedUnpublished(tx: Transaction) {
  const { rows } = await tx.query<{ id: string }>(
    `insert into public.blog_posts (title, excerpt, content, author_id, published, published_at)
     values ($1, $1, '<p>' || $1 || '</p>', $2, false, null),
            ($1 || ' scheduled', $1, '<p>' || $1 || '</p>', $2, true, now() + interval '1 day')
     returning id`,
    [MARKER, AUTHOR],
  );
  const { rows: tags } = await tx.query<{ id: string }>(
    "insert into public.tags (name) values ($1) returning id",
    [`${MARKER}-tag`],
  );
  for (const { id } of rows) {
    await tx.query(
      "insert into public.post_tags (post_id, tag_id) values ($1, $2)",
      [id, tags[0]!.id],
    );
    await tx.query(
      "insert into public.post_html (post_id, html, sanitizer_version, content_md5) values ($1, $2, 1, md5($2)) on conflict do nothing",
      [id, `<p>${MARKER}</p>`],
    );
    await tx.query(
      `update public.blog_posts set social_image_url = 'http://x/storage/v1/object/public/social-cards/' || $2 || '/' || id || '-0123456789abcdef.png' where id = $1`,
      [id, AUTHOR],
    );
    await tx.query(
      `insert into storage.objects (bucket_id, name, owner_id, metadata)
       values ('social-cards', $1 || '/' || $2 || '-0123456789abcdef.png', $1, '{}'::jsonb)`,
      [AUTHOR, id],
    );
  }
  await tx.query(
    `insert into public.jobs
     select (jsonb_populate_record(null::public.jobs, to_jsonb(j)
       || jsonb_build_object('id', 999999, 'title', $1::text, 'published', false))).*
     from public.jobs j where j.id = 1`,
    [MARKER],
  );
  return rows.map(({ id }) => id);
}

/** Each relation anonymous callers may select from, with its rows that carry the marker. */
async function anonymousFindings(tx: Transaction, postIds: string[]) {
  const { rows: relations } = await tx.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'storage')
       and c.relkind in ('r', 'v', 'm', 'p')
       and has_table_privilege('anon', c.oid, 'select')
     order by 1`,
  );
  await tx.query(
    `select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`,
  );
  const found: Record<string, number> = {};
  for (const { name } of relations) {
    await tx.query("savepoint relation");
    try {
      const { rows } = await tx.query<{ count: number }>(
        `select count(*)::int as count from ${name} t
         where t::text ilike any ($1::text[])`,
        [[MARKER, ...postIds].map((text) => `%${text}%`)],
      );
      if (rows[0]!.count > 0) found[name] = rows[0]!.count;
      await tx.query("release savepoint relation");
    } catch (error) {
      await tx.query("rollback to savepoint relation");
      found[name] = -1;
      console.error(name, (error as Error).message);
    }
  }
  return { relations: relations.map(({ name }) => name), found };
}

test("no table or view the anonymous role reads shows a draft, a scheduled post, their tag, their title card or an unpublished job", async () => {
  await rolledBack(async (tx) => {
    const postIds = await seedUnpublished(tx);
    const { relations, found } = await anonymousFindings(tx, postIds);
    // The sweep reads what matters: posts, their HTML, tags, jobs, Storage.
    for (const name of [
      "public.blog_posts",
      "public.post_html",
      "public.tags",
      "public.jobs",
      "storage.objects",
    ]) {
      expect(relations).toContain(name);
    }
    expect(found).toEqual({});
    const { rows } = await tx.query<{ total: number }>(
      "select (public.search_posts($1) ->> 'total')::int as total",
      [MARKER],
    );
    expect(rows[0]!.total).toBe(0);
  });
});

test("the sweep sees a row the anonymous role may read: the same seed, published", async () => {
  await rolledBack(async (tx) => {
    const postIds = await seedUnpublished(tx);
    await tx.query(
      "update public.blog_posts set published_at = now() where title = $1",
      [MARKER],
    );
    const { found } = await anonymousFindings(tx, postIds);
    expect(found["public.blog_posts"]).toBe(1);
    expect(found["public.post_html"]).toBe(1);
    expect(found["public.tags"]).toBe(1);
    expect(found["storage.objects"]).toBe(1);
  });
});
