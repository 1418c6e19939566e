// `npm run db:types`: the app's `Database` type, read from the embedded
// database after every migration, in the shape `supabase gen types typescript`
// writes, so the same file comes out of a hosted project's generator.
// `--check` regenerates in memory and fails when the checked-in file differs.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { format, resolveConfig } from "prettier";
import { openDatabase, type Transaction } from "./database.ts";
import { demoPassword } from "./demo-accounts.ts";

const projectPath = (relative: string) =>
  fileURLToPath(new URL(`../../${relative}`, import.meta.url));

export const DATABASE_TYPES_FILE = projectPath("app/utils/database.types.ts");
const SCHEMA = "public";

type Column = {
  table: string;
  name: string;
  type: string;
  element: string | null;
  typtype: string;
  nullable: boolean;
  hasDefault: boolean;
  identity: boolean;
  generated: boolean;
  updatable: boolean;
};

type Relation = { name: string; kind: "r" | "p" | "v" | "m" | "f" };

type ForeignKey = {
  table: string;
  name: string;
  columns: string[];
  referenced: string;
  referencedColumns: string[];
  oneToOne: boolean;
};

type FunctionRow = {
  name: string;
  argNames: string[] | null;
  argTypes: string[];
  argModes: string[] | null;
  defaults: number;
  returns: string;
  returnsSet: boolean;
  returnTyptype: string;
  returnRelation: string | null;
};

async function readSchema(tx: Transaction) {
  const relations = (
    await tx.query<Relation>(
      `select c.relname as name, c.relkind as kind
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
        order by c.relname`,
      [SCHEMA],
    )
  ).rows;
  const columns = (
    await tx.query<Column>(
      `select c.relname as table, a.attname as name, t.typname as type,
              e.typname as element, coalesce(e.typtype, t.typtype) as typtype,
              not a.attnotnull as nullable, a.atthasdef as "hasDefault",
              a.attidentity <> '' as identity, a.attgenerated <> '' as generated,
              (c.relkind in ('r', 'p') or pg_column_is_updatable(c.oid, a.attnum, false)) as updatable
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_type t on t.oid = a.atttypid
         left join pg_type e on e.oid = t.typelem and t.typcategory = 'A'
        where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
          and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attname`,
      [SCHEMA],
    )
  ).rows;
  const foreignKeys = (
    await tx.query<ForeignKey>(
      `select c.relname as table, k.conname as name,
              array(select a.attname from unnest(k.conkey) with ordinality u(n, i)
                      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
              r.relname as referenced,
              array(select a.attname from unnest(k.confkey) with ordinality u(n, i)
                      join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as "referencedColumns",
              exists (select 1 from pg_index i where i.indrelid = k.conrelid and i.indisunique
                        and i.indkey::int2[] @> k.conkey and k.conkey @> i.indkey::int2[]) as "oneToOne"
         from pg_constraint k
         join pg_class c on c.oid = k.conrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_class r on r.oid = k.confrelid
         join pg_namespace rn on rn.oid = r.relnamespace
        where k.contype = 'f' and n.nspname = $1 and rn.nspname = $1
        order by c.relname, k.conname`,
      [SCHEMA],
    )
  ).rows;
  const functions = (
    await tx.query<FunctionRow>(
      `select p.proname as name, p.proargnames as "argNames",
              array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) as "argTypes",
              p.proargmodes::text[] as "argModes", p.pronargdefaults as defaults,
              rt.typname as returns, p.proretset as "returnsSet", rt.typtype as "returnTyptype",
              rc.relname as "returnRelation"
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         join pg_type rt on rt.oid = p.prorettype
         left join pg_class rc on rc.oid = rt.typrelid and rc.relnamespace = n.oid
        where n.nspname = $1 and p.prokind = 'f' and rt.typname <> 'trigger'
        order by p.proname, p.oid`,
      [SCHEMA],
    )
  ).rows;
  const enums = (
    await tx.query<{ name: string; labels: string[] }>(
      `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as labels
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
         join pg_enum e on e.enumtypid = t.oid
        where n.nspname = $1 group by t.typname order by t.typname`,
      [SCHEMA],
    )
  ).rows;
  return { relations, columns, foreignKeys, functions, enums };
}

const NUMBER = new Set([
  "int2",
  "int4",
  "int8",
  "float4",
  "float8",
  "numeric",
  "oid",
]);

/** A Postgres type name as TypeScript, as the Supabase generator maps it. */
function tsType(name: string, typtype: string): string {
  const base = name.replace(/\[\]$/, "").replace(/^_/, "");
  if (name.endsWith("[]") || name.startsWith("_"))
    return `${tsType(base, typtype)}[]`;
  if (typtype === "e") return `Database["${SCHEMA}"]["Enums"]["${base}"]`;
  if (base === "bool" || base === "boolean") return "boolean";
  if (
    NUMBER.has(base) ||
    /^(smallint|integer|bigint|real|double precision)$/.test(base)
  )
    return "number";
  if (base === "json" || base === "jsonb") return "Json";
  if (base === "void") return "undefined";
  if (base === "record") return "Record<string, unknown>";
  return "string";
}

const quoteKey = (key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);

const never = "{ [_ in never]: never }";

function objectType(entries: string[]) {
  return entries.length === 0 ? never : `{\n${entries.join("\n")}\n}`;
}

