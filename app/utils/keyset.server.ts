import { parsePage } from "#app/lib/pagination.ts";

// Keyset pages: a long list is paged by where the last page ended (its
// boundary row's sort values, the cursor) rather than by how many rows to
// skip, so page 800 costs what page 1 does. Links carry the cursor in the
// query string, so paging works without JavaScript.

/** Sort values of a boundary row, as a query-string value (base64url of JSON). */
export function encodeCursor(values: string[]) {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/**
 * A cursor of as many values as `valid` has checks, each passing its check,
 * or null for anything else: a stale or edited link starts over at the first
 * page rather than failing.
 */
export function decodeCursor(
  value: string | null | undefined,
  valid: ((value: string) => boolean)[],
): string[] | null {
  if (!value || value.length > 512) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== valid.length) return null;
  const ok = parsed.every(
    (item: unknown, index) => typeof item === "string" && valid[index]!(item),
  );
  return ok ? (parsed as string[]) : null;
}

/** A value inside a PostgREST logic filter: quoted, so commas and parentheses stay data. */
function quoted(value: string) {
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

export type KeysetOrder = {
  /** The sort column (never null). */
  column: string;
  /** The unique tie-breaker. */
  tieBreaker: string;
  ascending: boolean;
};

/**
 * The PostgREST `or` filter for rows strictly after `cursor` in `order`
 * (`forward`) or strictly before it (`!forward`).
 */
export function keysetFilter(
  { column, tieBreaker, ascending }: KeysetOrder,
  [value = "", id = ""]: string[],
  forward: boolean,
): string {
  const later = ascending === forward ? "gt" : "lt";
  return [
    `${column}.${later}.${quoted(value)}`,
    `and(${column}.eq.${quoted(value)},${tieBreaker}.${later}.${quoted(id)})`,
  ].join(",");
}

type Filterable<Q> = {
  lte(column: string, value: string): Q;
  gte(column: string, value: string): Q;
  or(filters: string): Q;
};

/**
 * `query` narrowed to the rows after (`forward`) or before the cursor: a
 * bound on the sort column, so its index starts at the cursor, and the `or`
 * that breaks ties by the tie-breaker.
 */
export function fromCursor<Q extends Filterable<Q>>(
  query: Q,
  order: KeysetOrder,
  cursor: string[],
  forward: boolean,
): Q {
  const value = cursor[0] ?? "";
  const bounded =
    order.ascending === forward
      ? query.gte(order.column, value)
      : query.lte(order.column, value);
  return bounded.or(keysetFilter(order, cursor, forward));
}

/** Where a keyset page starts: after a cursor, before one, or at the top. */
export type KeysetPosition = {
  page: number;
  after: string[] | null;
  before: string[] | null;
};

export function parseKeysetPosition(
  params: URLSearchParams,
  valid: ((value: string) => boolean)[],
): KeysetPosition {
  const after = decodeCursor(params.get("after"), valid);
  const before = after ? null : decodeCursor(params.get("before"), valid);
  // The number is only what the page calls itself; the cursor decides the rows.
  const page = after || before ? parsePage(params.get("page")) : 1;
  return { page, after, before };
}

/**
 * The rows of one keyset page from rows read one past a page's length in the
 * reading direction (newest-first unless reading back from `before`), and
 * where its neighbours start.
 */
export function keysetPage<T>(
  rows: T[],
  position: KeysetPosition,
  perPage: number,
  cursorOf: (row: T) => string[],
) {
  const more = rows.length > perPage;
  const page = rows.slice(0, perPage);
  if (position.before) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const hasPrev = position.before ? more : position.after !== null;
  const hasNext = position.before ? true : more;
  const prevPage = Math.max(1, position.page - 1);
  // A page with no rows (a cursor past either end) links back to the top.
  const top = { page: 1 };
  return {
    rows: page,
    prev: !hasPrev
      ? null
      : !first || (prevPage === 1 && !position.before)
        ? top
        : { page: prevPage, before: encodeCursor(cursorOf(first)) },
    next: !hasNext
      ? null
      : !last
        ? top
        : { page: position.page + 1, after: encodeCursor(cursorOf(last)) },
  };
}

export type KeysetLink = { page: number; after?: string; before?: string };
