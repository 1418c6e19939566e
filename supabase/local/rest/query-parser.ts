// Parses the PostgREST query-string grammar that supabase-js produces:
// select trees, filters, order and paging. Anything outside the supported
// subset throws UnsupportedError (501); malformed input throws ParseError (400).

export class ParseError extends Error {
  details: string | null;
  constructor(message: string, details: string | null = null) {
    super(message);
    this.details = details;
  }
}

export class UnsupportedError extends Error {}

export type SelectItem =
  | { kind: "star" }
  | { kind: "column"; name: string; alias: string | null; cast: string | null }
  | {
      kind: "embed";
      name: string;
      alias: string | null;
      hint: string | null;
      inner: boolean;
      children: SelectItem[];
    };

export type FilterOperator =
  "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "like" | "ilike" | "in" | "is";

export type ColumnFilter = {
  kind?: "column";
  /** Output names of the embeds leading to the column; empty for the root table. */
  path: string[];
  column: string;
  negate: boolean;
  operator: FilterOperator;
  value: string | string[];
};

/** `or=(…)` / `and=(…)` and their nested `and(…)` / `or(…)`, on the root table. */
export type LogicFilter = {
  kind: "logic";
  path: [];
  operator: "and" | "or";
  negate: boolean;
  children: (ColumnFilter | LogicFilter)[];
};

export type Filter = ColumnFilter | LogicFilter;

export type OrderTerm = {
  column: string;
  descending: boolean;
  nulls: "first" | "last" | null;
};

export type ParsedQuery = {
  select: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
};

const RESERVED = new Set([
  "select",
  "order",
  "limit",
  "offset",
  "columns",
  "on_conflict",
]);
const OPERATORS = new Set<string>([
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "in",
  "is",
]);
const KNOWN_UNSUPPORTED_OPERATORS = new Set([
  "match",
  "imatch",
  "cs",
  "cd",
  "ov",
  "sl",
  "sr",
  "nxl",
  "nxr",
  "adj",
  "fts",
  "plfts",
  "phfts",
  "wfts",
  "isdistinct",
  "like(any)",
  "like(all)",
]);

export function parseQuery(params: URLSearchParams): ParsedQuery {
  const selectParam = params.get("select");
  const select =
    selectParam === null || selectParam === ""
      ? [{ kind: "star" as const }]
      : parseSelect(selectParam);
  const filters: Filter[] = [];
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    const logic = /^(not\.)?(and|or)$/.exec(key);
    if (logic) {
      filters.push(
        parseLogic(logic[2] as "and" | "or", Boolean(logic[1]), value, value),
      );
      continue;
    }
    const segments = key.split(".");
    const last = segments[segments.length - 1] ?? "";
    if (
      segments.length > 1 &&
      ["order", "limit", "offset", "or", "and"].includes(last)
    ) {
      throw new UnsupportedError(`The embedded modifier "${key}"`);
    }
    filters.push(parseFilter(key, value));
  }
  return {
    select,
    filters,
    order: parseOrder(params.get("order")),
    limit: parseNonNegativeInteger(params.get("limit"), "limit"),
    offset: parseNonNegativeInteger(params.get("offset"), "offset"),
  };
}

function parseNonNegativeInteger(value: string | null, name: string) {
  if (value === null || value === "") return null;
  if (!/^\d+$/.test(value))
    throw new ParseError(`failed to parse ${name} parameter (${value})`);
  return Number(value);
}

/**
 * The body of a logic filter, `(term,term,…)`: each term is
 * `column.[not.]operator.value` or a nested `[not.]and(…)` / `[not.]or(…)`.
 * A value holding `,` `(` or `)` is written in double quotes, `\` escaping.
 */
function parseLogic(
  operator: "and" | "or",
  negate: boolean,
  body: string,
  raw: string,
): LogicFilter {
  const fail = (details: string): never => {
    throw new ParseError(`failed to parse logic tree (${raw})`, details);
  };
  if (!body.startsWith("(") || !body.endsWith(")"))
    fail('expecting "(" and ")" around the terms');
  const terms: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 1;
  for (let index = 1; index < body.length - 1; index++) {
    const char = body[index];
    if (quoted) {
      if (char === "\\") index += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === "(") depth += 1;
    else if (char === ")") {
      depth -= 1;
      if (depth < 0) fail('unexpected ")"');
    } else if (char === "," && depth === 0) {
      terms.push(body.slice(start, index));
      start = index + 1;
    }
  }
  if (quoted) fail("unterminated quote");
  if (depth !== 0) fail('expecting ")"');
  terms.push(body.slice(start, -1));
  const children = terms.map((term): ColumnFilter | LogicFilter => {
    if (term === "") return fail("an empty term");
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(term);
    if (nested) {
      return parseLogic(
        nested[2] as "and" | "or",
        Boolean(nested[1]),
        nested[3] ?? "",
        raw,
      );
    }
    const dot = term.indexOf(".");
    if (dot <= 0) return fail(`expecting "column.operator.value" in ${term}`);
    const filter = parseFilter(term.slice(0, dot), term.slice(dot + 1));
    const value = filter.value;
    return {
      ...filter,
      value: Array.isArray(value) ? value : unquoteValue(value),
    };
  });
  return { kind: "logic", path: [], operator, negate, children };
}

