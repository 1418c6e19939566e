// A person is named by their account's address (docs/decisions/250): an
// account that makes its own platform_users row cannot claim another
// address there, so adding that address to the team cannot reach it, and the
// audit log names whoever joined by their address with their chosen name
// beside it. Each test runs as the caller the way PostgREST does and rolls back.
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import type { Transaction } from "./local/database.ts";
import { DEMO_ACCOUNTS } from "./local/demo-accounts.ts";
import { seededDatabase } from "./local/test-support.ts";

const ADMIN = DEMO_ACCOUNTS.admin.id;

const { rolledBack } = seededDatabase("people-named-test");

async function as(tx: Transaction, userId: string) {
  await tx.query(
    `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
    [JSON.stringify({ sub: userId, role: "authenticated" })],
  );
}

/** An account with no platform_users row yet, signed in as itself. */
async function claimant(tx: Transaction) {
  const id = randomUUID();
  await tx.query("reset role");
  await tx.query(
    "insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', 'mallory@example.com')",
    [id],
  );
  await as(tx, id);
  await tx.query(
    "insert into public.platform_users (id, email, username) values ($1, 'cfo@example.com', 'admin@example.com')",
    [id],
  );
  return id;
}

test("a row an account makes for itself holds the account's address, so adding the address it claimed finds nobody", async () => {
  await rolledBack(async (tx) => {
    const id = await claimant(tx);
    await as(tx, ADMIN);
    const { rows: own } = await tx.query<{ email: string }>(
      "select email from public.platform_users where id = $1",
      [id],
    );
    expect(own).toEqual([{ email: "mallory@example.com" }]);
    // The lookup /admin/people makes for "Add to the team".
    const { rows: found } = await tx.query(
      "select id from public.platform_users where email ilike 'cfo@example.com'",
    );
    expect(found).toEqual([]);
  });
});

test("the audit log names a person who joins by their address, the name they chose beside it", async () => {
  await rolledBack(async (tx) => {
    const id = await claimant(tx);
    await as(tx, ADMIN);
    await tx.query(
      "insert into public.team_members (id, role) values ($1, 'hiring')",
      [id],
    );
    await tx.query("reset role");
    const { rows } = await tx.query<{ actor_id: string; summary: string }>(
      "select actor_id, summary from public.audit_log where kind = 'role.grant' and object_id = $1",
      [id],
    );
    expect(rows).toEqual([
      {
        actor_id: ADMIN,
        summary:
          "mallory@example.com (admin@example.com) joined the team as hiring",
      },
    ]);
  });
});
