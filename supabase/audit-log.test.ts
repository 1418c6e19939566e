// The audit log is written by the database (docs/decisions/196): each
// change below, made as a signed-in caller the way PostgREST runs a
// request, leaves its entry with who, what and which object, in the same
// transaction; no API role may change or delete an entry, and the schedule's
// function deletes only entries past two years. Each test rolls back.
import { expect, test } from "vitest";
import type { Transaction } from "./local/database.ts";
import { DEMO_ACCOUNTS } from "./local/demo-accounts.ts";
import { seededDatabase } from "./local/test-support.ts";

const ADMIN = DEMO_ACCOUNTS.admin.id;
const AUTHOR = DEMO_ACCOUNTS.author.id;
const READER = DEMO_ACCOUNTS.reader.id;

const { rolledBack } = seededDatabase("audit-log-test");

async function as(
  tx: Transaction,
  userId: string | null,
  role = "authenticated",
) {
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
    [role, JSON.stringify(userId ? { sub: userId, role } : { role })],
  );
}

async function entriesSince(tx: Transaction, since: number) {
  await tx.query("reset role");
  const { rows } = await tx.query<{
    actor_id: string | null;
    kind: string;
    object_type: string;
    object_id: string;
    summary: string;
  }>(
    "select actor_id, kind, object_type, object_id, summary from public.audit_log where id > $1 order by id",
    [since],
  );
  return rows;
}

async function lastId(tx: Transaction) {
  const { rows } = await tx.query<{ id: number }>(
    "select coalesce(max(id), 0)::int as id from public.audit_log",
  );
  return rows[0]!.id;
}

test("a schedule, an unpublish, a publish and a delete of a post are each recorded with who did them", async () => {
  await rolledBack(async (tx) => {
    const since = await lastId(tx);
    await as(tx, AUTHOR);
    const { rows } = await tx.query<{ id: string }>(
      "insert into public.blog_posts (title, content, author_id, published) values ('Audited', '<p>x</p>', $1, false) returning id",
      [AUTHOR],
    );
    const id = rows[0]!.id;
    // A published post stays published; a scheduled one may go back to draft.
    await tx.query(
      "update public.blog_posts set published_at = now() + interval '1 day' where id = $1",
      [id],
    );
    await tx.query(
      "update public.blog_posts set published_at = null where id = $1",
      [id],
    );
    await tx.query(
      "update public.blog_posts set published_at = now() where id = $1",
      [id],
    );
    await tx.query(
      "update public.blog_posts set title = 'Renamed' where id = $1",
      [id],
    );
    await tx.query("delete from public.blog_posts where id = $1", [id]);
    const entries = await entriesSince(tx, since);
    expect(entries.map((entry) => entry.kind)).toEqual([
      "post.schedule",
      "post.unpublish",
      "post.publish",
      "post.delete",
    ]);
    expect(new Set(entries.map((entry) => entry.actor_id))).toEqual(
      new Set([AUTHOR]),
    );
    expect(new Set(entries.map((entry) => entry.object_id))).toEqual(
      new Set([id]),
    );
    expect(entries[2]!.summary).toBe('"Audited"');
  });
});

test("role changes, author status, a deleted message, a settings change and a newsletter send are recorded", async () => {
  await rolledBack(async (tx) => {
    const { rows: messages } = await tx.query<{ id: string }>(
      "insert into public.contact_messages (name, email, message) values ('Casey', 'casey@example.com', 'Hello there') returning id",
    );
    const { rows: posts } = await tx.query<{ id: string }>(
      "select id from public.blog_posts where published limit 1",
    );
    const since = await lastId(tx);
    await as(tx, ADMIN);
    await tx.query(
      "insert into public.team_members (id, role) values ($1, 'editor')",
      [READER],
    );
    await tx.query(
      "update public.team_members set role = 'hiring' where id = $1",
      [READER],
    );
    await tx.query("delete from public.team_members where id = $1", [READER]);
    await tx.query(
      "update public.platform_users set is_author = false where id = $1",
      [AUTHOR],
    );
    await tx.query("delete from public.contact_messages where id = $1", [
      messages[0]!.id,
    ]);
    await as(tx, null, "service_role");
    await tx.query(
      "update public.retention_periods set keep_for = interval '3 months' where kind = 'message'",
    );
    await tx.query(
      "insert into public.newsletter_sends (post_id, subject, html, text, site_url, recipients) values ($1, 'Issue one', '<p>x</p>', 'x', 'https://example.com', 0)",
      [posts[0]!.id],
    );
    const entries = await entriesSince(tx, since);
    expect(
      entries.map((entry) => [entry.kind, entry.actor_id, entry.object_type]),
    ).toEqual([
      ["role.grant", ADMIN, "person"],
      ["role.change", ADMIN, "person"],
      ["role.remove", ADMIN, "person"],
      ["role.remove", ADMIN, "person"],
      ["submission.delete", ADMIN, "message"],
      ["settings.change", null, "retention"],
      ["newsletter.send", null, "post"],
    ]);
    expect(entries[1]!.summary).toBe(
      "reader@example.com (Riley Reader): editor to hiring",
    );
    expect(entries[3]!.summary).toBe(
      "author@example.com (Ada Author) is no longer an author",
    );
    expect(entries[4]!.summary).toBe("Message from Casey");
  });
});

test("admins read the log; nobody else does, and no API role changes or deletes an entry", async () => {
  for (const [userId, sees] of [
    [ADMIN, true],
    [AUTHOR, false],
  ] as const) {
    await rolledBack(async (tx) => {
      await as(tx, userId);
      const { rows } = await tx.query<{ n: number }>(
        "select count(*)::int as n from public.audit_log",
      );
      expect(rows[0]!.n > 0).toBe(sees);
    });
  }
  for (const [userId, role] of [
    [ADMIN, "authenticated"],
    [null, "service_role"],
    [null, "anon"],
  ] as const) {
    for (const statement of [
      "update public.audit_log set summary = 'changed'",
      "delete from public.audit_log",
      "insert into public.audit_log (kind, object_type, summary) values ('post.publish', 'post', 'forged')",
      "truncate public.audit_log",
    ]) {
      await rolledBack(async (tx) => {
        await as(tx, userId, role);
        await expect(
          tx.query(statement),
          `${role}: ${statement}`,
        ).rejects.toThrow(/permission denied/);
      });
    }
  }
});

test("the schedule's function deletes entries past two years and keeps the rest", async () => {
  await rolledBack(async (tx) => {
    await tx.query(
      "insert into public.audit_log (at, kind, object_type, summary) values (now() - interval '2 years 1 day', 'post.publish', 'post', 'old'), (now() - interval '2 years' + interval '1 day', 'post.publish', 'post', 'kept')",
    );
    const { rows } = await tx.query<{ deleted: number }>(
      "select private.delete_expired_audit_entries() as deleted",
    );
    expect(rows[0]!.deleted).toBe(1);
    const { rows: left } = await tx.query<{ summary: string }>(
      "select summary from public.audit_log where summary in ('old', 'kept')",
    );
    expect(left).toEqual([{ summary: "kept" }]);
    await as(tx, null, "service_role");
    await expect(
      tx.query("select private.delete_expired_audit_entries()"),
    ).rejects.toThrow(/permission denied/);
  });
});
