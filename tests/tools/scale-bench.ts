// `npm run bench:scale`: the reads that grow with the data (search, related
// posts, the blog list, the team inbox and the admin user list) at 10,000
// posts, 100,000 inbox rows and 100,000 users, and the analytics dashboard's
// reads at a year of page views (about 5 million views over 366 days, on
// PostgreSQL only), each beside what it cost before; and /admin/audit's list
// at 100,000 audit entries (PostgreSQL only, this tree alone: the log is
// newer than the "before" refs).
//
// "Before" is the schema of another git ref (SCALE_BENCH_BEFORE, default
// d679760, before the reads above were reworked) with the queries its app
// made; the analytics reads' "before" is SCALE_BENCH_ANALYTICS_BEFORE
// (default d553476, before the roll-ups by period). "After" is this working
// tree's schema with the queries the app makes now. Each gets its own ref's
// seed.sql and the same generated data (seeded random, so every run is the
// same corpus). Rounds alternate between before and after, so a machine that
// slows down slows both alike.
//
// Two engines (SCALE_BENCH_ENGINES, default "pglite,postgres"):
// - pglite: the embedded database (supabase/local), through supabase-js and
//   its REST layer, as the app calls it;
// - postgres: Debian's PostgreSQL 15 with pg_cron preloaded, as a hosted
//   project has it (installed with apt-get when run as root), the SQL each
//   read runs, timed by psql (`\timing`), as the role the app's request would
//   have, row-level security on. The bench makes one cluster per schema in a
//   temporary directory, from SCALE_BENCH_PG_PORT on, run by the `postgres`
//   system user when started as root, and removes them afterwards.
//
// Prints one line per read and engine, `{engine} {read}: p50 {x} ms, p99 {y}
// ms`, for this tree, each followed by an indented line with the before
// figures. Target: p99 under 100 ms for every read of this tree.
import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { startLocalSupabase } from "#supabase/local/server.ts";
import { DEMO_ACCOUNTS, demoPassword } from "#supabase/local/demo-accounts.ts";
import { ensureDebianPackages } from "#tests/support/debian.ts";

const POSTS = Number(process.env.SCALE_BENCH_POSTS ?? 10_000);
const SUBMISSIONS = Number(process.env.SCALE_BENCH_SUBMISSIONS ?? 100_000);
const USERS = Number(process.env.SCALE_BENCH_USERS ?? 100_000);
const AUDIT_ENTRIES = Number(process.env.SCALE_BENCH_AUDIT ?? 100_000);
/** The audit page's size and how deep the filtered read goes. */
const AUDIT_PAGE = 50;
const AUDIT_DEPTH = 4 * AUDIT_PAGE;
const AUDIT_KINDS = [
  "post.publish",
  "post.unpublish",
  "post.schedule",
  "post.delete",
  "role.change",
  "invitation.send",
  "auth.sign_in",
  "auth.sign_in_failed",
  "settings.change",
  "inbox.delete",
];
const ROUNDS = Number(process.env.SCALE_BENCH_ROUNDS ?? 60);
const WARMUP = 5;
const TARGET_P99_MS = 100;
/** Deep pages: about 96% into the list, 40% into the inbox, the users' last page. */
const POST_DEPTH = Math.floor((POSTS * 0.96) / 12) * 12;
const INBOX_DEPTH = Math.floor((SUBMISSIONS * 0.4) / 20) * 20;
// "Before" sends the queries of the code these reads replaced, which only run
// against that ref's schema.
const BEFORE_REF = process.env.SCALE_BENCH_BEFORE ?? "d679760";
const ANALYTICS_BEFORE_REF =
  process.env.SCALE_BENCH_ANALYTICS_BEFORE ?? "d553476";
const ENGINES = (process.env.SCALE_BENCH_ENGINES ?? "pglite,postgres").split(
  ",",
);
const PG_PORT = Number(process.env.SCALE_BENCH_PG_PORT ?? 5256);
const PG_BIN = "/usr/lib/postgresql/15/bin";
/** The dashboard's ranges: its 7, 30 and 90 days, and the longest custom one. */
const ANALYTICS_RANGES = [7, 30, 90, 366];
/** Distinct pages a day: the site's own 30 and the most read posts. */
const DAILY_PAGES = Math.min(5_700, POSTS + 30);

const root = new URL("../../", import.meta.url).pathname;
const work = mkdtempSync(path.join(tmpdir(), "scale-bench-"));
chmodSync(work, 0o755);

// ---------------------------------------------------------------------------
// Data: generated inside the database, the same for both schemas.

const VOCABULARY =
  "data pipeline warehouse lakehouse lineage quality engine agent learning model training inference feature schema table stream batch kafka spark dbt airflow orchestration dashboard anomaly detection churn prediction segmentation customer deduplication integration enrichment master hub kpi metric governance catalog privacy security compliance latency throughput cost budget team engineer analyst playbook wiki knowledge organization enterprise deployment platform cloud cluster query index postgres vector embedding retrieval evaluation benchmark experiment release review incident monitoring alert trace log backlog";