function render(schema: Awaited<ReturnType<typeof readSchema>>) {
  const columnsOf = (table: string) =>
    schema.columns.filter((column) => column.table === table);
  const columnType = (column: Column) =>
    tsType(
      column.element ? `${column.element}[]` : column.type,
      column.typtype,
    );
  const relationships = (table: string) => {
    const keys = schema.foreignKeys.filter((key) => key.table === table);
    if (keys.length === 0) return "[]";
    return `[\n${keys
      .map(
        (key) => `{
          foreignKeyName: ${JSON.stringify(key.name)}
          columns: ${JSON.stringify(key.columns)}
          isOneToOne: ${key.oneToOne}
          referencedRelation: ${JSON.stringify(key.referenced)}
          referencedColumns: ${JSON.stringify(key.referencedColumns)}
        },`,
      )
      .join("\n")}\n]`;
  };
  const row = (table: string) =>
    objectType(
      columnsOf(table).map(
        (column) =>
          `${quoteKey(column.name)}: ${columnType(column)}${column.nullable ? " | null" : ""}`,
      ),
    );
  const write = (table: string, insert: boolean) =>
    objectType(
      columnsOf(table).map((column) => {
        if (column.generated || !column.updatable)
          return `${quoteKey(column.name)}?: never`;
        const optional =
          !insert || column.nullable || column.hasDefault || column.identity;
        return `${quoteKey(column.name)}${optional ? "?" : ""}: ${columnType(column)}${column.nullable ? " | null" : ""}`;
      }),
    );
  const relation = (name: string, writable: boolean) =>
    `${quoteKey(name)}: {
      Row: ${row(name)}
      ${writable ? `Insert: ${write(name, true)}\nUpdate: ${write(name, false)}` : ""}
      Relationships: ${relationships(name)}
    }`;
  const tables = schema.relations
    .filter((r) => r.kind === "r" || r.kind === "p" || r.kind === "f")
    .map((r) => relation(r.name, true));
  const views = schema.relations
    .filter((r) => r.kind === "v" || r.kind === "m")
    .map((r) =>
      relation(
        r.name,
        r.kind === "v" && columnsOf(r.name).some((c) => c.updatable),
      ),
    );
  const functionsByName = new Map<string, string[]>();
  for (const fn of schema.functions) {
    const inputs = fn.argTypes
      .map((type, index) => ({
        type,
        name: fn.argNames?.[index] ?? "",
        mode: fn.argModes?.[index] ?? "i",
      }))
      .filter((arg) => arg.mode === "i" || arg.mode === "b");
    const firstDefault = inputs.length - fn.defaults;
    const args =
      inputs.length === 0
        ? "never"
        : objectType(
            inputs.map(
              (arg, index) =>
                `${quoteKey(arg.name)}${index >= firstDefault ? "?" : ""}: ${tsType(arg.type, "b")}`,
            ),
          );
    let returns = fn.returnRelation
      ? row(fn.returnRelation)
      : tsType(fn.returns, fn.returnTyptype);
    if (fn.returnsSet) returns = `${returns}[]`;
    const signature = `{ Args: ${args}; Returns: ${returns} }`;
    functionsByName.set(fn.name, [
      ...(functionsByName.get(fn.name) ?? []),
      signature,
    ]);
  }
  const functions = [...functionsByName].map(
    ([name, signatures]) => `${quoteKey(name)}: ${signatures.join(" | ")}`,
  );
  const enums = schema.enums.map(
    (e) =>
      `${quoteKey(e.name)}: ${e.labels.map((label) => JSON.stringify(label)).join(" | ")}`,
  );
  return `// Generated by \`npm run db:types\` from supabase/migrations; do not edit.

export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  ${SCHEMA}: {
    Tables: ${objectType(tables)}
    Views: ${objectType(views)}
    Functions: ${objectType(functions)}
    Enums: ${objectType(enums)}
    CompositeTypes: ${never}
  }
}

type PublicSchema = Database["${SCHEMA}"]

export type Tables<T extends keyof (PublicSchema["Tables"] & PublicSchema["Views"])> =
  (PublicSchema["Tables"] & PublicSchema["Views"])[T] extends { Row: infer R } ? R : never

export type TablesInsert<T extends keyof PublicSchema["Tables"]> =
  PublicSchema["Tables"][T]["Insert"]

export type TablesUpdate<T extends keyof PublicSchema["Tables"]> =
  PublicSchema["Tables"][T]["Update"]

export type Enums<T extends keyof PublicSchema["Enums"]> = PublicSchema["Enums"][T]
`;
}

/** The generated module's text, formatted as the repository formats code. */
export async function generateDatabaseTypes() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "db-types-"));
  try {
    const db = await openDatabase({
      dataDir,
      migrationsDir: projectPath("supabase/migrations"),
      seedFile: projectPath("supabase/seed.sql"),
      reset: false,
      demoPassword: demoPassword(),
      // The server's snapshots: after a start, this costs a copy, not a migrate.
      templateCacheDir: projectPath(".data/supabase-cache"),
      log: () => {},
    });
    try {
      const source = render(await db.admin(readSchema));
      const config = await resolveConfig(DATABASE_TYPES_FILE);
      return await format(source, {
        ...config,
        filepath: DATABASE_TYPES_FILE,
      });
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { check: { type: "boolean", default: false } },
  });
  const generated = await generateDatabaseTypes();
  const relative = path.relative(projectPath(""), DATABASE_TYPES_FILE);
  if (values.check) {
    const current = await readFile(DATABASE_TYPES_FILE, "utf8").catch(() => "");
    if (current !== generated) {
      console.error(
        `${relative} does not match supabase/migrations: run \`npm run db:types\` and commit it.`,
      );
      process.exit(1);
    }
    console.log(`${relative} is up to date.`);
  } else {
    await writeFile(DATABASE_TYPES_FILE, generated);
    console.log(`wrote ${relative}`);
  }
}
