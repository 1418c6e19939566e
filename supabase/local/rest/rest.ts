import { notSupported, type Caller, type ServerContext } from "../context.ts";
import { empty, json, jsonText } from "../http.ts";
import type { Transaction } from "../database.ts";
import {
  ParseError,
  parseQuery,
  parseSelect,
  UnsupportedError,
  type ParsedQuery,
} from "./query-parser.ts";
import type { RpcFunction, SchemaCache, Table } from "./schema-cache.ts";
import {
  ident,
  orderSql,
  Params,
  PlanError,
  planSelect,
  projectRows,
  qualified,
  requireColumn,
  requireTable,
  whereTerms,
} from "./sql-builder.ts";

const OBJECT_MEDIA_TYPE = "application/vnd.pgrst.object+json";

/** The Prefer header as PostgREST reads it: the first value of each kind wins. */
type Prefer = {
  return: "representation" | "minimal" | "headers-only" | null;
  count: "exact" | "planned" | "estimated" | null;
  resolution: "merge-duplicates" | "ignore-duplicates" | null;
  missing: "default" | "null" | null;
  tx: "commit" | "rollback" | null;
  handling: "strict" | "lenient" | null;
  timezone: string | null;
  maxAffected: number | null;
  invalid: string[];
};

const PREFERENCES = {
  return: ["representation", "minimal", "headers-only"],
  count: ["exact", "planned", "estimated"],
  resolution: ["merge-duplicates", "ignore-duplicates"],
  missing: ["default", "null"],
  tx: ["commit", "rollback"],
  handling: ["strict", "lenient"],
} as const;

type Rows = { body: string; n: number };

/** What a request is, for the preferences PostgREST applies to it. */
type Action = "read" | "create" | "update" | "delete" | "rpc";

/** A write's table and what the request asked of its answer. */
type MutationTarget = {
  table: Table;
  query: ParsedQuery;
  prefer: Prefer;
  asObject: boolean;
};

function parsePrefer(request: Request): Prefer {
  const prefer: Prefer = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    tx: null,
    handling: null,
    timezone: null,
    maxAffected: null,
    invalid: [],
  };
  const parts = (request.headers.get("prefer") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  for (const part of parts) {
    const [key = "", value = ""] = part.split("=", 2);
    if (key === "timezone" && value !== "") {
      prefer.timezone ??= value;
      continue;
    }
    if (key === "max-affected") {
      if (/^\d+$/.test(value)) prefer.maxAffected ??= Number(value);
      continue;
    }
    const known = PREFERENCES[key as keyof typeof PREFERENCES] as
      readonly string[] | undefined;
    if (known?.includes(value)) {
      const slot = key as keyof typeof PREFERENCES;
      (prefer as Record<string, unknown>)[slot] ??= value;
    } else {
      prefer.invalid.push(part);
    }
  }
  if (prefer.handling === "strict" && prefer.invalid.length > 0) {
    throw new PlanError(
      400,
      "PGRST122",
      "Invalid preferences given with handling=strict",
      `Invalid preferences: ${prefer.invalid.join(", ")}`,
    );
  }
  if (prefer.return === "headers-only")
    throw new UnsupportedError("Prefer: return=headers-only");
  if (prefer.count === "planned" || prefer.count === "estimated")
    throw new UnsupportedError(
      `Prefer: count=${prefer.count} (the planner's estimate)`,
    );
  if (prefer.missing === "default")
    throw new UnsupportedError("Prefer: missing=default");
  if (prefer.timezone !== null) throw new UnsupportedError("Prefer: timezone");
  return prefer;
}