function postsSeed() {
  return `
select setseed(0.23);
create temporary table words as
  select array(select unnest(string_to_array('${VOCABULARY}', ' '))) as list;
create or replace function pg_temp.sentence(n integer) returns text language sql volatile as $$
  select string_agg((select list from words)[1 + floor(random() * array_length((select list from words), 1))::int], ' ')
  from generate_series(1, n)
$$;
insert into public.tags (name)
  select 'Scale bench ' || i from generate_series(0, 19) i on conflict do nothing;
insert into public.blog_posts (title, excerpt, content, author_id, created_at, updated_at)
  select pg_temp.sentence(3) || ' notes ' || i,
    pg_temp.sentence(24) || '.',
    '<h2>' || pg_temp.sentence(5) || '</h2><p>' || pg_temp.sentence(150) || '.</p><p>'
      || pg_temp.sentence(150) || '.</p><p>' || pg_temp.sentence(150) || '.</p>',
    '${DEMO_ACCOUNTS.admin.id}',
    timestamptz '2024-01-01' + i * interval '37 minutes',
    timestamptz '2024-01-01' + i * interval '37 minutes'
  from generate_series(1, ${POSTS}) i;
`;
}

function restSeed() {
  return `
insert into public.post_tags (post_id, tag_id)
  select p.id, t.id
  from (select id, row_number() over (order by created_at) as n from public.blog_posts) p
  join (select id, row_number() over (order by name) - 1 as k from public.tags where name like 'Scale bench %') t
    on t.k in (p.n % 20, (p.n + 7) % 20, (p.n + 14) % 20)
  on conflict do nothing;
insert into public.contact_messages (name, email, message, source, created_at, status)
  select 'Sender ' || i, 'sender' || i || '@example.com', pg_temp.sentence(40), 'contact-page',
    timestamptz '2024-01-01' + i * interval '5 minutes',
    case when i % 10 = 0 then 'new' else 'handled' end
  from generate_series(1, ${SUBMISSIONS / 2}) i;
insert into public.job_applications (job_id, job_title, name, email, comment, cv_file_name, cv_path, created_at, status)
  select '2', 'Founding Engineer', 'Applicant ' || i, 'applicant' || i || '@example.com', pg_temp.sentence(20),
    'cv.pdf', i || '-cv.pdf', timestamptz '2024-01-01' + i * interval '5 minutes' + interval '1 minute',
    case when i % 10 = 0 then 'new' else 'handled' end
  from generate_series(1, ${SUBMISSIONS / 2}) i;
insert into auth.users (id, aud, role, email, created_at)
  select ('00000000-0000-4000-9000-' || lpad(to_hex(i), 12, '0'))::uuid, 'authenticated', 'authenticated',
    'user' || lpad(i::text, 6, '0') || '@example.com', now()
  from generate_series(1, ${USERS}) i;
insert into public.platform_users (id, username, email, is_author, created_at)
  select ('00000000-0000-4000-9000-' || lpad(to_hex(i), 12, '0'))::uuid, '',
    'user' || lpad(i::text, 6, '0') || '@example.com', i % 50 = 0,
    timestamptz '2024-01-01' + i * interval '3 minutes'
  from generate_series(1, ${USERS}) i;
analyze;
`;
}

/**
 * A year of the dashboard's figures, made the way its rows would be: each
 * day 5,700 pages (the site's 30 and posts whose popularity moves day by
 * day), 2,500 landing pages, 300 referrers, campaigns, countries, devices;
 * 20,000 conversions. "rollups" is this tree's schema (today open, the
 * days before it closed as the migration closes analytics_daily's, post
 * views by post), "daily" the schema before it (one
 * row per day and value, the post rows repeating the page rows). Four posts
 * are the demo author's.
 */