function unquoteValue(value: string) {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"'))
    return value;
  return value.slice(1, -1).replace(/\\(.)/gs, "$1");
}

function parseFilter(key: string, raw: string): ColumnFilter {
  const pathParts = key.split(".");
  const column = pathParts.pop() ?? "";
  if (column.includes("->"))
    throw new UnsupportedError(`JSON path filters (${key})`);
  let rest = raw;
  let negate = false;
  if (rest.startsWith("not.")) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf(".");
  const operator = dot === -1 ? rest : rest.slice(0, dot);
  const operand = dot === -1 ? "" : rest.slice(dot + 1);
  if (!OPERATORS.has(operator)) {
    if (
      KNOWN_UNSUPPORTED_OPERATORS.has(operator) ||
      /^\w+\((any|all)\)$/.test(operator) ||
      /^(fts|plfts|phfts|wfts)\(\w+\)$/.test(operator)
    ) {
      throw new UnsupportedError(`The filter operator "${operator}"`);
    }
    throw new ParseError(
      `failed to parse filter (${raw})`,
      `unexpected "${rest.slice(0, 1)}" expecting "not" or operator (eq, gt, ...)`,
    );
  }
  if (dot === -1) {
    throw new ParseError(
      `failed to parse filter (${raw})`,
      `unexpected end of input expecting "."`,
    );
  }
  let value: string | string[] = operand;
  if (operator === "in") {
    value = parseInList(operand, raw);
  } else if (operator === "is") {
    if (
      !["null", "not_null", "true", "false", "unknown"].includes(
        operand.toLowerCase(),
      )
    ) {
      throw new ParseError(
        `failed to parse filter (${raw})`,
        `unexpected "${operand}" expecting null or trilean value (unknown, true, false)`,
      );
    }
    value = operand.toLowerCase();
  } else if (operator === "like" || operator === "ilike") {
    value = operand.replaceAll("*", "%");
  }
  return {
    path: pathParts,
    column,
    negate,
    operator: operator as FilterOperator,
    value,
  };
}

function parseInList(operand: string, raw: string) {
  if (!operand.startsWith("(") || !operand.endsWith(")")) {
    throw new ParseError(
      `failed to parse filter (${raw})`,
      `expecting "(" and ")" around the list`,
    );
  }
  const body = operand.slice(1, -1);
  const values: string[] = [];
  if (body === "") return values;
  let index = 0;
  while (index <= body.length) {
    if (body[index] === '"') {
      let value = "";
      index += 1;
      while (index < body.length && body[index] !== '"') {
        if (body[index] === "\\" && index + 1 < body.length) index += 1;
        value += body[index];
        index += 1;
      }
      if (body[index] !== '"')
        throw new ParseError(
          `failed to parse filter (${raw})`,
          "unterminated quote",
        );
      index += 1;
      values.push(value);
    } else {
      const next = body.indexOf(",", index);
      const end = next === -1 ? body.length : next;
      values.push(body.slice(index, end));
      index = end;
    }
    if (index >= body.length) break;
    if (body[index] !== ",")
      throw new ParseError(`failed to parse filter (${raw})`, 'expecting ","');
    index += 1;
  }
  return values;
}

function parseOrder(value: string | null): OrderTerm[] {
  if (!value) return [];
  return value.split(",").map((term) => {
    if (term.includes("("))
      throw new UnsupportedError(`Ordering by an embedded resource (${term})`);
    if (term.includes("->"))
      throw new UnsupportedError(`Ordering by a JSON path (${term})`);
    const [column = "", ...modifiers] = term.split(".");
    let descending = false;
    let nulls: OrderTerm["nulls"] = null;
    for (const modifier of modifiers) {
      if (modifier === "asc") descending = false;
      else if (modifier === "desc") descending = true;
      else if (modifier === "nullsfirst") nulls = "first";
      else if (modifier === "nullslast") nulls = "last";
      else
        throw new ParseError(
          `failed to parse order (${value})`,
          `unexpected "${modifier}"`,
        );
    }
    if (!column) throw new ParseError(`failed to parse order (${value})`);
    return { column: unquote(column), descending, nulls };
  });
}

