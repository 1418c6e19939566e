// Roles in the database: the rules private.role_rules() holds are the ones
// app/lib/roles.ts holds, and the policies built on them do what each role
// may (docs/decisions/195). Each test runs as a signed-in caller inside one
// transaction with that caller's claims, the way PostgREST does, and rolls
// back, so tests start from the same seeded database.
import { describe, expect, test } from "vitest";
import { CAPABILITIES, RULES, ROLES, may, type Role } from "#app/lib/roles.ts";
import type { Transaction } from "./local/database.ts";
import { DEMO_ACCOUNTS } from "./local/demo-accounts.ts";
import { seededDatabase } from "./local/test-support.ts";

const ADMIN = DEMO_ACCOUNTS.admin.id;
const AUTHOR = DEMO_ACCOUNTS.author.id;
const READER = DEMO_ACCOUNTS.reader.id;

const { rolledBack } = seededDatabase("roles-test");

/** Runs `fn` as superuser, then as `userId`, in one transaction that is rolled back. */
async function scenario(
  setup: (tx: Transaction) => Promise<void>,
  userId: string,
  fn: (tx: Transaction) => Promise<void>,
) {
  await rolledBack(async (tx) => {
    await setup(tx);
    await tx.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: userId, role: "authenticated" })],
    );
    await fn(tx);
  });
}

async function setRole(tx: Transaction, userId: string, role: string) {
  await tx.query(
    `insert into public.team_members (id, role) values ($1, $2)
     on conflict (id) do update set role = excluded.role`,
    [userId, role],
  );
}

