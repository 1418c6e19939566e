// Invitations and sign-ins in the database (docs/decisions/230, 231): who
// may invite, one pending invitation per address, acceptance by the
// invited account alone, and each step, sign-ins and failed sign-ins in the
// audit log in the same transaction. Each test rolls back.
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import type { Transaction } from "./local/database.ts";
import { DEMO_ACCOUNTS } from "./local/demo-accounts.ts";
import { seededDatabase } from "./local/test-support.ts";

const ADMIN = DEMO_ACCOUNTS.admin.id;
const READER = DEMO_ACCOUNTS.reader.id;

const { rolledBack } = seededDatabase("invitations-test");

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

async function lastId(tx: Transaction) {
  const { rows } = await tx.query<{ id: number }>(
    "select coalesce(max(id), 0)::int as id from public.audit_log",
  );
  return rows[0]!.id;
}

async function entriesSince(tx: Transaction, since: number) {
  await tx.query("reset role");
  const { rows } = await tx.query<{
    actor_id: string | null;
    kind: string;
    object_id: string | null;
    summary: string;
  }>(
    "select actor_id, kind, object_id, summary from public.audit_log where id > $1 order by id",
    [since],
  );
  return rows;
}

/** An account as Supabase Auth's invite makes it: an address, no password. */
async function invitedAccount(tx: Transaction, email: string) {
  const id = randomUUID();
  await tx.query("reset role");
  await tx.query(
    "insert into auth.users (id, aud, role, email, invited_at) values ($1, 'authenticated', 'authenticated', $2, now())",
    [id, email],
  );
  return id;
}

async function invite(tx: Transaction, email: string, role = "editor") {
  const { rows } = await tx.query<{ id: string }>(
    "insert into public.invitations (email, role) values ($1, $2) returning id",
    [email, role],
  );
  return rows[0]!.id;
}

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    return error as { code?: string; hint?: string };
  }
  throw new Error("expected the database to refuse");
}

test("only the people capability invites; one pending invitation per address, none for a team member", async () => {
  await rolledBack(async (tx) => {
    await tx.query(
      "insert into public.team_members (id, role) values ($1, 'editor')",
      [READER],
    );
    await as(tx, READER);
    await tx.query("savepoint editor");
    expect(await refusal(invite(tx, "new@example.com"))).toMatchObject({
      code: "42501",
    });
    await tx.query("rollback to savepoint editor");
    await as(tx, ADMIN);
    const first = await invite(tx, "new@example.com");
    await tx.query("savepoint twice");
    expect(await refusal(invite(tx, "new@example.com"))).toMatchObject({
      code: "P0001",
      hint: "already_invited",
    });
    await tx.query("rollback to savepoint twice");
    expect(await refusal(invite(tx, "reader@example.com"))).toMatchObject({
      code: "P0001",
      hint: "already_on_team",
    });
    await tx.query("rollback to savepoint twice");
    // Once the first has expired, the address may be invited again.
    await tx.query("reset role");
    await tx.query(
      "update public.invitations set expires_at = now() - interval '1 minute' where id = $1",
      [first],
    );
    await as(tx, ADMIN);
    await invite(tx, "new@example.com", "hiring");
    const { rows } = await tx.query<{ state: string; role: string }>(
      "select s.state, s.role from public.invitations i, public.invitation_status(i.id) s where i.email = 'new@example.com' order by i.created_at, s.role",
    );
    expect(rows.map((row) => row.state).sort()).toEqual(["expired", "pending"]);
  });
});

