// What an anonymous caller can make the database do through REST is bounded
// by what the site itself asks (docs/decisions/221): the text helpers are
// not theirs to call, and the search reads the first 200 characters of a
// query, as the site's search box takes. Each test rolls back.
import { expect, test } from "vitest";
import type { Transaction } from "./local/database.ts";
import { DEMO_ACCOUNTS } from "./local/demo-accounts.ts";
import { seededDatabase } from "./local/test-support.ts";

const { rolledBack } = seededDatabase("anonymous-work-test");

async function as(tx: Transaction, role: "anon" | "authenticated") {
  const claims =
    role === "anon" ? { role } : { role, sub: DEMO_ACCOUNTS.author.id };
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
    [role, JSON.stringify(claims)],
  );
}

test("the word count and plain-text helpers answer a signed-in author, not an anonymous caller", async () => {
  for (const fn of ["post_word_count", "post_plain_text"]) {
    await rolledBack(async (tx) => {
      await as(tx, "anon");
      await expect(
        tx.query(`select public.${fn}($1)`, ["<p>two words</p>"]),
      ).rejects.toThrow(/permission denied/);
    });
  }
  await rolledBack(async (tx) => {
    await as(tx, "authenticated");
    const { rows } = await tx.query<{ words: number }>(
      "select public.post_word_count($1) as words",
      ["<p>two words</p>"],
    );
    expect(rows[0]!.words).toBe(2);
  });
});

test("the search reads the first 200 characters of a query: a word past them finds nothing, 50,000 words answer", async () => {
  await rolledBack(async (tx) => {
    const { rows: seeded } = await tx.query<{ id: string }>(
      `insert into public.blog_posts (title, content, author_id, published)
       values ('Zqxsearchable', '<p>zqxsearchable</p>', $1, true) returning id`,
      [DEMO_ACCOUNTS.author.id],
    );
    expect(seeded).toHaveLength(1);
    await as(tx, "anon");
    const total = async (query: string) =>
      (
        await tx.query<{ total: number }>(
          "select (public.search_posts($1) ->> 'total')::int as total",
          [query],
        )
      ).rows[0]!.total;
    expect(await total("zqxsearchable")).toBe(1);
    const near = `${"zqxnone or ".repeat(17)}zqxsearchable`;
    expect(near.length).toBeLessThanOrEqual(200);
    expect(await total(near)).toBe(1);
    expect(await total(`${"zqxnone or ".repeat(19)}zqxsearchable`)).toBe(0);
    const huge = Array.from({ length: 50_000 }, (_, i) => `w${i}`).join(" or ");
    expect(await total(huge)).toBe(0);
  });
});