/** PostgREST's Preference-Applied: what it honoured of Prefer, in its order. */
function preferenceApplied(
  prefer: Prefer,
  action: Action,
  resolutionApplies = false,
): Record<string, string> {
  const mutation =
    action === "create" || action === "update" || action === "delete";
  const values = [
    action === "create" && resolutionApplies && prefer.resolution
      ? `resolution=${prefer.resolution}`
      : null,
    (action === "create" || action === "update") && prefer.missing
      ? `missing=${prefer.missing}`
      : null,
    mutation && prefer.return ? `return=${prefer.return}` : null,
    prefer.count ? `count=${prefer.count}` : null,
    prefer.tx ? `tx=${prefer.tx}` : null,
    prefer.handling ? `handling=${prefer.handling}` : null,
    prefer.handling === "strict" &&
    prefer.maxAffected !== null &&
    (action === "update" || action === "delete" || action === "rpc")
      ? `max-affected=${prefer.maxAffected}`
      : null,
  ].filter((value) => value !== null);
  return values.length > 0 ? { "preference-applied": values.join(", ") } : {};
}

/** The answer of a `tx=rollback` request, carried out of the transaction it undoes. */
class RollbackWith<T> {
  readonly result: T;
  constructor(result: T) {
    this.result = result;
  }
}

const MEDIA_ANY = new Set(["*/*", "application/*", "application/json"]);
// Media types PostgREST can answer with that this server does not produce.
const MEDIA_UNSUPPORTED = new Set([
  "text/csv",
  "application/geo+json",
  "application/openapi+json",
]);
const MEDIA_RPC_UNSUPPORTED = new Set([
  "text/plain",
  "text/xml",
  "application/octet-stream",
]);

/**
 * Accept negotiation as PostgREST does it, highest q first: JSON, the single
 * object, or a 406 PGRST107 naming what was asked for; a media type
 * PostgREST serves and this server does not is a 501.
 */
