import type { Transaction } from "../database.ts";

export type Column = { name: string; type: string };

export type Table = {
  name: string;
  columns: Map<string, Column>;
  primaryKey: string[];
  uniqueKeys: string[][];
};

/** A foreign key between two tables of the public schema. */
export type ForeignKey = {
  name: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
};

export type RpcFunction = {
  name: string;
  args: { name: string; type: string; hasDefault: boolean }[];
  returnsSet: boolean;
  returnsVoid: boolean;
  /** The table whose rows it returns, when its result is a table's row type. */
  returnsTable: string | null;
};

export type SchemaCache = {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, RpcFunction[]>;
};

type TableRow = { name: string };
type ColumnRow = { table_name: string; name: string; type: string };
type ConstraintRow = {
  name: string;
  kind: "p" | "u" | "f";
  table_name: string;
  columns: string[];
  foreign_table: string | null;
  foreign_schema: string | null;
  foreign_columns: string[] | null;
};
type FunctionRow = {
  name: string;
  arg_types: string[];
  all_arg_names: string[] | null;
  arg_modes: string[] | null;
  default_count: number;
  returns_set: boolean;
  return_type: string;
};

/** Reads what PostgREST keeps in its schema cache, for the public schema only. */
export async function loadSchemaCache(tx: Transaction): Promise<SchemaCache> {
  const tableRows = (
    await tx.query<TableRow>(
      `select c.relname as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')`,
    )
  ).rows;
  const columnRows = (
    await tx.query<ColumnRow>(
      `select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
          and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
    )
  ).rows;
  const constraintRows = (
    await tx.query<ConstraintRow>(
      `select con.conname as name, con.contype as kind, c.relname as table_name,
              array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
                      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num
                     order by k.ord) as columns,
              fc.relname as foreign_table, fn.nspname as foreign_schema,
              case when con.contype = 'f' then
                array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
                        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num
                       order by k.ord) end as foreign_columns
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
         join pg_namespace n on n.oid = c.relnamespace
         left join pg_class fc on fc.oid = con.confrelid
         left join pg_namespace fn on fn.oid = fc.relnamespace
        where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
        order by con.conname`,
    )
  ).rows;
  const functionRows = (
    await tx.query<FunctionRow>(
      `select p.proname as name,
              array(select format_type(t, null) from unnest(p.proargtypes::oid[]) with ordinality u(t, ord) order by ord) as arg_types,
              p.proargnames::text[] as all_arg_names,
              p.proargmodes::text[] as arg_modes,
              p.pronargdefaults::int as default_count,
              p.proretset as returns_set,
              format_type(p.prorettype, null) as return_type
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f'
        order by p.oid`,
    )
  ).rows;

  const tables = new Map<string, Table>();
  for (const row of tableRows) {
    tables.set(row.name, {
      name: row.name,
      columns: new Map(),
      primaryKey: [],
      uniqueKeys: [],
    });
  }
  for (const row of columnRows) {
    tables
      .get(row.table_name)
      ?.columns.set(row.name, { name: row.name, type: row.type });
  }
  const foreignKeys: ForeignKey[] = [];
  for (const row of constraintRows) {
    const table = tables.get(row.table_name);
    if (!table) continue;
    if (row.kind === "p") {
      table.primaryKey = row.columns;
      table.uniqueKeys.push(row.columns);
    } else if (row.kind === "u") {
      table.uniqueKeys.push(row.columns);
    } else if (
      row.foreign_schema === "public" &&
      row.foreign_table &&
      row.foreign_columns
    ) {
      foreignKeys.push({
        name: row.name,
        table: row.table_name,
        columns: row.columns,
        foreignTable: row.foreign_table,
        foreignColumns: row.foreign_columns,
      });
    }
  }

  const functions = new Map<string, RpcFunction[]>();
  for (const row of functionRows) {
    const modes = row.arg_modes;
    const names = row.all_arg_names ?? [];
    // proargnames covers every argument (including OUT ones) when proargmodes is set.
    const inputNames = modes
      ? names.filter((_, index) =>
          ["i", "b", "v"].includes(modes[index] ?? "i"),
        )
      : names;
    const args = row.arg_types.map((type, index) => ({
      name: inputNames[index] ?? "",
      type,
      hasDefault: index >= row.arg_types.length - row.default_count,
    }));
    const returned = row.return_type.replace(/^public\./, "");
    const fn: RpcFunction = {
      name: row.name,
      args,
      returnsSet: row.returns_set,
      returnsVoid: row.return_type === "void",
      returnsTable: tables.has(returned) ? returned : null,
    };
    functions.set(row.name, [...(functions.get(row.name) ?? []), fn]);
  }
  return { tables, foreignKeys, functions };
}
