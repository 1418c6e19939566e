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

type Prefer = {
  return: "representation" | "minimal";
  count: boolean;
  resolution: "merge-duplicates" | "ignore-duplicates" | null;
};

type Rows = { body: string; n: number };

/** A write's table and what the request asked of its answer. */
type MutationTarget = {
  table: Table;
  query: ParsedQuery;
  prefer: Prefer;
  asObject: boolean;
};

function parsePrefer(request: Request): Prefer {
  const prefer: Prefer = { return: "minimal", count: false, resolution: null };
  for (const part of (request.headers.get("prefer") ?? "").split(",")) {
    const [key, value] = part
      .trim()
      .split("=")
      .map((piece) => piece.trim());
    if (key === "return" && value === "representation")
      prefer.return = "representation";
    if (
      key === "count" &&
      (value === "exact" || value === "planned" || value === "estimated")
    )
      prefer.count = true;
    if (
      key === "resolution" &&
      (value === "merge-duplicates" || value === "ignore-duplicates")
    ) {
      prefer.resolution = value;
    }
  }
  return prefer;
}

function wantsObject(request: Request) {
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("text/csv"))
    throw new UnsupportedError("text/csv responses");
  if (accept.includes("nulls=stripped"))
    throw new UnsupportedError("nulls=stripped responses");
  return accept.includes(OBJECT_MEDIA_TYPE);
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

    const { rows, total } = await ctx.db.asRole(
      caller,
      { readOnly: true },
      async (tx) => {
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
      },
    );

    if (total !== null && offset > 0 && offset > total) {
      throw new PlanError(
        416,
        "PGRST103",
        "Requested range not satisfiable",
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
      );
    }
    const partial = total !== null && rows.n > 0 && offset + rows.n < total;
    const headers = { "content-range": contentRange(offset, rows.n, total) };
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
    if (rows.length === 0) return empty(201, { "content-range": "*/*" });
    return mutate(
      caller,
      { table, query, prefer, asObject },
      statement,
      params,
      201,
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
        ? jsonText(200, "[]")
        : empty(204);
    const statement = `update ${qualified(table.name)} as t0 set ${assignments} from json_populate_record(null::${qualified(table.name)}, ${body}::json) as _body where ${where}`;
    return mutate(caller, target, statement, params, 200);
  }

  async function remove(request: Request, tableName: string, caller: Caller) {
    const target = filteredWrite(request, tableName, "DELETE");
    const params = new Params();
    const where = rootWhere(target, params);
    const statement = `delete from ${qualified(target.table.name)} as t0 where ${where}`;
    return mutate(caller, target, statement, params, 200);
  }

  async function mutate(
    caller: Caller,
    { table, query, prefer, asObject }: MutationTarget,
    statement: string,
    params: Params,
    representationStatus: number,
  ) {
    const created = representationStatus === 201;
    if (prefer.return !== "representation" && !asObject) {
      await ctx.db.asRole(caller, { readOnly: false }, (tx) =>
        tx.query(statement, params.values),
      );
      return empty(created ? 201 : 204, { "content-range": "*/*" });
    }
    const cache = schema();
    const root = planSelect(
      cache,
      table,
      query.select,
      query.filters.filter((filter) => filter.path.length > 0),
    );
    const sql = `with _m as (${statement} returning t0.*) ${projectRows(root, "_m", [], params)}`;
    const { rows, body } = await ctx.db.asRole(
      caller,
      { readOnly: false },
      async (tx) => {
        const rows = await runRows(tx, sql, params);
        // Checked inside the transaction so a failed single-object mutation rolls back.
        return { rows, body: asObject ? singleObject(rows) : rows.body };
      },
    );
    const headers = {
      "content-range": rows.n === 0 ? "*/*" : `0-${rows.n - 1}/*`,
    };
    if (prefer.return !== "representation")
      return empty(created ? 201 : 204, headers);
    return jsonText(representationStatus, body, {
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
    const asObject = wantsObject(request);
    const parsed = await readBodyJson(request, {});
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      throw new UnsupportedError("Non-object rpc arguments");
    const args = parsed as Record<string, unknown>;
    const cache = schema();
    const fn = findFunction(cache, name, Object.keys(args));
    // `select=` shapes the rows of a function returning a table's rows, as
    // for the table itself (columns and embeds).
    const shaped = selectParam !== null && selectParam !== "*";
    if (shaped && !(fn.returnsSet && fn.returnsTable))
      throw new UnsupportedError(
        "select on an rpc result other than table rows",
      );
    const params = new Params();
    const given = fn.args.filter((arg) => arg.name in args);
    const call = `public.${ident(fn.name)}(${given.map((arg) => `${ident(arg.name)} := _args.${ident(arg.name)}`).join(", ")})`;
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
    const result = await ctx.db.asRole(
      caller,
      { readOnly: false },
      async (tx) => {
        const rows = (
          await tx.query<{ body: string | null }>(sql, params.values)
        ).rows;
        const body = fn.returnsVoid ? null : (rows[0]?.body ?? "null");
        if (asObject && fn.returnsSet && body !== null) {
          const list = JSON.parse(body) as unknown[];
          return singleObject({ body, n: list.length });
        }
        return body;
      },
    );
    if (result === null) return empty(204);
    return jsonText(
      200,
      result,
      asObject ? { "content-type": `${OBJECT_MEDIA_TYPE}; charset=utf-8` } : {},
    );
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

function findFunction(
  cache: SchemaCache,
  name: string,
  keys: string[],
): RpcFunction {
  const candidates = cache.functions.get(name) ?? [];
  const match = candidates.find(
    (fn) =>
      keys.every((key) => fn.args.some((arg) => arg.name === key)) &&
      fn.args.every((arg) => arg.hasDefault || keys.includes(arg.name)),
  );
  if (!match) {
    const signature = [...keys].sort().join(", ");
    throw new PlanError(
      404,
      "PGRST202",
      `Could not find the function public.${name}(${signature}) in the schema cache`,
      `Searched for the function public.${name} with parameters ${signature || "(none)"}, but no matches were found in the schema cache.`,
    );
  }
  return match;
}
