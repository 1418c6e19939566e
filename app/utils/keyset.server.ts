import { parsePage } from "#app/lib/pagination.ts";

// Keyset pages: a long list is paged by where the last page ended (its
// boundary row's sort values, the cursor) rather than by how many rows to
// skip, so page 800 costs what page 1 does. Links carry the cursor in the
// query string, so paging works without JavaScript.

/** Sort values of a boundary row, as a query-string value (base64url of JSON). */
export function encodeCursor(values: (string | null)[]) {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/**
 * A cursor of `length` values, each matching `valid` (null allowed where
 * `nullable`), or null for anything else: a stale or edited link starts over
 * at the first page rather than failing.
 */
export function decodeCursor(
  value: string | null | undefined,
  valid: ((value: string) => boolean)[],
  nullable: boolean[] = [],
): (string | null)[] | null {
  if (!value || value.length > 512) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== valid.length) return null;
  const ok = parsed.every((item: unknown, index) =>
    item === null
      ? nullable[index] === true
      : typeof item === "string" && valid[index]!(item),
  );
  return ok ? (parsed as (string | null)[]) : null;
}

/** A value inside a PostgREST logic filter: quoted, so commas and parentheses stay data. */
function quoted(value: string) {
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

export type KeysetOrder = {
  /** The sort column; its values may be null only where `nullsLast`. */
  column: string;
  /** The unique tie-breaker. */
  tieBreaker: string;
  ascending: boolean;
  nullsLast?: boolean;
};

/**
 * The PostgREST `or` filter for rows strictly after `cursor` in `order`
 * (`forward`) or strictly before it (`!forward`); a nullable sort column
 * sorts its nulls after every value.
 */
export function keysetFilter(
  { column, tieBreaker, ascending, nullsLast = false }: KeysetOrder,
  cursor: (string | null)[],
  forward: boolean,
): string {
  const [value = null, id = null] = cursor;
  const later = ascending === forward ? "gt" : "lt";
  const tie = `${tieBreaker}.${later}.${quoted(id ?? "")}`;
  if (value === null) {
    return forward
      ? `and(${column}.is.null,${tie})`
      : `${column}.not.is.null,and(${column}.is.null,${tie})`;
  }
  const terms = [
    `${column}.${later}.${quoted(value)}`,
    `and(${column}.eq.${quoted(value)},${tie})`,
  ];
  if (forward && nullsLast) terms.push(`${column}.is.null`);
  return terms.join(",");
}

/** Where a keyset page starts: after a cursor, before one, or at the top. */
export type KeysetPosition = {
  page: number;
  after: (string | null)[] | null;
  before: (string | null)[] | null;
};

export function parseKeysetPosition(
  params: URLSearchParams,
  valid: ((value: string) => boolean)[],
  nullable?: boolean[],
): KeysetPosition {
  const after = decodeCursor(params.get("after"), valid, nullable);
  const before = after
    ? null
    : decodeCursor(params.get("before"), valid, nullable);
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
  cursorOf: (row: T) => (string | null)[],
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