function wantsObject(request: Request, action: Action = "read") {
  const header = request.headers.get("accept")?.trim() ?? "";
  if (header === "") return false;
  const entries = header
    .split(",")
    .map((entry, index) => {
      const [type = "", ...params] = entry.split(";").map((p) => p.trim());
      const q = params
        .map((param) => /^q=([0-9.]+)$/.exec(param)?.[1])
        .find((value) => value !== undefined);
      return {
        mime: type.toLowerCase(),
        params: params.map((param) => param.toLowerCase()),
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((entry) => entry.mime !== "" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { mime, params } of entries) {
    if (mime.startsWith("application/vnd.pgrst.plan"))
      throw new UnsupportedError(
        "Execution plans (explain(), Accept: application/vnd.pgrst.plan)",
      );
    if (
      MEDIA_UNSUPPORTED.has(mime) ||
      (action === "rpc" && MEDIA_RPC_UNSUPPORTED.has(mime))
    )
      throw new UnsupportedError(`Accept: ${mime}`);
    const stripped = params.some((param) => param === "nulls=stripped");
    if (
      mime === OBJECT_MEDIA_TYPE ||
      mime === "application/vnd.pgrst.array+json"
    ) {
      if (stripped) throw new UnsupportedError("nulls=stripped responses");
      return mime === OBJECT_MEDIA_TYPE;
    }
    if (MEDIA_ANY.has(mime)) return false;
  }
  throw new PlanError(
    406,
    "PGRST107",
    `None of these media types are available: ${entries.map((entry) => entry.mime).join(", ")}`,
  );
}

function singleObject(rows: Rows) {
  if (rows.n !== 1) {
    throw new PlanError(
      406,
      "PGRST116",
      "JSON object requested, multiple (or no) rows returned",
      `The result contains ${rows.n} rows`,
    );
  }
  return JSON.stringify((JSON.parse(rows.body) as unknown[])[0]);
}

function rowsResponse(
  status: number,
  rows: Rows,
  asObject: boolean,
  headers: Record<string, string>,
) {
  if (asObject) {
    return jsonText(status, singleObject(rows), {
      ...headers,
      "content-type": `${OBJECT_MEDIA_TYPE}; charset=utf-8`,
    });
  }
  return jsonText(status, rows.body, headers);
}

type DatabaseErrorLike = {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
};

function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  return (
    error instanceof Error &&
    typeof (error as DatabaseErrorLike).code === "string" &&
    /^[0-9A-Z]{5}$/.test((error as DatabaseErrorLike).code ?? "")
  );
}

/** PostgREST's mapping of SQLSTATE to HTTP status. */
function statusForSqlState(code: string, caller: Caller) {
  if (code === "42501") return caller.role === "anon" ? 401 : 403;
  if (code === "23505" || code === "23503") return 409;
  if (code === "42P01" || code === "42883") return 404;
  if (code === "25006") return 405;
  if (
    code === "53400" ||
    code.startsWith("53") ||
    code.startsWith("58") ||
    code.startsWith("XX")
  )
    return 500;
  if (code === "57014") return 500;
  if (code === "40001") return 409;
  return 400;
}

export function restErrorResponse(error: unknown, caller: Caller) {
  if (error instanceof PlanError) {
    return json(error.status, {
      code: error.code,
      details: error.details,
      hint: error.hint,
      message: error.message,
    });
  }
  if (error instanceof UnsupportedError)
    return notSupported(`${error.message} (PostgREST)`);
  if (error instanceof ParseError) {
    return json(400, {
      code: "PGRST100",
      details: error.details,
      hint: null,
      message: error.message,
    });
  }
  if (isDatabaseError(error)) {
    const code = error.code as string;
    return json(statusForSqlState(code, caller), {
      code,
      details: error.detail ?? null,
      hint: error.hint ?? null,
      message: error.message,
    });
  }
  throw error;
}

function contentRange(offset: number, count: number, total: number | null) {
  const range = count === 0 ? "*" : `${offset}-${offset + count - 1}`;
  return `${range}/${total ?? "*"}`;
}

function rangeFromHeader(request: Request) {
  const header = request.headers.get("range");
  const match = header?.match(/^\s*(\d+)-(\d*)\s*$/);
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : null;
  return {
    offset: from,
    limit: to === null ? null : Math.max(0, to - from + 1),
  };
}

/**
 * The request's JSON body; malformed JSON is PGRST102, and so is an empty body
 * unless the caller names what empty means (an rpc without arguments).
 */
async function readBodyJson(request: Request, whenEmpty?: unknown) {
  const text = await request.text();
  if (whenEmpty !== undefined && text.trim() === "") return whenEmpty;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PlanError(400, "PGRST102", "Empty or invalid json");
  }
}

function requireColumns(table: Table, columns: string[]) {
  for (const column of columns) {
    if (!table.columns.has(column)) {
      throw new PlanError(
        400,
        "PGRST204",
        `Could not find the '${column}' column of '${table.name}' in the schema cache`,
      );
    }
  }
}

function requireRootFilters(query: ParsedQuery, verb: "UPDATE" | "DELETE") {
  // Supabase loads pg-safeupdate for API roles: a mutation without a filter is refused.
  if (!query.filters.some((filter) => filter.path.length === 0)) {
    throw new PlanError(400, "21000", `${verb} requires a WHERE clause`);
  }
}

function rejectPaging(query: ParsedQuery) {
  if (query.limit !== null || query.offset !== null || query.order.length > 0) {
    throw new UnsupportedError("limit, offset and order on a mutation");
  }
}

async function runRows(tx: Transaction, sql: string, params: Params) {
  const row = (await tx.query<Rows>(sql, params.values)).rows[0];
  return row ?? { body: "[]", n: 0 };
}

export function createRestService(
  ctx: ServerContext,
  schema: () => SchemaCache,
) {
  /** One request's transaction; `Prefer: tx=rollback` undoes it after the answer is made. */
  async function transact<T>(
    caller: Caller,
    readOnly: boolean,
    prefer: Prefer,
    fn: (tx: Transaction) => Promise<T>,
  ): Promise<T> {
    try {
      return await ctx.db.asRole(caller, { readOnly }, async (tx) => {
        const result = await fn(tx);
        if (prefer.tx === "rollback") throw new RollbackWith(result);
        return result;
      });
    } catch (error) {
      if (error instanceof RollbackWith) return error.result as T;
      throw error;
    }
  }

  async function read(request: Request, tableName: string, caller: Caller) {
    const url = new URL(request.url);
    const cache = schema();
    const table = requireTable(cache, tableName);
    const query = parseQuery(url.searchParams);
    const prefer = parsePrefer(request);
    const asObject = wantsObject(request);
    const headerRange =
      query.limit === null && query.offset === null
        ? rangeFromHeader(request)
        : null;
    const limit = query.limit ?? headerRange?.limit ?? null;
    const offset = query.offset ?? headerRange?.offset ?? 0;

    const root = planSelect(cache, table, query.select, query.filters);
    for (const term of query.order) requireColumn(table, term.column);
    const params = new Params();
    const where = whereTerms(root, params);
    const whereSql = where.length > 0 ? `where ${where.join(" and ")}` : "";
    const whereParamCount = params.values.length;
    const paging = `${limit !== null ? `limit ${limit}` : ""} ${offset ? `offset ${offset}` : ""}`;
    // Filter, order and page the base table first so embeds are built for one page only.
    const base = `(select t0.* from ${qualified(table.name)} as t0 ${whereSql} ${orderSql("t0", query.order)} ${paging})`;
    const sql = projectRows(root, base, query.order, params);

    const { rows, total } = await transact(caller, true, prefer, async (tx) => {
      const rows = await runRows(tx, sql, params);
      let total: number | null = null;
      if (prefer.count) {
        const counted = await tx.query<{ n: number }>(
          `select count(*)::int as n from ${qualified(table.name)} as t0 ${whereSql}`,
          params.values.slice(0, whereParamCount),
        );
        total = counted.rows[0]?.n ?? 0;
      }
      return { rows, total };
    });

    if (total !== null && offset > 0 && offset > total) {
      throw new PlanError(
        416,
        "PGRST103",
        "Requested range not satisfiable",
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
      );
    }
    const partial = total !== null && rows.n > 0 && offset + rows.n < total;
    const headers = {
      "content-range": contentRange(offset, rows.n, total),
      ...preferenceApplied(prefer, "read"),
    };
    return rowsResponse(partial ? 206 : 200, rows, asObject, headers);
  }

  async function insert(request: Request, tableName: string, caller: Caller) {
    const url = new URL(request.url);
    const cache = schema();
    const table = requireTable(cache, tableName);
    const query = parseQuery(url.searchParams);
    if (query.filters.length > 0)
      throw new UnsupportedError("Filters on an insert");
    rejectPaging(query);
    const prefer = parsePrefer(request);
    const asObject = wantsObject(request);
    const payload = await readBodyJson(request);
    const rows = Array.isArray(payload) ? payload : [payload];
    if (
      !rows.every(
        (row) => typeof row === "object" && row !== null && !Array.isArray(row),
      )
    ) {
      throw new PlanError(400, "PGRST102", "All object keys must match");
    }
    const columnsParam = url.searchParams.get("columns");
    const columns = columnsParam
      ? columnsParam
          .split(",")
          .map((column) => column.trim().replace(/^"(.*)"$/, "$1"))
      : [...new Set(rows.flatMap((row) => Object.keys(row as object)))];
    requireColumns(table, columns);

    const params = new Params();
    const target = `${qualified(table.name)} as t0`;
    let statement: string;
    if (columns.length === 0) {
      if (rows.length > 1)
        throw new UnsupportedError("Inserting several rows with no columns");
      statement = `insert into ${target} default values`;
    } else {
      const columnList = columns.map(ident).join(", ");
      statement = `insert into ${target} (${columnList}) select ${columnList} from json_populate_recordset(null::${qualified(table.name)}, ${params.add(JSON.stringify(rows))}::json)`;
      if (prefer.resolution) {
        const conflictParam = url.searchParams.get("on_conflict");
        const conflict = conflictParam
          ? conflictParam.split(",").map((column) => column.trim())
          : table.primaryKey;
        requireColumns(table, conflict);
        if (conflict.length === 0)
          throw new PlanError(
            400,
            "PGRST100",
            "on_conflict requires a unique key",
          );
        statement += ` on conflict (${conflict.map(ident).join(", ")}) `;
        statement +=
          prefer.resolution === "ignore-duplicates"
            ? "do nothing"
            : `do update set ${columns.map((column) => `${ident(column)} = excluded.${ident(column)}`).join(", ")}`;
      }
    }
    const resolutionApplies =
      prefer.resolution !== null &&
      (table.primaryKey.length > 0 || url.searchParams.has("on_conflict"));
    if (rows.length === 0)
      return empty(201, {
        "content-range": `*/${prefer.count ? 0 : "*"}`,
        ...preferenceApplied(prefer, "create", resolutionApplies),
      });
    return mutate(
      caller,
      { table, query, prefer, asObject },
      statement,
      params,
      "create",
      resolutionApplies,
    );
  }

  /**
   * What UPDATE and DELETE read first, in this order (so the first refusal of
   * a request with several faults stays the same): the table, a query with
   * root filters and no paging, Prefer and Accept.
   */
  function filteredWrite(
    request: Request,
    tableName: string,
    verb: "UPDATE" | "DELETE",
  ): MutationTarget {
    const table = requireTable(schema(), tableName);
    const query = parseQuery(new URL(request.url).searchParams);
    rejectPaging(query);
    requireRootFilters(query, verb);
    const prefer = parsePrefer(request);
    const asObject = wantsObject(request);
    return { table, query, prefer, asObject };
  }

  /** The WHERE of an UPDATE or DELETE: the query's filters on the table itself. */
  function rootWhere({ table, query }: MutationTarget, params: Params) {
    const root = planSelect(
      schema(),
      table,
      [],
      query.filters.filter((filter) => filter.path.length === 0),
    );
    return whereTerms(root, params).join(" and ");
  }

  async function update(request: Request, tableName: string, caller: Caller) {
    const target = filteredWrite(request, tableName, "UPDATE");
    const { table, prefer } = target;
    const payload = await readBodyJson(request);
    if (
      typeof payload !== "object" ||
      payload === null ||
      Array.isArray(payload)
    ) {
      throw new PlanError(400, "PGRST102", "Empty or invalid json");
    }
    const columns = Object.keys(payload);
    requireColumns(table, columns);
    const params = new Params();
    const body = params.add(JSON.stringify(payload));
    const where = rootWhere(target, params);
    const assignments = columns
      .map((column) => `${ident(column)} = _body.${ident(column)}`)
      .join(", ");
    if (columns.length === 0)
      return prefer.return === "representation"
        ? jsonText(200, "[]", preferenceApplied(prefer, "update"))
        : empty(204, preferenceApplied(prefer, "update"));
    const statement = `update ${qualified(table.name)} as t0 set ${assignments} from json_populate_record(null::${qualified(table.name)}, ${body}::json) as _body where ${where}`;
    return mutate(caller, target, statement, params, "update");
  }

  async function remove(request: Request, tableName: string, caller: Caller) {
    const target = filteredWrite(request, tableName, "DELETE");
    const params = new Params();
    const where = rootWhere(target, params);
    const statement = `delete from ${qualified(target.table.name)} as t0 where ${where}`;
    return mutate(caller, target, statement, params, "delete");
  }

  /**
   * Runs a write and answers as PostgREST does: the rows it touched are
   * counted whatever is returned, an insert that only updated (an upsert
   * merging duplicates) is 200 not 201, `Content-Range` carries the total under
   * `count=exact`, and `max-affected` under `handling=strict` refuses (and
   * rolls back) an UPDATE or DELETE touching more rows.
   */
  async function mutate(
    caller: Caller,
    { table, query, prefer, asObject }: MutationTarget,
    statement: string,
    params: Params,
    action: "create" | "update" | "delete",
    resolutionApplies = false,
  ) {
    const representation = prefer.return === "representation";
    const cache = schema();
    const root = planSelect(
      cache,
      table,
      representation || asObject ? query.select : [],
      query.filters.filter((filter) => filter.path.length > 0),
    );
    const inserted = action === "create" ? "t0.xmax = 0" : "false";
    const sql = `with _w as (${statement} returning t0 as _row, ${inserted} as _inserted),
      _m as (select (_w._row).* from _w)
      select _p.body, _p.n, (select count(*)::int from _w where _inserted) as inserted
        from (${projectRows(root, "_m", [], params)}) _p`;
    const { rows, body, insertedCount } = await transact(
      caller,
      false,
      prefer,
      async (tx) => {
        const result = (
          await tx.query<Rows & { inserted: number }>(sql, params.values)
        ).rows[0] ?? { body: "[]", n: 0, inserted: 0 };
        const rows = { body: result.body, n: result.n };
        if (
          prefer.handling === "strict" &&
          prefer.maxAffected !== null &&
          action !== "create" &&
          rows.n > prefer.maxAffected
        ) {
          throw new PlanError(
            400,
            "PGRST124",
            "Query result exceeds max-affected preference constraint",
            `The query affects ${rows.n} rows`,
          );
        }
        // Checked inside the transaction so a failed single-object mutation rolls back.
        return {
          rows,
          body: asObject ? singleObject(rows) : rows.body,
          insertedCount: result.inserted,
        };
      },
    );
    const total = prefer.count ? rows.n : null;
    const range =
      action === "update" && total !== 0 && rows.n > 0
        ? `0-${rows.n - 1}`
        : "*";
    const headers = {
      "content-range": `${range}/${total ?? "*"}`,
      ...preferenceApplied(prefer, action, resolutionApplies),
    };
    const status =
      action === "create"
        ? insertedCount === 0 && prefer.resolution === "merge-duplicates"
          ? 200
          : 201
        : representation
          ? 200
          : 204;
    if (!representation) return empty(status, headers);
    return jsonText(status, body, {
      ...headers,
      ...(asObject
        ? { "content-type": `${OBJECT_MEDIA_TYPE}; charset=utf-8` }
        : {}),
    });
  }

  async function rpc(request: Request, name: string, caller: Caller) {
    const url = new URL(request.url);
    if (request.method !== "POST")
      throw new UnsupportedError(`${request.method} /rest/v1/rpc (only POST)`);
    for (const key of url.searchParams.keys()) {
      if (key !== "select")
        throw new UnsupportedError("Filters and paging on an rpc result");
    }
    const selectParam = url.searchParams.get("select");
    const asObject = wantsObject(request, "rpc");
    const prefer = parsePrefer(request);
    if (prefer.handling === "strict" && prefer.maxAffected !== null)
      throw new UnsupportedError("Prefer: max-affected on an rpc");
    const parsed = await readBodyJson(request, {});
    const cache = schema();
    const keys =
      typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
        ? Object.keys(parsed)
        : null;
    const fn = findFunction(cache, name, keys);
    // A function with one unnamed json or jsonb parameter takes the whole body.
    const whole = fn.args.length === 1 && fn.args[0]?.name === "";
    if (!whole && keys === null)
      throw new UnsupportedError("Non-object rpc arguments");
    const args = (whole ? {} : parsed) as Record<string, unknown>;
    // `select=` shapes the rows of a function returning a table's rows, as
    // for the table itself (columns and embeds).
    const shaped = selectParam !== null && selectParam !== "*";
    if (shaped && !(fn.returnsSet && fn.returnsTable))
      throw new UnsupportedError(
        "select on an rpc result other than table rows",
      );
    const params = new Params();
    const given = fn.args.filter((arg) => arg.name in args);
    const call = whole
      ? `public.${ident(fn.name)}(${params.add(JSON.stringify(parsed))}::${fn.args[0]?.type ?? "json"})`
      : `public.${ident(fn.name)}(${given.map((arg) => `${ident(arg.name)} := _args.${ident(arg.name)}`).join(", ")})`;
    const source =
      given.length > 0
        ? `json_to_record(${params.add(JSON.stringify(args))}::json) as _args(${given
            .map((arg) => `${ident(arg.name)} ${arg.type}`)
            .join(", ")})`
        : null;
    let sql: string;
    if (shaped && fn.returnsTable) {
      const root = planSelect(
        cache,
        requireTable(cache, fn.returnsTable),
        parseSelect(selectParam ?? "*"),
        [],
      );
      const rows = `(select _f.* from ${source ? `${source}, ` : ""}${call} with ordinality as _f)`;
      sql = `select body from (${projectRows(root, rows, [{ column: "ordinality", descending: false, nulls: null }], params)}) _p`;
    } else if (fn.returnsVoid) {
      sql = `select ${call} ${source ? `from ${source}` : ""}`;
    } else if (fn.returnsSet) {
      sql = `select coalesce(json_agg(_r), '[]'::json)::text as body from ${source ? `${source}, ` : ""}${call} as _r`;
    } else {
      sql = `select to_json(_r)::text as body from ${source ? `${source}, ` : ""}${call} as _r`;
    }
    const result = await transact(caller, false, prefer, async (tx) => {
      const rows = (await tx.query<{ body: string | null }>(sql, params.values))
        .rows;
      const body = fn.returnsVoid ? null : (rows[0]?.body ?? "null");
      if (asObject && fn.returnsSet && body !== null) {
        const list = JSON.parse(body) as unknown[];
        return singleObject({ body, n: list.length });
      }
      return body;
    });
    const applied = preferenceApplied(prefer, "rpc");
    if (result === null) return empty(204, applied);
    return jsonText(200, result, {
      ...applied,
      ...(asObject
        ? { "content-type": `${OBJECT_MEDIA_TYPE}; charset=utf-8` }
        : {}),
    });
  }

  return async function handleRest(
    request: Request,
    subpath: string,
    caller: Caller,
  ) {
    try {
      const profile =
        request.headers.get("accept-profile") ??
        request.headers.get("content-profile");
      if (profile && profile !== "public") {
        throw new PlanError(
          406,
          "PGRST106",
          "The schema must be one of the following: public",
          null,
        );
      }
      const match = /^\/rpc\/([^/]+)$/.exec(subpath);
      if (match)
        return await rpc(request, decodeURIComponent(match[1] ?? ""), caller);
      const tableMatch = /^\/([^/]+)$/.exec(subpath);
      if (!tableMatch)
        return notSupported(`${request.method} /rest/v1${subpath}`);
      const tableName = decodeURIComponent(tableMatch[1] ?? "");
      switch (request.method) {
        case "GET":
        case "HEAD":
          return await read(request, tableName, caller);
        case "POST":
          return await insert(request, tableName, caller);
        case "PATCH":
          return await update(request, tableName, caller);
        case "DELETE":
          return await remove(request, tableName, caller);
        default:
          return notSupported(`${request.method} /rest/v1${subpath}`);
      }
    } catch (error) {
      return restErrorResponse(error, caller);
    }
  };
}

/**
 * PostgREST's choice of overload: the functions whose named parameters take
 * exactly the body's keys (the rest having defaults); failing that, one with
 * a single unnamed json or jsonb parameter, which takes the body whole. More
 * than one candidate is 300 PGRST203.
 */
function findFunction(
  cache: SchemaCache,
  name: string,
  keys: string[] | null,
): RpcFunction {
  const overloads = cache.functions.get(name) ?? [];
  const named =
    keys === null
      ? []
      : overloads.filter(
          (fn) =>
            fn.args.every((arg) => arg.name !== "") &&
            keys.every((key) => fn.args.some((arg) => arg.name === key)) &&
            fn.args.every((arg) => arg.hasDefault || keys.includes(arg.name)),
        );
  const candidates =
    named.length > 0
      ? named
      : overloads.filter(
          (fn) =>
            fn.args.length === 1 &&
            fn.args[0]?.name === "" &&
            ["json", "jsonb"].includes(fn.args[0]?.type ?? ""),
        );
  if (candidates.length > 1) {
    throw new PlanError(
      300,
      "PGRST203",
      `Could not choose the best candidate function between: ${candidates
        .map(
          (fn) =>
            `public.${fn.name}(${fn.args.map((arg) => `${arg.name} => ${arg.type}`).join(", ")})`,
        )
        .join(", ")}`,
      null,
      "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    );
  }
  const match = candidates[0];
  if (!match) {
    const given = [...(keys ?? [])].sort();
    const list = given.join(", ");
    throw new PlanError(
      404,
      "PGRST202",
      `Could not find the function public.${name}${given.length > 0 ? `(${list})` : " without parameters"} in the schema cache`,
      `Searched for the function public.${name}${given.length > 0 ? ` with parameter${given.length > 1 ? "s" : ""} ${list}` : " without parameters"} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    );
  }
  return match;
}
