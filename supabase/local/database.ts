import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import {
  cp,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
} from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";

export type { Transaction };

export type RequestRole = "anon" | "authenticated" | "service_role";

export type Database = {
  pg: PGlite;
  /** Runs fn in one transaction as the superuser (platform bookkeeping). */
  admin<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one transaction with the caller's role and JWT claims, the way
   * PostgREST does, so row-level security decides what the request sees.
   */
  asRole<T>(
    auth: { role: RequestRole; claims: Record<string, unknown> },
    options: { readOnly: boolean },
    fn: (tx: Transaction) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  dataDir: string;
  migrationsDir: string;
  seedFile: string | null;
  reset: boolean;
  demoPassword: string;
  /**
   * Where snapshots of freshly migrated and seeded clusters are kept, keyed by a
   * digest of everything that shaped them; null to always build from scratch.
   */
  templateCacheDir: string | null;
  log: (message: string) => void;
};

const PLATFORM_SQL = new URL("./platform.sql", import.meta.url);
// PGlite keeps its cluster in a sub-directory so storage bytes can sit beside it.
const PG_SUBDIR = "pg";

/** Where a data directory keeps its PostgreSQL cluster. */
export function clusterDir(dataDir: string) {
  return path.join(dataDir, PG_SUBDIR);
}

export function storageDir(dataDir: string) {
  return path.join(dataDir, "storage");
}

export async function wipeDataDir(dataDir: string) {
  await rm(clusterDir(dataDir), { recursive: true, force: true });
  await rm(storageDir(dataDir), { recursive: true, force: true });
}

export async function openDatabase(
  options: OpenDatabaseOptions,
): Promise<Database> {
  if (options.reset) await wipeDataDir(options.dataDir);
  const pgDir = clusterDir(options.dataDir);
  await mkdir(options.dataDir, { recursive: true });
  await mkdir(storageDir(options.dataDir), { recursive: true });

  const freshDir = !existsSync(path.join(pgDir, "PG_VERSION"));
  const template =
    freshDir && options.templateCacheDir ? await templateDir(options) : null;
  if (template && existsSync(template)) {
    // initdb, the platform schema, migrations and seed cost seconds; a copy of
    // a cluster that went through exactly the same steps costs milliseconds.
    await cp(template, pgDir, { recursive: true });
    options.log(
      `fresh database copied from the snapshot ${path.basename(template)}`,
    );
    return wrap(
      await PGlite.create({ dataDir: pgDir, extensions: { pgcrypto } }),
    );
  }

  let pg = await PGlite.create({ dataDir: pgDir, extensions: { pgcrypto } });
  let fresh: boolean;
  try {
    fresh = await bootstrap(pg, options);
  } catch (error) {
    await pg.close();
    throw error;
  }
  if (fresh && template) {
    // Copy a cleanly shut down cluster, then reopen it.
    await pg.close();
    await saveSnapshot(pgDir, template);
    pg = await PGlite.create({ dataDir: pgDir, extensions: { pgcrypto } });
  }
  return wrap(pg);
}

/** Platform schema (fresh databases), pending migrations, then the seed (once). */
async function bootstrap(pg: PGlite, options: OpenDatabaseOptions) {
  await pg.exec(SESSION_SETTINGS);
  const fresh = !(await isBootstrapped(pg));
  if (fresh) {
    const platformSql = await readFile(PLATFORM_SQL, "utf8");
    await pg.transaction((tx) => tx.exec(platformSql));
    options.log("platform schema created (roles, auth, storage)");
  } else {
    // Data dirs made before seed_state existed were seeded when they were created.
    await pg.exec(`
      do $$ begin
        if to_regclass('supabase_migrations.seed_state') is null then
          create table supabase_migrations.seed_state (seeded_at timestamptz not null default now());
          insert into supabase_migrations.seed_state default values;
        end if;
      end $$;`);
  }
  await applyMigrations(pg, options.migrationsDir, options.log);
  if (
    options.seedFile &&
    existsSync(options.seedFile) &&
    !(await isSeeded(pg))
  ) {
    const seedSql = await readFile(options.seedFile, "utf8");
    await pg.transaction(async (tx) => {
      // seed.sql reads the demo password from here, falling back to its
      // default on a hosted project where this setting does not exist.
      await tx.query(`select set_config('app.demo_password', $1, true)`, [
        options.demoPassword,
      ]);
      await tx.exec(seedSql);
      await tx.query(
        `insert into supabase_migrations.seed_state default values`,
      );
    });
    options.log(`seeded from ${path.basename(options.seedFile)}`);
  }
  return fresh;
}

async function saveSnapshot(pgDir: string, template: string) {
  await mkdir(path.dirname(template), { recursive: true });
  // Copy then rename, so a concurrent start never sees half a snapshot.
  const partial = `${template}.${randomUUID()}.partial`;
  await cp(pgDir, partial, { recursive: true });
  try {
    await rename(partial, template);
  } catch {
    // Another start saved the same snapshot first.
    await rm(partial, { recursive: true, force: true });
  }
  await pruneSnapshots(path.dirname(template));
}

const KEPT_SNAPSHOTS = 3;

/** Every schema or seed edit makes a new snapshot; keep only the newest few. */
async function pruneSnapshots(dir: string) {
  const entries = await Promise.all(
    (await readdir(dir))
      .filter((name) => name.startsWith("fresh-") && !name.endsWith(".partial"))
      .map(async (name) => ({
        name,
        mtime: (await stat(path.join(dir, name))).mtimeMs,
      })),
  );
  entries.sort((a, b) => b.mtime - a.mtime);
  for (const entry of entries.slice(KEPT_SNAPSHOTS)) {
    await rm(path.join(dir, entry.name), { recursive: true, force: true });
  }
}

const SESSION_SETTINGS = `set search_path to "$user", public, extensions; set timezone to 'UTC';`;

/** The snapshot's name: a digest of every input that shapes a fresh database. */
async function templateDir(options: OpenDatabaseOptions) {
  const hash = createHash("sha256");
  const pgliteEntry = createRequire(import.meta.url).resolve(
    "@electric-sql/pglite",
  );
  hash.update(
    await readFile(path.join(path.dirname(pgliteEntry), "..", "package.json")),
  );
  hash.update(await readFile(PLATFORM_SQL));
  if (existsSync(options.migrationsDir)) {
    for (const file of (await readdir(options.migrationsDir))
      .filter((name) => name.endsWith(".sql"))
      .sort()) {
      hash.update(file);
      hash.update(await readFile(path.join(options.migrationsDir, file)));
    }
  }
  if (options.seedFile && existsSync(options.seedFile))
    hash.update(await readFile(options.seedFile));
  hash.update(options.demoPassword);
  return path.join(
    options.templateCacheDir as string,
    `fresh-${hash.digest("hex").slice(0, 24)}`,
  );
}

/** SQLSTATE 57014 as PostgreSQL raises it when a statement outlives statement_timeout. */
export class StatementTimeoutError extends Error {
  code = "57014";
  constructor() {
    super("canceling statement due to statement timeout");
  }
}

/**
 * Each role's statement_timeout in milliseconds, as `alter role … set
 * statement_timeout` recorded it (platform.sql sets anon's and authenticated's
 * as hosted projects do).
 */
async function roleTimeouts(pg: PGlite) {
  const result = await pg.query<{ role: string; ms: number }>(
    `select role, case when value ~ '^[0-9]+$' then value::float8
                       else extract(epoch from value::interval)::float8 * 1000 end as ms
       from (select r.rolname as role, substr(setting, length('statement_timeout=') + 1) as value
               from pg_db_role_setting s
               join pg_roles r on r.oid = s.setrole
               cross join lateral unnest(s.setconfig) as setting
              where s.setdatabase = 0 and setting like 'statement_timeout=%') settings`,
  );
  const timeouts = new Map<string, number>();
  for (const row of result.rows) {
    if (row.ms > 0) timeouts.set(row.role, row.ms);
  }
  return timeouts;
}

/**
 * PGlite runs no timers, so a statement cannot be cancelled while it runs:
 * each statement of a request is timed instead, and one that took longer than
 * the role's statement_timeout fails with 57014 once it returns, which rolls
 * the request's transaction back as the cancel would (decision 210).
 */
function timed(tx: Transaction, timeoutMs: number): Transaction {
  const check = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    const result = await run();
    if (performance.now() - started > timeoutMs)
      throw new StatementTimeoutError();
    return result;
  };
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property === "query" || property === "exec" || property === "sql") {
        const method = Reflect.get(target, property, receiver) as (
          ...args: unknown[]
        ) => Promise<unknown>;
        return (...args: unknown[]) => check(() => method.apply(target, args));
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

async function wrap(pg: PGlite): Promise<Database> {
  await pg.exec(SESSION_SETTINGS);
  const timeouts = await roleTimeouts(pg);
  const database: Database = {
    pg,
    admin: (fn) => pg.transaction(fn),
    asRole: (auth, { readOnly }, fn) =>
      pg.transaction(async (tx) => {
        if (readOnly) await tx.exec("set transaction read only");
        await tx.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
          [auth.role, JSON.stringify(auth.claims)],
        );
        const timeoutMs = timeouts.get(auth.role);
        return fn(timeoutMs === undefined ? tx : timed(tx, timeoutMs));
      }),
    close: () => pg.close(),
  };
  return database;
}