function analyticsSeed(schema: "daily" | "rollups") {
  const pageRows =
    schema === "daily"
      ? `insert into public.analytics_daily select * from gen;
insert into public.analytics_daily
  select day, 'post', value, views, visitors from gen where dimension = 'page' and value like '/blueprints/%';`
      : `insert into public.analytics_live select * from gen where day = (now() at time zone 'utc')::date;
insert into public.analytics_rollups select 'day', * from gen where day < (now() at time zone 'utc')::date;
insert into public.analytics_post_days
  select substr(value, 13)::uuid, day, views, visitors from gen where dimension = 'page' and value like '/blueprints/%';
select private.analytics_close(array(select distinct day from gen where day < (now() at time zone 'utc')::date));`;
  return `
create temporary table gen_posts as
  select id, row_number() over (order by created_at, id) as n from public.blog_posts;
create index on gen_posts (n);
update public.blog_posts set author_id = '${DEMO_ACCOUNTS.author.id}'
  where id in (select id from gen_posts where n in (1, 2500, 5000, 7500));
create temporary table gen as
select dd.day, spec.dimension,
  case
    when spec.dimension in ('page', 'landing') then
      case when r <= 30 then '/page-' || r else '/blueprints/' || p.id end
    when spec.dimension = 'referrer' then 'ref-' || r || '.example'
    when spec.dimension = 'country' then chr(65 + r / 26) || chr(65 + r % 26)
    when spec.dimension = 'device' then (array['desktop', 'mobile', 'tablet'])[r]
    else spec.dimension || '-' || r
  end as value,
  1 + spec.scale / (r + 10) as views,
  greatest(1, (1 + spec.scale / (r + 10)) * 4 / 5) as visitors
from generate_series(0, 365) d
cross join lateral (select (now() at time zone 'utc')::date - d as day) dd
cross join (values ('page', ${DAILY_PAGES}, 1200), ('landing', 2500, 400), ('referrer', 300, 300),
  ('utm_source', 20, 200), ('utm_medium', 10, 200), ('utm_campaign', 50, 100),
  ('country', 60, 2000), ('device', 3, 8000)) as spec (dimension, n, scale)
cross join lateral generate_series(1, spec.n) r
left join gen_posts p
  on spec.dimension in ('page', 'landing') and r > 30 and p.n = (r - 31 + d * 13) % ${POSTS} + 1;
insert into gen
  select day, 'site', '', sum(views), sum(visitors) * 6 / 10 from gen where dimension = 'page' group by day;
${pageRows}
insert into public.analytics_conversions (at, kind, landing_path)
  select now() - i * interval '26 minutes', (array['contact', 'application', 'newsletter'])[1 + i % 3],
    '/page-' || (1 + i % 30)
  from generate_series(0, 19999) i;
`;
}

/** A ref's migrations, as files, and its seed, for a "before" database. */
/**
 * Two years of audit entries, one every ten minutes or so, by 23 of the
 * seeded users (a tenth by nobody: the schedule), over ten kinds; 23 and
 * ten share no factor, so each person has entries of every kind.
 */
function auditSeed() {
  const kinds = AUDIT_KINDS.map((kind) => `'${kind}'`).join(", ");
  return `
insert into public.audit_log (at, actor_id, kind, object_type, object_id, summary)
  select now() - (i * interval '2 years' / ${AUDIT_ENTRIES}),
    case when i % 10 = 0 then null
      else ('00000000-0000-4000-9000-' || lpad(to_hex(i % 23 + 1), 12, '0'))::uuid end,
    (array[${kinds}])[i % ${AUDIT_KINDS.length} + 1],
    'post', i::text, 'Scale bench entry ' || i
  from generate_series(1, ${AUDIT_ENTRIES}) i;
`;
}

