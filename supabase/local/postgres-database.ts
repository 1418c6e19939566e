// The embedded server's database on a real PostgreSQL instead of PGlite, for
// `npm run test:pg`: the same REST, Auth and Storage code over Debian's
// PostgreSQL 15 (docs/decisions/211-postgres-in-the-test-loop.md). The cluster
// is made, migrated and seeded by the caller; this only connects to it.
import pg from "pg";
import type { Database, Transaction } from "./database.ts";

// As PGlite parses them, so the server's code reads the same values.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => new Date(value));

type Queryable = {
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
};

/** The part of PGlite's Transaction the server uses, over one connection. */
function transaction(client: Queryable): Transaction {
  const query = async (text: string, values?: unknown[]) => {
    const result = await client.query(text, values);
    return {
      rows: result.rows,
      fields: result.fields.map((field) => ({
        name: field.name,
        dataTypeID: field.dataTypeID,
      })),
      affectedRows: result.rowCount ?? 0,
    };
  };
  return {
    query,
    exec: async (text: string) => {
      await client.query(text);
      return [];
    },
  } as unknown as Transaction;
}

/**
 * One connection as the cluster's superuser; requests take turns on it, as
 * on PGlite. A request's role gets its own `statement_timeout` the way
 * PostgREST applies the impersonated role's settings, so PostgreSQL itself
 * cancels a statement that runs too long.
 */
export async function openPostgresDatabase(url: string): Promise<Database> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `set search_path to "$user", public, extensions; set timezone to 'UTC'`,
  );
  const timeouts = new Map(
    (
      await client.query<{ role: string; value: string }>(
        `select r.rolname as role, substr(setting, length('statement_timeout=') + 1) as value
           from pg_db_role_setting s
           join pg_roles r on r.oid = s.setrole
           cross join lateral unnest(s.setconfig) as setting
          where s.setdatabase = 0 and setting like 'statement_timeout=%'`,
      )
    ).rows.map((row) => [row.role, row.value]),
  );
  let queue: Promise<unknown> = Promise.resolve();
  const inTransaction = <T>(
    begin: string,
    fn: (tx: Transaction) => Promise<T>,
    setup?: (tx: Transaction) => Promise<void>,
  ): Promise<T> => {
    const run = async () => {
      await client.query(begin);
      try {
        const tx = transaction(client);
        await setup?.(tx);
        const result = await fn(tx);
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback");
        throw error;
      }
    };
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    get pg(): never {
      throw new Error("PGlite is not in use: the server runs on PostgreSQL");
    },
    admin: (fn) => inTransaction("begin", fn),
    asRole: (auth, { readOnly }, fn) =>
      inTransaction(readOnly ? "begin read only" : "begin", fn, async (tx) => {
        await tx.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('statement_timeout', $3, true)`,
          [
            auth.role,
            JSON.stringify(auth.claims),
            timeouts.get(auth.role) ?? "0",
          ],
        );
      }),
    close: () => client.end(),
  };
}