async function isSeeded(pg: PGlite) {
  const result = await pg.query<{ seeded: boolean }>(
    `select exists (select 1 from supabase_migrations.seed_state) as seeded`,
  );
  return result.rows[0]?.seeded === true;
}

async function isBootstrapped(pg: PGlite) {
  const result = await pg.query<{ ok: boolean }>(
    `select exists (select 1 from pg_namespace where nspname = 'supabase_migrations') as ok`,
  );
  return result.rows[0]?.ok === true;
}

async function applyMigrations(
  pg: PGlite,
  dir: string,
  log: (message: string) => void,
) {
  if (!existsSync(dir)) return;
  const files = (await readdir(dir))
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const applied = new Set(
    (
      await pg.query<{ version: string }>(
        `select version from supabase_migrations.schema_migrations`,
      )
    ).rows.map((row) => row.version),
  );
  for (const file of files) {
    const { version, name } = parseMigrationName(file);
    if (applied.has(version)) continue;
    const sql = await readFile(path.join(dir, file), "utf8");
    try {
      await pg.transaction(async (tx) => {
        const before = await storageFingerprint(tx);
        await tx.exec(sql);
        if (
          ALTERS_STORAGE_TABLE.test(sql.replace(/--.*$/gm, "")) ||
          (await storageFingerprint(tx)) !== before
        ) {
          throw new Error(
            "must be owner of table objects (SQLSTATE 42501): on a hosted project migrations run as postgres, which may create, alter and drop policies on storage.objects and storage.buckets but not change those tables (row security, triggers, grants, columns, indexes, comments)",
          );
        }
        await tx.query(
          `insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)`,
          [version, name],
        );
      });
    } catch (error) {
      throw new Error(`migration ${file} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    log(`applied migration ${file}`);
  }
}

// Refused on hosted even when it would change nothing (enabling row security
// that is already on), so the fingerprint below cannot see it.
const ALTERS_STORAGE_TABLE =
  /\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?"?storage"?\s*\.\s*"?(?:objects|buckets)\b/i;

const STORAGE_TABLES = `('storage.objects'::regclass, 'storage.buckets'::regclass)`;

/**
 * Everything about the storage tables that only their owner may change. On a
 * hosted project they belong to supabase_storage_admin and postgres, the role
 * `supabase db push` uses, may only manage their policies (supautils'
 * policy_grants); here the migrations run as a superuser, so the runner
 * compares this before and after each migration instead.
 */
async function storageFingerprint(tx: Transaction) {
  const result = await tx.query<{ fingerprint: string }>(`
    select concat_ws(' | ',
      (select string_agg(concat_ws(':', c.relname, c.relowner::regrole, c.relrowsecurity,
                c.relforcerowsecurity, c.relacl::text, obj_description(c.oid, 'pg_class')), ',' order by c.relname)
         from pg_class c where c.oid in ${STORAGE_TABLES}),
      (select string_agg(concat_ws(':', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
                a.attnotnull, a.attacl::text), ',' order by a.attrelid, a.attnum)
         from pg_attribute a where a.attrelid in ${STORAGE_TABLES} and a.attnum > 0 and not a.attisdropped),
      (select string_agg(concat_ws(':', t.tgrelid::regclass, t.tgname, t.tgenabled), ',' order by t.tgrelid, t.tgname)
         from pg_trigger t where t.tgrelid in ${STORAGE_TABLES} and not t.tgisinternal),
      (select string_agg(concat_ws(':', x.conrelid::regclass, x.conname), ',' order by x.conrelid, x.conname)
         from pg_constraint x where x.conrelid in ${STORAGE_TABLES}),
      (select string_agg(i.indexrelid::regclass::text, ',' order by i.indexrelid::regclass::text)
         from pg_index i where i.indrelid in ${STORAGE_TABLES}),
      (select string_agg(concat_ws(':', p.polname, d.description), ',' order by p.polname)
         from pg_policy p join pg_description d on d.objoid = p.oid and d.classoid = 'pg_policy'::regclass
        where p.polrelid in ${STORAGE_TABLES})
    ) as fingerprint`);
  return result.rows[0]?.fingerprint ?? "";
}

function parseMigrationName(file: string) {
  const base = file.replace(/\.sql$/, "");
  const separator = base.indexOf("_");
  return separator === -1
    ? { version: base, name: "" }
    : { version: base.slice(0, separator), name: base.slice(separator + 1) };
}