test("send, resend, revoke and accept are each in the audit log; acceptance gives the role to the invited account only", async () => {
  await rolledBack(async (tx) => {
    const since = await lastId(tx);
    const person = await invitedAccount(tx, "joiner@example.com");
    await as(tx, ADMIN);
    const id = await invite(tx, "joiner@example.com");
    await tx.query(
      "update public.invitations set user_id = $2, sent_at = now() where id = $1",
      [id, person],
    );
    await tx.query(
      "update public.invitations set sent_at = now() where id = $1",
      [id],
    );
    // Someone else's account cannot take it.
    await as(tx, READER);
    await tx.query("savepoint other");
    expect(
      await refusal(tx.query("select public.accept_invitation($1)", [id])),
    ).toMatchObject({ hint: "not_found" });
    await tx.query("rollback to savepoint other");
    await as(tx, person);
    const { rows } = await tx.query<{ role: string }>(
      "select public.accept_invitation($1) as role",
      [id],
    );
    expect(rows[0]!.role).toBe("editor");
    const { rows: member } = await tx.query<{ role: string }>(
      "select role from public.team_members where id = $1",
      [person],
    );
    expect(member[0]?.role).toBe("editor");
    const entries = await entriesSince(tx, since);
    expect(entries.map((entry) => [entry.kind, entry.actor_id])).toEqual([
      ["invitation.send", ADMIN],
      ["invitation.resend", ADMIN],
      ["role.grant", person],
      ["invitation.accept", person],
    ]);
    expect(entries[0]!.summary).toBe("joiner@example.com invited as editor");
    await as(tx, person);
    expect(
      await refusal(tx.query("select public.accept_invitation($1)", [id])),
    ).toMatchObject({ hint: "accepted" });
  });
});

test("a revoked or expired invitation cannot be accepted, and says which", async () => {
  await rolledBack(async (tx) => {
    const person = await invitedAccount(tx, "late@example.com");
    await as(tx, ADMIN);
    const revoked = await invite(tx, "late@example.com");
    await tx.query(
      "update public.invitations set user_id = $2, sent_at = now() where id = $1",
      [revoked, person],
    );
    const since = await lastId(tx);
    await tx.query(
      "update public.invitations set revoked_at = now() where id = $1",
      [revoked],
    );
    expect((await entriesSince(tx, since)).map((entry) => entry.kind)).toEqual([
      "invitation.revoke",
    ]);
    await as(tx, ADMIN);
    const expired = await invite(tx, "late@example.com");
    await tx.query("reset role");
    await tx.query(
      "update public.invitations set user_id = $2, sent_at = now() where id = $1",
      [expired, person],
    );
    // The e-mail link's clock, run out.
    await tx.query(
      "update public.invitations set expires_at = now() - interval '1 second' where id = $1",
      [expired],
    );
    await as(tx, null, "anon");
    const { rows } = await tx.query<{ state: string }>(
      "select state from public.invitation_status($1)",
      [expired],
    );
    expect(rows[0]!.state).toBe("expired");
    await as(tx, person);
    await tx.query("savepoint late");
    expect(
      await refusal(tx.query("select public.accept_invitation($1)", [expired])),
    ).toMatchObject({ hint: "expired" });
    await tx.query("rollback to savepoint late");
    expect(
      await refusal(tx.query("select public.accept_invitation($1)", [revoked])),
    ).toMatchObject({ hint: "revoked" });
  });
});

test("a new session is a sign-in entry by its person; a failed sign-in is recorded by the server's key alone, its address capped", async () => {
  await rolledBack(async (tx) => {
    const since = await lastId(tx);
    await tx.query(
      "insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal1')",
      [randomUUID(), ADMIN],
    );
    await as(tx, ADMIN);
    await tx.query("savepoint key");
    expect(
      await refusal(
        tx.query("select public.record_failed_sign_in('x@example.com')"),
      ),
    ).toMatchObject({ code: "42501" });
    await tx.query("rollback to savepoint key");
    await as(tx, null, "service_role");
    await tx.query("select public.record_failed_sign_in($1)", [
      `  Someone@Example.com${"x".repeat(400)}`,
    ]);
    const entries = await entriesSince(tx, since);
    expect(entries.map((entry) => [entry.kind, entry.actor_id])).toEqual([
      ["auth.sign_in", ADMIN],
      ["auth.sign_in_failed", null],
    ]);
    expect(entries[0]!.summary).toBe("admin@example.com signed in");
    expect(entries[1]!.summary).toBe(
      `Failed sign-in as someone@example.com${"x".repeat(254 - 19)}`,
    );
  });
});