function unquote(name: string) {
  return name.startsWith('"') && name.endsWith('"') && name.length >= 2
    ? name.slice(1, -1)
    : name;
}

// The only type names a `select=column::type` cast may name. The SQL gets
// the listed spelling, never the caller's text.
const CAST_TYPES = new Map(
  [
    "bigint",
    "boolean",
    "bool",
    "char",
    "date",
    "double precision",
    "float4",
    "float8",
    "int",
    "int2",
    "int4",
    "int8",
    "integer",
    "interval",
    "json",
    "jsonb",
    "numeric",
    "real",
    "smallint",
    "text",
    "time",
    "timestamp",
    "timestamptz",
    "uuid",
    "varchar",
  ].map((name) => [name, name]),
);

function castType(written: string) {
  const normal = written.trim().toLowerCase().replace(/\s+/g, " ");
  const isArray = normal.endsWith("[]");
  const base = CAST_TYPES.get(isArray ? normal.slice(0, -2) : normal);
  if (!base) return null;
  return isArray ? `${base}[]` : base;
}

const AGGREGATES = new Set(["count", "sum", "avg", "max", "min"]);

/** Recursive-descent parser for `select=`; whitespace outside quotes is ignored. */
export function parseSelect(input: string): SelectItem[] {
  let position = 0;
  const fail = (expected: string): never => {
    throw new ParseError(
      `failed to parse select parameter (${input})`,
      `unexpected ${position >= input.length ? "end of input" : `"${input[position]}"`} expecting ${expected}`,
    );
  };
  const skipSpace = () => {
    while (position < input.length && /\s/.test(input[position] ?? ""))
      position += 1;
  };
  const identifier = (): string => {
    skipSpace();
    if (input[position] === '"') {
      const end = input.indexOf('"', position + 1);
      if (end === -1) fail('closing "');
      const name = input.slice(position + 1, end);
      position = end + 1;
      return name;
    }
    const match = /^(?:[^,()!:.\s"-]|-(?!>))+/.exec(input.slice(position));
    if (!match) return fail("field name");
    position += match[0].length;
    return match[0];
  };
  const items = (): SelectItem[] => {
    const list: SelectItem[] = [];
    for (;;) {
      list.push(item());
      skipSpace();
      if (input[position] === ",") {
        position += 1;
        continue;
      }
      return list;
    }
  };
  const item = (): SelectItem => {
    skipSpace();
    if (input[position] === "*") {
      position += 1;
      return { kind: "star" };
    }
    if (input.startsWith("...", position))
      throw new UnsupportedError("Spread embeds (...) in select");
    let name = identifier();
    let alias: string | null = null;
    skipSpace();
    if (input[position] === ":" && input[position + 1] !== ":") {
      position += 1;
      alias = name;
      name = identifier();
      skipSpace();
    }
    if (input.startsWith("->", position))
      throw new UnsupportedError("JSON paths (->) in select");
    let hint: string | null = null;
    let inner = false;
    while (input[position] === "!") {
      position += 1;
      const modifier = identifier();
      if (modifier === "inner") inner = true;
      else if (modifier === "left") inner = false;
      else hint = modifier;
      skipSpace();
    }
    if (input[position] === "(") {
      position += 1;
      skipSpace();
      if (input[position] === ")" && AGGREGATES.has(name))
        throw new UnsupportedError(`The aggregate ${name}() in select`);
      const children = input[position] === ")" ? [] : items();
      skipSpace();
      if (input[position] !== ")") fail('")"');
      position += 1;
      return { kind: "embed", name, alias, hint, inner, children };
    }
    if (hint !== null || inner) fail('"("');
    const aggregate = /^\.(\w+)\(\)/.exec(input.slice(position));
    if (aggregate && AGGREGATES.has(aggregate[1] ?? ""))
      throw new UnsupportedError(`The aggregate ${aggregate[0]} in select`);
    let cast: string | null = null;
    if (input.startsWith("::", position)) {
      position += 2;
      const written = identifier();
      cast = castType(written);
      // A type name PostgREST would pass to PostgreSQL is valid syntax; one
      // this server does not cast to is outside the subset.
      if (
        cast === null &&
        /^\w+(\[\])?$/.test(written) &&
        /^\s*($|[,)])/.test(input.slice(position))
      )
        throw new UnsupportedError(`The cast ::${written} in select`);
      if (cast === null) fail("a type name");
    }
    return { kind: "column", name, alias, cast };
  };
  const result = items();
  skipSpace();
  if (position < input.length) fail('"," or end of input');
  return result;
}