function refSchema(ref: string, name: string) {
  const dir = path.join(work, `migrations-${name}`);
  mkdirSync(dir);
  const show = (file: string) =>
    execFileSync("git", ["show", `${ref}:${file}`], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
  const names = execFileSync(
    "git",
    ["ls-tree", "--name-only", `${ref}:supabase/migrations`],
    { cwd: root, encoding: "utf8" },
  )
    .split("\n")
    .filter((file) => file.endsWith(".sql"));
  for (const file of names) {
    writeFileSync(path.join(dir, file), show(`supabase/migrations/${file}`));
  }
  return { migrations: dir, seed: show("supabase/seed.sql") };
}

function seedFile(name: string, sql: string) {
  const file = path.join(work, `seed-${name}.sql`);
  writeFileSync(file, sql);
  return file;
}

const AFTER_MIGRATIONS = path.join(root, "supabase/migrations");
const AFTER_SEED = readFileSync(path.join(root, "supabase/seed.sql"), "utf8");
const before = refSchema(BEFORE_REF, "before");
const BEFORE_MIGRATIONS = before.migrations;
const SEED_BEFORE = seedFile("before", before.seed + postsSeed() + restSeed());
const SEED_AFTER = seedFile("after", AFTER_SEED + postsSeed() + restSeed());

// ---------------------------------------------------------------------------
// Measuring

type Stats = { p50: number; p99: number };
type Read = {
  label: string;
  before: () => Promise<void>;
  after: () => Promise<void>;
};

function percentile(sorted: number[], p: number) {
  return (
    sorted[
      Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
    ] ?? Number.NaN
  );
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

async function time(run: () => Promise<void>) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Alternates before and after, round by round. */
async function measurePair(read: Read) {
  for (let index = 0; index < WARMUP; index++) {
    await read.before();
    await read.after();
  }
  const before: number[] = [];
  const after: number[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    before.push(await time(read.before));
    after.push(await time(read.after));
  }
  return { before: stats(before), after: stats(after) };
}

const over: string[] = [];

/** This tree's line, exactly `{engine} {read}: p50 {x} ms, p99 {y} ms`, then the before figures. */
function report(
  engine: "pglite" | "postgres",
  label: string,
  after: Stats,
  beforeRef: string,
  before: Stats | null,
) {
  console.log(
    `${engine} ${label}: p50 ${after.p50.toFixed(1)} ms, p99 ${after.p99.toFixed(1)} ms`,
  );
  if (before)
    console.log(
      `  before (${beforeRef}): p50 ${before.p50.toFixed(1)} ms, p99 ${before.p99.toFixed(1)} ms`,
    );
  if (after.p99 > TARGET_P99_MS) over.push(`${engine} ${label}`);
}

function must<T>(result: { data: T; error: { message: string } | null }) {
  if (result.error) throw new Error(result.error.message);
  return result.data;
}

// ---------------------------------------------------------------------------
// PGlite through the REST layer: each read as its app sent it.

const SUMMARY =
  "id, title, excerpt, cover_image_url, cover_variants, author_id, created_at, updated_at, word_count, post_tags(tags(name))";

/** A keyset filter as app/utils/keyset.server.ts writes it (newest first). */
function olderThan(createdAt: string, id: string) {
  return `created_at.lt."${createdAt}",and(created_at.eq."${createdAt}",id.lt."${id}")`;
}

async function embedded() {
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const start = async (
    name: string,
    migrationsDir: string,
    seedFile: string,
  ) => {
    const server = await startLocalSupabase({
      port: 0,
      dataDir: path.join(work, `pglite-${name}`),
      reset: true,
      migrationsDir,
      seedFile,
      notificationIntervalMs: null,
      templateCache: false,
    });
    const anon = createClient(server.url, server.publishableKey, options);
    const admin = createClient(server.url, server.publishableKey, options);
    const { error } = await admin.auth.signInWithPassword({
      email: DEMO_ACCOUNTS.admin.email,
      password: demoPassword(),
    });
    if (error) throw error;
    return { server, anon, admin };
  };
  console.log("seeding the embedded databases (a few minutes)…");
  const before = await start("before", BEFORE_MIGRATIONS, SEED_BEFORE);
  const after = await start("after", AFTER_MIGRATIONS, SEED_AFTER);
  try {
    /** The row at `index` (from 0) of a table newest first: a deep page's boundary. */
    const newestAt = async (
      client: SupabaseClient,
      table: string,
      index: number,
    ) =>
      must(
        await client
          .from(table)
          .select("id, created_at")
          .order("created_at", { ascending: false })
          .order("id", { ascending: false })
          .range(index, index)
          .single(),
      ) as { id: string; created_at: string };
    const depthPost = POST_DEPTH;
    const deepPost = await newestAt(after.anon, "blog_posts", depthPost - 1);
    const newest = await newestAt(after.anon, "blog_posts", 0);
    const depthInbox = INBOX_DEPTH;
    const deepItem = await newestAt(after.admin, "inbox_items", depthInbox - 1);
    const deepUser = await newestAt(after.admin, "platform_users", USERS - 60);

    const searchBefore = (client: SupabaseClient, q: string) => async () => {
      must(
        await client.rpc("search_posts", {
          p_query: q,
          p_limit: 12,
          p_offset: 0,
        }),
      );
    };
    const searchAfter = (client: SupabaseClient, q: string) => async () => {
      const answer = must(
        await client.rpc("search_posts", {
          p_query: q,
          p_limit: 12,
          p_offset: 0,
        }),
      ) as { hits: { id: string }[] };
      if (answer.hits.length > 0)
        must(
          await client
            .from("blog_posts")
            .select(SUMMARY)
            .in(
              "id",
              answer.hits.map((hit) => hit.id),
            ),
        );
    };
    const reads: Read[] = [
      {
        label: "search, one word in every post",
        before: searchBefore(before.anon, "data"),
        after: searchAfter(after.anon, "data"),
      },
      {
        label: "search, two common words",
        before: searchBefore(before.anon, "pipeline kafka"),
        after: searchAfter(after.anon, "pipeline kafka"),
      },
      {
        label: "search, rare (a title number)",
        before: searchBefore(before.anon, "notes 7777"),
        after: searchAfter(after.anon, "notes 7777"),
      },
      {
        label: "related posts",
        before: async () => {
          must(
            await before.anon.rpc("related_posts", { p_post_id: newest.id }),
          );
        },
        after: async () => {
          must(
            await after.anon
              .rpc("related_posts", { p_post_id: newest.id })
              .select("id, title, created_at, word_count"),
          );
        },
      },
      {
        label: "blog list, page 1",
        before: async () => {
          must(
            await before.anon
              .from("blog_posts")
              .select(SUMMARY, { count: "exact" })
              .eq("published", true)
              .order("created_at", { ascending: false })
              .order("id", { ascending: false })
              .range(0, 11),
          );
        },
        after: async () => {
          must(
            await after.anon
              .from("blog_posts")
              .select(SUMMARY)
              .order("created_at", { ascending: false })
              .order("id", { ascending: false })
              .limit(13),
          );
        },
      },
      {
        label: `blog list, page ${POST_DEPTH / 12 + 1}`,
        before: async () => {
          must(
            await before.anon
              .from("blog_posts")
              .select(SUMMARY, { count: "exact" })
              .eq("published", true)
              .order("created_at", { ascending: false })
              .order("id", { ascending: false })
              .range(depthPost, depthPost + 11),
          );
        },
        after: async () => {
          must(
            await after.anon
              .from("blog_posts")
              .select(SUMMARY)
              .lte("created_at", deepPost.created_at)
              .or(olderThan(deepPost.created_at, deepPost.id))
              .order("created_at", { ascending: false })
              .order("id", { ascending: false })
              .limit(13),
          );
        },
      },
      {
        label: `inbox, page ${INBOX_DEPTH / 20 + 1}, and new count`,
        before: async () => {
          await Promise.all([
            before.admin
              .from("inbox_items")
              .select(
                "id, kind, name, email, body, source, job_title, cv_file_name, status, handled_at, notification_state, created_at",
                { count: "exact" },
              )
              .order("created_at", { ascending: false })
              .order("id", { ascending: false })
              .range(depthInbox, depthInbox + 19)
              .then(must),
            before.admin
              .from("inbox_items")
              .select("id", { count: "exact", head: true })
              .eq("status", "new")
              .then(must),
          ]);
        },
        after: async () => {
          await Promise.all([
            after.admin
              .from("inbox_items")
              .select("id, kind, status, created_at, submission")
              .lte("created_at", deepItem.created_at)
              .or(olderThan(deepItem.created_at, deepItem.id))
              .order("created_at", { ascending: false })
              .order("id", { ascending: false })
              .limit(21)
              .then(must),
            after.admin
              .from("inbox_items")
              .select("id")
              .eq("status", "new")
              .limit(100)
              .then(must),
          ]);
        },
      },
      {
        label: "admin user list (last page)",
        before: async () => {
          await Promise.all([
            before.admin
              .from("platform_users")
              .select("id, username, email, avatar_url, is_author")
              .order("email", { ascending: true })
              .then(must),
            before.admin.from("team_members").select("id").then(must),
          ]);
        },
        after: async () => {
          const team = must(
            await after.admin.from("team_members").select("id"),
          ) as { id: string }[];
          must(
            await after.admin
              .from("platform_users")
              .select("id, username, email, avatar_url, is_author, created_at")
              .or("username.not.is.null,email.not.is.null")
              .not("id", "in", `(${team.map((member) => member.id).join(",")})`)
              .lte("created_at", deepUser.created_at)
              .or(olderThan(deepUser.created_at, deepUser.id))
              .order("created_at", { ascending: false })
              .order("id", { ascending: false })
              .limit(51),
          );
        },
      },
    ];
    for (const read of reads) {
      const result = await measurePair(read);
      report("pglite", read.label, result.after, BEFORE_REF, result.before);
    }
  } finally {
    await before.server.stop();
    await after.server.stop();
  }
}

// ---------------------------------------------------------------------------
// PostgreSQL 15: the SQL each read runs, as the request's role.

const ANON = `set local role anon; select set_config('request.jwt.claims', '{"role":"anon"}', true);`;
const TEAM = `set local role authenticated; select set_config('request.jwt.claims', '{"role":"authenticated","sub":"${DEMO_ACCOUNTS.admin.id}"}', true);`;

/** A card's author or co-author, as the REST layer embeds a profile. */
const credit = (column: string, alias: string) =>
  `(select json_build_object('display_name', a.display_name, 'slug', a.slug) from public.author_profiles a where a.id = t0.${column}) as ${alias}`;

/**
 * The list's rows as the REST layer builds them: a page, then each row's
 * tags (and, in this tree, its author and co-author).
 */
function cardsSql(
  where: string,
  order: string,
  limitOffset: string,
  credits = true,
) {
  return `select coalesce(json_agg(r), '[]') from (
    select t0.id, t0.title, t0.excerpt, t0.cover_image_url, t0.author_id, t0.created_at, t0.updated_at, t0.word_count,
      coalesce((select json_agg(json_build_object('tags', json_build_object('name', t.name)))
        from public.post_tags pt join public.tags t on t.id = pt.tag_id where pt.post_id = t0.id), '[]') as post_tags
      ${credits ? `, ${credit("byline_id", "byline")}, ${credit("co_author_id", "co_author")}` : ""}
    from (select * from public.blog_posts t0 ${where} ${order} ${limitOffset}) t0 ${order}) r`;
}

const NEWEST = "order by t0.created_at desc, t0.id desc";

function postgresReads(
  depthPost: { id: string; created_at: string },
  newestId: string,
  deepItem: { id: string; created_at: string },
  deepUser: { id: string; created_at: string },
) {
  const olderPost = `where t0.created_at <= '${depthPost.created_at}' and (t0.created_at < '${depthPost.created_at}' or (t0.created_at = '${depthPost.created_at}' and t0.id < '${depthPost.id}'))`;
  const olderItem = `created_at <= '${deepItem.created_at}' and (created_at < '${deepItem.created_at}' or (created_at = '${deepItem.created_at}' and id < '${deepItem.id}'))`;
  const searchAfter = (q: string) =>
    `with s as (select public.search_posts('${q}', null, 12, 0) as a)
     ${cardsSql("where t0.id in (select (h->>'id')::uuid from s, jsonb_array_elements(s.a->'hits') h)", "", "")};`;
  return [
    {
      label: "search, one word in every post",
      role: ANON,
      before: `select public.search_posts('data', null, 12, 0);`,
      after: `${searchAfter("data")}`,
    },
    {
      label: "search, two common words",
      role: ANON,
      before: `select public.search_posts('pipeline kafka', null, 12, 0);`,
      after: `${searchAfter("pipeline kafka")}`,
    },
    {
      label: "search, rare (a title number)",
      role: ANON,
      before: `select public.search_posts('notes 7777', null, 12, 0);`,
      after: `${searchAfter("notes 7777")}`,
    },
    {
      label: "related posts",
      role: ANON,
      before: `select json_agg(r) from public.related_posts('${newestId}') r;`,
      after: `select json_agg(json_build_object('id', r.id, 'title', r.title)) from public.related_posts('${newestId}') r;`,
    },
    {
      label: "blog list, page 1",
      role: ANON,
      before: `${cardsSql("where t0.published", NEWEST, "limit 12", false)}; select count(*) from public.blog_posts where published;`,
      after: `${cardsSql("", NEWEST, "limit 13")};`,
    },
    {
      label: `blog list, page ${POST_DEPTH / 12 + 1}`,
      role: ANON,
      before: `${cardsSql("where t0.published", NEWEST, `limit 12 offset ${POST_DEPTH}`, false)}; select count(*) from public.blog_posts where published;`,
      after: `${cardsSql(olderPost, NEWEST, "limit 13")};`,
    },
    {
      label: `inbox, page ${INBOX_DEPTH / 20 + 1}, and new count`,
      role: TEAM,
      before: `select json_agg(r) from (select id, kind, name, email, body, source, job_title, cv_file_name, status, handled_at, notification_state, created_at from public.inbox_items order by created_at desc, id desc limit 20 offset ${INBOX_DEPTH}) r; select count(*) from public.inbox_items; select count(*) from public.inbox_items where status = 'new';`,
      after: `select json_agg(r) from (select id, kind, status, created_at, submission from public.inbox_items where ${olderItem} order by created_at desc, id desc limit 21) r; select count(*) from (select id from public.inbox_items where status = 'new' limit 100) n;`,
    },
    {
      label: "admin user list (last page)",
      role: TEAM,
      before: `select json_agg(r) from (select id, username, email, avatar_url, is_author from public.platform_users order by email) r; select id from public.team_members;`,
      after: `select id from public.team_members; select json_agg(r) from (select id, username, email, avatar_url, is_author, created_at from public.platform_users where (username is not null or email is not null) and id not in ('${DEMO_ACCOUNTS.admin.id}') and created_at <= '${deepUser.created_at}' and (created_at < '${deepUser.created_at}' or (created_at = '${deepUser.created_at}' and id < '${deepUser.id}')) order by created_at desc, id desc limit 51) r;`,
    },
  ];
}

/** /admin/audit's reads as its loader sends them: a page of 51, then the page's names. */
function auditSql(where: string) {
  const page = `select id, at, actor_id, kind, object_type, object_id, summary from public.audit_log ${where} order by at desc, id desc limit ${AUDIT_PAGE + 1}`;
  return `select json_agg(r) from (${page}) r; select json_agg(r) from (select id, username, email from public.platform_users where id in (select actor_id from (${page}) p)) r;`;
}

function auditReads(
  person: string,
  kind: string,
  deep: { id: string; at: string },
) {
  return [
    { label: "audit log, page 1", role: TEAM, sql: auditSql("") },
    {
      label: `audit log, one person and kind, page ${AUDIT_DEPTH / AUDIT_PAGE + 1}`,
      role: TEAM,
      sql: auditSql(
        `where actor_id = '${person}' and kind = '${kind}' and at <= '${deep.at}' and (at < '${deep.at}' or (at = '${deep.at}' and id < ${deep.id}))`,
      ),
    },
  ];
}

function asPostgres(args: string[], input?: string) {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? "runuser" : args[0]!;
  const commandArgs = asRoot
    ? ["-u", "postgres", "--", ...args]
    : args.slice(1);
  const result = spawnSync(command, commandArgs, {
    input,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`${args.join(" ")}: ${result.stderr || result.stdout}`);
  return result.stdout;
}

const AUTHOR = `set local role authenticated; select set_config('request.jwt.claims', '{"role":"authenticated","sub":"${DEMO_ACCOUNTS.author.id}"}', true);`;

/** The first and last day of the last `days` days, today (UTC) included. */
function lastDays(days: number) {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  return [
    new Date(today - (days - 1) * 86_400_000).toISOString().slice(0, 10),
    new Date(today).toISOString().slice(0, 10),
  ] as const;
}

const POST_TITLES = (totals: string) =>
  `select json_agg(json_build_object('id', p.id, 'title', p.title)) from public.blog_posts p
   where p.id in (select substr(t.value, 13)::uuid from ${totals} t
     where t.dimension = 'post' and t.value ~ '^/blueprints/[0-9a-f-]{36}$');`;

/** The dashboard as the team member reads it, and an author's "Your posts" counts. */
function analyticsReads() {
  return [
    ...ANALYTICS_RANGES.map((days) => {
      const [from, to] = lastDays(days);
      const totals = `public.analytics_totals('${from}', '${to}', 20)`;
      return {
        label: `analytics ${days} days`,
        role: TEAM,
        // One call: each day's totals, the top lists; then the top posts' titles.
        after: `select json_agg(t) from ${totals} t; ${POST_TITLES(totals)}`,
        // The site's rows per day from analytics_daily, then the top lists.
        before: `select json_agg(r) from (select day, views, visitors from public.analytics_daily where dimension = 'site' and day >= '${from}' and day <= '${to}' order by day) r; select json_agg(t) from ${totals} t; ${POST_TITLES(totals)}`,
      };
    }),
    ...[30, 366].map((days) => ({
      label: `analytics own post views, ${days} days`,
      role: AUTHOR,
      after: `select json_agg(v) from public.analytics_own_post_views(${days}) v;`,
      before: `select json_agg(v) from public.analytics_own_post_views(${days}) v;`,
    })),
  ];
}

type Cluster = {
  port: number;
  psql: (sql: string) => string;
  /** Each round one transaction as `role`; psql times its statements. */
  timed: (role: string, sql: string) => number[];
  stop: () => void;
};

/**
 * A PostgreSQL 15 cluster of its own, pg_cron preloaded as on a hosted
 * project (cron.database_name is `postgres`, the database everything goes
 * in): the platform's schema, the migrations, its schedules paused (no job runs
 * while it is seeded or measured), then the seed.
 */
function startCluster(
  name: string,
  port: number,
  migrationsDir: string,
  seed: string,
): Cluster {
  const dir = path.join(work, `pg15-${name}`);
  mkdirSync(dir);
  if (process.getuid?.() === 0)
    execFileSync("chown", ["postgres:postgres", dir]);
  asPostgres([
    `${PG_BIN}/initdb`,
    "-D",
    dir,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
  ]);
  asPostgres([
    `${PG_BIN}/pg_ctl`,
    "-D",
    dir,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=256MB -c shared_preload_libraries=pg_cron -c cron.database_name=postgres`,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  const connection = [
    `${PG_BIN}/psql`,
    "-X",
    "-v",
    "ON_ERROR_STOP=1",
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-U",
    "postgres",
    "-d",
    "postgres",
  ];
  const cluster: Cluster = {
    port,
    psql: (sql) => asPostgres([...connection, "-q", "-A", "-t"], sql),
    timed: (role, sql) => {
      const script = ["\\o /dev/null"];
      for (let index = 0; index < WARMUP + ROUNDS; index++) {
        script.push(
          "\\timing off",
          `begin; ${role}`,
          "\\timing on",
          sql,
          "\\timing off",
          "commit;",
          "\\echo round",
        );
      }
      const output = asPostgres(connection, script.join("\n"));
      const rounds: number[] = [];
      let sum = 0;
      for (const line of output.split("\n")) {
        const time = /^Time: ([\d.]+) ms/.exec(line);
        if (time) sum += Number(time[1]);
        if (line === "round") {
          rounds.push(sum);
          sum = 0;
        }
      }
      return rounds.slice(WARMUP);
    },
    stop: () =>
      asPostgres([`${PG_BIN}/pg_ctl`, "-D", dir, "-m", "fast", "-w", "stop"]),
  };
  try {
    const migrations = execFileSync("ls", [migrationsDir], { encoding: "utf8" })
      .split("\n")
      .filter((file) => file.endsWith(".sql"))
      .map((file) => readFileSync(path.join(migrationsDir, file), "utf8"))
      .join("\n;\n");
    cluster.psql(
      `${readFileSync(path.join(root, "supabase/local/platform.sql"), "utf8")}\n;\n${migrations}\n;\ndo $$ begin if to_regclass('cron.job') is not null then update cron.job set active = false; end if; end $$;\n${seed}\n;\nvacuum analyze;`,
    );
  } catch (error) {
    cluster.stop();
    throw error;
  }
  return cluster;
}

function postgresInstalled() {
  try {
    ensureDebianPackages(`${PG_BIN}/initdb`, ["postgresql-15"]);
    ensureDebianPackages("/usr/lib/postgresql/15/lib/pg_cron.so", [
      "postgresql-15-cron",
    ]);
    return true;
  } catch (error) {
    console.log(`\n${(error as Error).message}. Measured pglite only.`);
    return false;
  }
}

async function postgres() {
  if (!postgresInstalled()) return;
  console.log("seeding PostgreSQL 15 (a few minutes)…");
  const clusters: Cluster[] = [];
  try {
    const beforeCluster = startCluster(
      "before",
      PG_PORT,
      BEFORE_MIGRATIONS,
      readFileSync(SEED_BEFORE, "utf8"),
    );
    clusters.push(beforeCluster);
    const after = startCluster(
      "after",
      PG_PORT + 1,
      AFTER_MIGRATIONS,
      `${readFileSync(SEED_AFTER, "utf8")}\n;\n${analyticsSeed("rollups")}\n;\n${auditSeed()}`,
    );
    clusters.push(after);
    const analyticsRef = refSchema(ANALYTICS_BEFORE_REF, "analytics-before");
    const analyticsBefore = startCluster(
      "analytics-before",
      PG_PORT + 2,
      analyticsRef.migrations,
      `${analyticsRef.seed}\n;\n${postsSeed()}\n;\n${analyticsSeed("daily")}`,
    );
    clusters.push(analyticsBefore);

    const one = (sql: string) =>
      after.psql(`begin; ${TEAM} ${sql} commit;`).trim().split("\n").pop() ??
      "";
    const [depthId, depthAt] = one(
      `select id || '|' || created_at from public.blog_posts order by created_at desc, id desc offset ${POST_DEPTH - 1} limit 1;`,
    ).split("|");
    const newestId = one(
      "select id from public.blog_posts order by created_at desc limit 1;",
    );
    const [itemId, itemAt] = one(
      `select id || '|' || created_at from public.inbox_items order by created_at desc, id desc offset ${INBOX_DEPTH - 1} limit 1;`,
    ).split("|");
    const [userId, userAt] = one(
      `select id || '|' || created_at from public.platform_users order by created_at desc, id desc offset ${USERS - 60} limit 1;`,
    ).split("|");
    const reads = postgresReads(
      { id: depthId!, created_at: depthAt! },
      newestId,
      { id: itemId!, created_at: itemAt! },
      { id: userId!, created_at: userAt! },
    );
    for (const read of reads) {
      const before = stats(beforeCluster.timed(read.role, read.before));
      const result = stats(after.timed(read.role, read.after));
      report("postgres", read.label, result, BEFORE_REF, before);
    }
    const person = "00000000-0000-4000-9000-000000000002";
    const kind = AUDIT_KINDS[1]!;
    const [auditId, auditAt] = one(
      `select id || '|' || at from public.audit_log where actor_id = '${person}' and kind = '${kind}' order by at desc, id desc offset ${AUDIT_DEPTH - 1} limit 1;`,
    ).split("|");
    console.log(
      `audit: ${one("select count(*) from public.audit_log;")} entries, ${one(`select count(*) from public.audit_log where actor_id = '${person}' and kind = '${kind}';`)} of one person and kind`,
    );
    for (const read of auditReads(person, kind, {
      id: auditId!,
      at: auditAt!,
    })) {
      report(
        "postgres",
        read.label,
        stats(after.timed(read.role, read.sql)),
        "",
        null,
      );
    }
    console.log(
      `analytics: ${one("select sum(views) from public.analytics_rollups where period = 'month' and dimension = 'site';")} views in closed months, ${one("select count(*) from public.analytics_rollups;")} rolled-up rows (before: ${analyticsBefore.psql("select count(*) from public.analytics_daily;").trim()} daily rows)`,
    );
    for (const read of analyticsReads()) {
      const before = stats(analyticsBefore.timed(read.role, read.before));
      const result = stats(after.timed(read.role, read.after));
      report("postgres", read.label, result, ANALYTICS_BEFORE_REF, before);
    }
  } finally {
    for (const cluster of clusters) cluster.stop();
  }
}

try {
  console.log(
    `scale bench: ${POSTS} posts, ${SUBMISSIONS} inbox rows, ${USERS} users, a year of page views and ${AUDIT_ENTRIES} audit entries (postgres); before = ${BEFORE_REF} (analytics ${ANALYTICS_BEFORE_REF}), after = this tree; ${ROUNDS} alternating rounds`,
  );
  if (ENGINES.includes("pglite")) await embedded();
  if (ENGINES.includes("postgres")) await postgres();
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (over.length > 0) {
  console.error(`\nover ${TARGET_P99_MS} ms at p99: ${over.join("; ")}`);
  process.exitCode = 1;
}
