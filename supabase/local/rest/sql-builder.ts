import type {
  ColumnFilter,
  Filter,
  LogicFilter,
  OrderTerm,
  SelectItem,
} from "./query-parser.ts";
import type { ForeignKey, SchemaCache, Table } from "./schema-cache.ts";

/** A PostgREST error with its HTTP status, raised while planning a request. */
export class PlanError extends Error {
  status: number;
  code: string;
  details: string | null;
  hint: string | null;
  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }
}

/**
 * Every column a request names must be one the schema cache lists for its
 * table; PostgREST's answer for one it does not know.
 */
export function requireColumn(table: Table, column: string) {
  if (!table.columns.has(column)) {
    throw new PlanError(
      400,
      "42703",
      `column ${table.name}.${column} does not exist`,
    );
  }
}

export function ident(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(table: string) {
  return `public.${ident(table)}`;
}

export class Params {
  values: unknown[] = [];
  add(value: unknown) {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

type Node = {
  table: Table;
  alias: string;
  items: SelectItem[];
  embeds: Embed[];
  filters: Filter[];
};

type Embed = Node & {
  outputName: string;
  inner: boolean;
  toOne: boolean;
  /** Pairs of (column in this embed, column in the parent) that join them. */
  join: { child: string; parent: string }[];
};

export function requireTable(cache: SchemaCache, name: string) {
  const table = cache.tables.get(name);
  if (!table) {
    throw new PlanError(
      404,
      "PGRST205",
      `Could not find the table 'public.${name}' in the schema cache`,
    );
  }
  return table;
}

/** Builds the select tree: resolves each embed to a foreign key, PostgREST-style. */
export function planSelect(
  cache: SchemaCache,
  table: Table,
  items: SelectItem[],
  filters: Filter[],
) {
  let aliasCounter = 0;
  const nextAlias = () => `t${++aliasCounter}`;
  const build = (
    nodeTable: Table,
    alias: string,
    nodeItems: SelectItem[],
  ): Node => {
    const embeds: Embed[] = [];
    for (const item of nodeItems) {
      if (item.kind === "column") requireColumn(nodeTable, item.name);
      if (item.kind !== "embed") continue;
      const byColumn = columnRelationship(cache, nodeTable, item.name);
      const related =
        byColumn?.table ?? requireRelatedTable(cache, nodeTable, item.name);
      const relation =
        byColumn && item.hint === null
          ? byColumn.relation
          : resolveRelationship(cache, nodeTable, related, item.hint);
      const child = build(related, nextAlias(), item.children);
      embeds.push({
        ...child,
        outputName: item.alias ?? item.name,
        inner: item.inner,
        toOne: relation.toOne,
        join: relation.join,
      });
    }
    return { table: nodeTable, alias, items: nodeItems, embeds, filters: [] };
  };
  const root = build(table, "t0", items);
  for (const filter of filters) {
    if (filter.kind === "logic") {
      requireLogicColumns(table, filter);
      root.filters.push(filter);
      continue;
    }
    let node: Node = root;
    for (const segment of filter.path) {
      const embed = node.embeds.find(
        (candidate) => candidate.outputName === segment,
      );
      if (!embed) {
        throw new PlanError(
          400,
          "PGRST108",
          `'${segment}' is not an embedded resource in this request`,
          null,
          `Verify that '${segment}' is included in the 'select' query parameter.`,
        );
      }
      node = embed;
    }
    requireColumn(node.table, filter.column);
    node.filters.push(filter);
  }
  return root;
}

function requireLogicColumns(table: Table, filter: LogicFilter) {
  for (const child of filter.children) {
    if (child.kind === "logic") requireLogicColumns(table, child);
    else requireColumn(table, child.column);
  }
}

/**
 * PostgREST also embeds through a foreign key column named in place of the
 * table (`parent(*)` for a `parent` column referencing the same or another
 * table): the many-to-one side of that key.
 */
function columnRelationship(cache: SchemaCache, parent: Table, name: string) {
  if (!parent.columns.has(name)) return null;
  const fk = cache.foreignKeys.find(
    (candidate) =>
      candidate.table === parent.name &&
      candidate.columns.length === 1 &&
      candidate.columns[0] === name,
  );
  const table = fk ? cache.tables.get(fk.foreignTable) : undefined;
  if (!fk || !table) return null;
  return {
    table,
    relation: {
      toOne: true,
      join: [{ child: fk.foreignColumns[0] ?? "", parent: name }],
    },
  };
}

function requireRelatedTable(cache: SchemaCache, parent: Table, name: string) {
  const table = cache.tables.get(name);
  if (!table) throw noRelationship(parent.name, name);
  return table;
}

function noRelationship(parent: string, child: string) {
  return new PlanError(
    400,
    "PGRST200",
    `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${child}' in the schema 'public', but no matches were found.`,
  );
}

function sameColumns(a: string[], b: string[]) {
  return a.length === b.length && a.every((column) => b.includes(column));
}

function resolveRelationship(
  cache: SchemaCache,
  parent: Table,
  child: Table,
  hint: string | null,
) {
  type Candidate = {
    fk: ForeignKey;
    toOne: boolean;
    join: { child: string; parent: string }[];
  };
  const candidates: Candidate[] = [];
  for (const fk of cache.foreignKeys) {
    // Parent holds the key: many-to-one, embedded as an object. A table
    // embedded in itself by its own name is its children (one-to-many), as
    // PostgREST reads a self-referencing key; its parent is embedded by the
    // key's column.
    if (
      fk.table === parent.name &&
      fk.foreignTable === child.name &&
      parent.name !== child.name
    ) {
      candidates.push({
        fk,
        toOne: true,
        join: fk.columns.map((column, index) => ({
          child: fk.foreignColumns[index] ?? "",
          parent: column,
        })),
      });
    }
    // Child holds the key: one-to-many (an array) unless the key is also unique there.
    if (fk.table === child.name && fk.foreignTable === parent.name) {
      candidates.push({
        fk,
        toOne: child.uniqueKeys.some((key) => sameColumns(key, fk.columns)),
        join: fk.columns.map((column, index) => ({
          child: column,
          parent: fk.foreignColumns[index] ?? "",
        })),
      });
    }
  }
  const matching = hint
    ? candidates.filter(
        (candidate) =>
          candidate.fk.name === hint || candidate.fk.columns.includes(hint),
      )
    : candidates;
  if (matching.length === 0) throw noRelationship(parent.name, child.name);
  if (matching.length > 1) {
    throw new PlanError(
      300,
      "PGRST201",
      `Could not embed because more than one relationship was found for '${parent.name}' and '${child.name}'`,
      matching.map((candidate) => candidate.fk.name).join(", "),
      `Try changing '${child.name}' to one of the following: ${matching
        .map((candidate) => `'${child.name}!${candidate.fk.name}'`)
        .join(", ")}.`,
    );
  }
  const chosen = matching[0] as Candidate;
  return { toOne: chosen.toOne, join: chosen.join };
}

function selectList(node: Node) {
  const parts: string[] = [];
  for (const item of node.items) {
    if (item.kind === "star") {
      parts.push(`${node.alias}.*`);
    } else if (item.kind === "column") {
      const expression = `${node.alias}.${ident(item.name)}${item.cast ? `::${item.cast}` : ""}`;
      parts.push(`${expression} as ${ident(item.alias ?? item.name)}`);
    }
  }
  for (const embed of node.embeds) {
    // An empty embed `rel()` only filters the parent; PostgREST leaves it out.
    if (embed.items.length === 0) continue;
    const value = `${embed.alias}_j.v`;
    parts.push(
      `${embed.toOne ? value : `coalesce(${value}, '[]'::json)`} as ${ident(embed.outputName)}`,
    );
  }
  return parts.length > 0 ? parts.join(", ") : "";
}

function filterSql(alias: string, filter: Filter, params: Params): string {
  if (filter.kind === "logic") {
    const joined = filter.children
      .map((child) => filterSql(alias, child, params))
      .join(` ${filter.operator} `);
    return filter.negate ? `not (${joined})` : `(${joined})`;
  }
  return columnFilterSql(alias, filter, params);
}

function columnFilterSql(alias: string, filter: ColumnFilter, params: Params) {
  const column = `${alias}.${ident(filter.column)}`;
  let condition: string;
  switch (filter.operator) {
    case "eq":
      condition = `${column} = ${params.add(filter.value)}`;
      break;
    case "neq":
      condition = `${column} <> ${params.add(filter.value)}`;
      break;
    case "gt":
      condition = `${column} > ${params.add(filter.value)}`;
      break;
    case "gte":
      condition = `${column} >= ${params.add(filter.value)}`;
      break;
    case "lt":
      condition = `${column} < ${params.add(filter.value)}`;
      break;
    case "lte":
      condition = `${column} <= ${params.add(filter.value)}`;
      break;
    case "like":
      condition = `${column} like ${params.add(filter.value)}`;
      break;
    case "ilike":
      condition = `${column} ilike ${params.add(filter.value)}`;
      break;
    case "in":
      condition = `${column} = any(${params.add(arrayLiteral(filter.value as string[]))})`;
      break;
    case "is":
      condition =
        filter.value === "not_null"
          ? `${column} is not null`
          : `${column} is ${filter.value}`;
      break;
  }
  return filter.negate ? `not (${condition})` : condition;
}

function arrayLiteral(values: string[]) {
  return `{${values.map((value) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
}

function joinConditions(embed: Embed, parentAlias: string) {
  return embed.join.map(
    ({ child, parent }) =>
      `${embed.alias}.${ident(child)} = ${parentAlias}.${ident(parent)}`,
  );
}

/** The WHERE terms of a node: its own filters plus "has a match" for each !inner embed. */
export function whereTerms(node: Node, params: Params) {
  const terms = node.filters.map((filter) =>
    filterSql(node.alias, filter, params),
  );
  for (const embed of node.embeds) {
    if (embed.inner) terms.push(existsSql(embed, node.alias, params));
  }
  return terms;
}

function existsSql(embed: Embed, parentAlias: string, params: Params): string {
  const terms = [
    ...joinConditions(embed, parentAlias),
    ...whereTerms(embed, params),
  ];
  return `exists (select 1 from ${qualified(embed.table.name)} as ${embed.alias} where ${terms.join(" and ")})`;
}

function lateralJoins(node: Node, params: Params): string {
  return node.embeds
    .filter((embed) => embed.items.length > 0)
    .map((embed) => {
      const terms = [
        ...joinConditions(embed, node.alias),
        ...whereTerms(embed, params),
      ];
      const inner = `select ${selectList(embed) || "1 as _"} from ${qualified(embed.table.name)} as ${embed.alias} ${lateralJoins(embed, params)} where ${terms.join(" and ")}`;
      const aggregate = embed.toOne
        ? `select row_to_json(_r) as v from (${inner} limit 1) _r`
        : `select json_agg(_r) as v from (${inner}) _r`;
      return `left join lateral (${aggregate}) as ${embed.alias}_j on true`;
    })
    .join(" ");
}

export function orderSql(alias: string, order: OrderTerm[]) {
  if (order.length === 0) return "";
  return `order by ${order
    .map(
      (term) =>
        `${alias}.${ident(term.column)} ${term.descending ? "desc" : "asc"}${term.nulls ? ` nulls ${term.nulls}` : ""}`,
    )
    .join(", ")}`;
}

/**
 * Wraps rows (already filtered, ordered and paged, available as `source` aliased t0)
 * with the select list and embeds, and aggregates them into one JSON text value.
 */
export function projectRows(
  root: Node,
  source: string,
  order: OrderTerm[],
  params: Params,
) {
  const list = selectList(root);
  const rows = `select ${list || "1 as _"} from ${source} as t0 ${lateralJoins(root, params)} ${orderSql("t0", order)}`;
  const objects = list ? "_r" : "'{}'::json";
  return `select coalesce(json_agg(${objects}), '[]'::json)::text as body, count(*)::int as n from (${rows}) _r`;
}