async function count(tx: Transaction, sql: string) {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from (${sql}) as rows`,
  );
  return rows[0]!.n;
}

test("the database's rules are app/lib/roles.ts's, capability by capability", async () => {
  let rows: { capability: string; role: string }[] = [];
  await rolledBack(async (tx) => {
    ({ rows } = await tx.query<{ capability: string; role: string }>(
      "select capability, role from private.role_rules() order by 1, 2",
    ));
  });
  const inApp = CAPABILITIES.flatMap((capability) =>
    RULES[capability].map((role) => ({ capability, role })),
  ).sort((a, b) =>
    `${a.capability} ${a.role}`.localeCompare(`${b.capability} ${b.role}`),
  );
  const inDatabase = [...rows].sort((a, b) =>
    `${a.capability} ${a.role}`.localeCompare(`${b.capability} ${b.role}`),
  );
  expect(inDatabase).toEqual(inApp);
});

describe("private.may answers each role as may() does", () => {
  for (const role of ROLES) {
    test(role, async () => {
      await scenario(
        async (tx) => {
          if (role === "author") return;
          await setRole(tx, READER, role);
        },
        role === "author" ? AUTHOR : READER,
        async (tx) => {
          for (const capability of CAPABILITIES) {
            const { rows } = await tx.query<{ may: boolean }>(
              "select private.may($1) as may",
              [capability],
            );
            expect([capability, rows[0]!.may]).toEqual([
              capability,
              may(role as Role, capability),
            ]);
          }
        },
      );
    });
  }
});

test("an editor reads and edits every post but no message, job or person", async () => {
  await scenario(
    async (tx) => {
      await setRole(tx, READER, "editor");
      await tx.query(
        "insert into public.blog_posts (title, content, author_id, published) values ('Draft', '<p>Draft</p>', $1, false)",
        [AUTHOR],
      );
    },
    READER,
    async (tx) => {
      expect(
        await count(tx, "select 1 from public.blog_posts where not published"),
      ).toBe(1);
      const { rows } = await tx.query<{ id: string }>(
        "update public.blog_posts set title = title where author_id = $1 returning id",
        [AUTHOR],
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(await count(tx, "select 1 from public.jobs")).toBe(
        await count(tx, "select 1 from public.jobs where published"),
      );
      expect(await count(tx, "select 1 from public.contact_messages")).toBe(0);
      expect(await count(tx, "select 1 from public.team_members")).toBe(1);
    },
  );
});

test("hiring reads every job and application but writes no post", async () => {
  await scenario(
    async (tx) => {
      await setRole(tx, READER, "hiring");
      await tx.query("update public.jobs set published = false where id = '2'");
    },
    READER,
    async (tx) => {
      expect(
        await count(tx, "select 1 from public.jobs where not published"),
      ).toBe(1);
      await expect(
        tx.query(
          "insert into public.blog_posts (title, content, author_id) values ('x', '<p>x</p>', $1)",
          [READER],
        ),
      ).rejects.toThrow(/row-level security/);
    },
  );
});

test("an author is not on the team: no role changes, no other person's row", async () => {
  await scenario(
    async () => {},
    AUTHOR,
    async (tx) => {
      expect(await count(tx, "select 1 from public.platform_users")).toBe(1);
      const { rows } = await tx.query(
        "update public.team_members set role = 'editor' returning id",
      );
      expect(rows).toEqual([]);
    },
  );
});

describe("the last admin", () => {
  test("cannot remove themselves or take another role", async () => {
    await scenario(
      async () => {},
      ADMIN,
      async (tx) => {
        await expect(
          tx.query(
            "update public.team_members set role = 'editor' where id = $1",
            [ADMIN],
          ),
        ).rejects.toThrow(/last admin/);
      },
    );
    await scenario(
      async () => {},
      ADMIN,
      async (tx) => {
        await expect(
          tx.query("delete from public.team_members where id = $1", [ADMIN]),
        ).rejects.toThrow(/last admin/);
      },
    );
  });

  test("may leave once another admin exists", async () => {
    await scenario(
      (tx) => setRole(tx, READER, "admin"),
      ADMIN,
      async (tx) => {
        const { rows } = await tx.query(
          "delete from public.team_members where id = $1 returning id",
          [ADMIN],
        );
        expect(rows).toHaveLength(1);
      },
    );
  });
});

describe("losing a role", () => {
  async function previewLink(tx: Transaction, createdBy: string) {
    const { rows } = await tx.query<{ id: string }>(
      `insert into public.post_preview_links (post_id, token_hash, created_by)
       select id, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), $1
       from public.blog_posts where author_id = $2 limit 1
       returning id`,
      [createdBy, AUTHOR],
    );
    return rows[0]!.id;
  }

  async function revoked(tx: Transaction, id: string) {
    await tx.query("reset role");
    const { rows } = await tx.query<{ revoked: boolean }>(
      "select revoked_at is not null as revoked from public.post_preview_links where id = $1",
      [id],
    );
    return rows[0]!.revoked;
  }

  test("an editor taken off the team loses the links they handed out for others' posts, and author status", async () => {
    let link = "";
    await scenario(
      async (tx) => {
        await setRole(tx, READER, "editor");
        await tx.query(
          "update public.platform_users set is_author = true where id = $1",
          [READER],
        );
        await setRole(tx, DEMO_ACCOUNTS.author.id, "admin");
        link = await previewLink(tx, READER);
      },
      ADMIN,
      async (tx) => {
        await tx.query("delete from public.team_members where id = $1", [
          READER,
        ]);
        expect(await revoked(tx, link)).toBe(true);
        const { rows } = await tx.query<{ is_author: boolean }>(
          "select is_author from public.platform_users where id = $1",
          [READER],
        );
        expect(rows[0]!.is_author).toBe(false);
      },
    );
  });

  test("an author whose status is removed loses their own posts' links; an editor's change to hiring does too", async () => {
    let own = "";
    let editors = "";
    await scenario(
      async (tx) => {
        own = await previewLink(tx, AUTHOR);
        await setRole(tx, READER, "editor");
        editors = await previewLink(tx, READER);
      },
      ADMIN,
      async (tx) => {
        await tx.query(
          "update public.platform_users set is_author = false where id = $1",
          [AUTHOR],
        );
        await tx.query(
          "update public.team_members set role = 'hiring' where id = $1",
          [READER],
        );
        expect(await revoked(tx, own)).toBe(true);
        expect(await revoked(tx, editors)).toBe(true);
      },
    );
  });

  test("a change that keeps the right to edit keeps the links", async () => {
    let link = "";
    await scenario(
      async (tx) => {
        await setRole(tx, READER, "editor");
        link = await previewLink(tx, READER);
      },
      ADMIN,
      async (tx) => {
        await tx.query(
          "update public.team_members set role = 'admin' where id = $1",
          [READER],
        );
        expect(await revoked(tx, link)).toBe(false);
      },
    );
  });
});
