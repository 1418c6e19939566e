// `npm run test:pg`: the database-backed tests on Debian's PostgreSQL 15 with
// pg_cron preloaded, as a hosted project runs them, instead of PGlite
// (PostgreSQL 18). It makes a throwaway cluster, gives it the platform's roles
// and their timeouts, applies supabase/local/platform.sql, every migration
// (as `postgres`, not a superuser) and the seed, runs the tests with the
// embedded server pointed at it, and removes the cluster (decision 211).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chownSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDebianPackages } from "../support/debian.ts";

const root = new URL("../../", import.meta.url).pathname;
const BIN = "/usr/lib/postgresql/15/bin";
const PACKAGES = ["postgresql-15", "postgresql-15-cron"];

// The tests that reach the database: every policy, the SQL functions behind
// the app's calls, and the REST contract, through the same supabase-js calls.
const TESTS = [
  "supabase/rls-matrix.test.ts",
  "supabase/retention.test.ts",
  "supabase/local/rest.test.ts",
];

ensureDebianPackages(`${BIN}/postgres`, PACKAGES);
ensureDebianPackages("/usr/lib/postgresql/15/lib/pg_cron.so", PACKAGES);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === "object" && address ? address.port : 0),
      );
    });
  });

// PostgreSQL refuses to run as root; as root (CI) the cluster belongs to the
// `postgres` system user the Debian package made.
const asRoot = process.getuid?.() === 0;
const owner = asRoot
  ? {
      uid: Number(execFileSync("id", ["-u", "postgres"]).toString()),
      gid: Number(execFileSync("id", ["-g", "postgres"]).toString()),
    }
  : {};

const dir = mkdtempSync(path.join(tmpdir(), "test-pg-"));
if (asRoot) chownSync(dir, owner.uid as number, owner.gid as number);
const data = path.join(dir, "data");
const seeded = path.join(dir, "seeded");
const port = await freePort();

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { ...owner, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

/** Runs SQL through psql as `user`, stopping at the first error. */
function psql(user: string, sql: string, label: string) {
  const result = spawnSync(
    `${BIN}/psql`,
    [
      "-X",
      "-q",
      "-v",
      "ON_ERROR_STOP=1",
      "-1",
      "-h",
      dir,
      "-p",
      String(port),
      "-U",
      user,
      "-d",
      "postgres",
    ],
    { ...owner, input: sql, encoding: "utf8" },
  );
  if (result.status !== 0) {
    throw new Error(`${label} failed on PostgreSQL 15:\n${result.stderr}`);
  }
}

function start() {
  run(`${BIN}/pg_ctl`, [
    "-D",
    data,
    "-w",
    "-l",
    path.join(dir, "log"),
    "-o",
    [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dir}`,
      "-c shared_preload_libraries=pg_cron",
      "-c cron.database_name=postgres",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" "),
    "start",
  ]);
}

function vitest(file: string) {
  const child = spawn("npx", ["vitest", "run", file], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      LOCAL_SUPABASE_POSTGRES_URL: `postgres://supabase_admin@127.0.0.1:${port}/postgres`,
    },
  });
  return new Promise<number>((resolve) =>
    child.on("close", (code) => resolve(code ?? 1)),
  );
}

let exitCode = 1;
try {
  run(`${BIN}/initdb`, [
    "-D",
    data,
    "-U",
    "supabase_admin",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  start();

  // The cluster's superuser is supabase_admin, as on a hosted project; the
  // platform schema names it only to create it.
  const platform = readFileSync(
    path.join(root, "supabase/local/platform.sql"),
    "utf8",
  ).replace(/^create role supabase_admin nologin;$/m, "");
  psql(
    "supabase_admin",
    `create role postgres login createrole createdb bypassrls;
     alter database postgres owner to postgres;`,
    "the postgres role",
  );
  psql("supabase_admin", platform, "supabase/local/platform.sql");
  // `postgres` as hosted: owns the database, not a superuser, and what it
  // creates in public is granted to the API roles by default. Membership in
  // the auth and storage owners stands in for supautils, which lets it add
  // triggers and policies to their tables; pg_cron is enabled beforehand, as
  // the dashboard does.
  psql(
    "supabase_admin",
    `grant anon, authenticated, service_role, authenticator to postgres;
     grant supabase_auth_admin, supabase_storage_admin to postgres;
     grant all on schema extensions, auth, storage to postgres;
     grant all on all tables in schema auth, storage to postgres;
     alter role postgres set search_path to "$user", public, extensions;
     alter default privileges for role postgres in schema public
       grant all on tables to anon, authenticated, service_role;
     alter default privileges for role postgres in schema public
       grant all on sequences to anon, authenticated, service_role;
     alter default privileges for role postgres in schema public
       grant all on functions to anon, authenticated, service_role;
     create extension pg_cron;
     grant usage on schema cron to postgres;
     grant all on all tables in schema cron to postgres;`,
    "the platform roles",
  );
  const migrationsDir = path.join(root, "supabase/migrations");
  for (const file of readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    psql(
      "postgres",
      readFileSync(path.join(migrationsDir, file), "utf8"),
      `migration ${file}`,
    );
  }
  psql(
    "postgres",
    readFileSync(path.join(root, "supabase/seed.sql"), "utf8"),
    "supabase/seed.sql",
  );
  console.info(
    `PostgreSQL 15 on port ${port}: platform, migrations and seed applied`,
  );

  // Each file starts from the freshly seeded cluster, as each starts from a
  // fresh embedded database: the cluster is stopped, copied once, and
  // restored from the copy before every file.
  run(`${BIN}/pg_ctl`, ["-D", data, "-w", "-m", "fast", "stop"]);
  run("cp", ["-a", data, seeded]);
  exitCode = 0;
  for (const file of TESTS) {
    rmSync(data, { recursive: true, force: true });
    run("cp", ["-a", seeded, data]);
    start();
    const code = await vitest(file);
    run(`${BIN}/pg_ctl`, ["-D", data, "-w", "-m", "immediate", "stop"]);
    if (code !== 0) exitCode = code;
  }
} catch (error) {
  console.error((error as Error).message);
} finally {
  spawnSync(`${BIN}/pg_ctl`, ["-D", data, "-m", "immediate", "stop"], {
    ...owner,
  });
  rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
