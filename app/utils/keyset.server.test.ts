import { describe, expect, test } from "vitest";
import {
  decodeCursor,
  encodeCursor,
  fromCursor,
  keysetFilter,
  keysetPage,
  parseKeysetPosition,
} from "./keyset.server.ts";

const any = () => true;

describe("cursors", () => {
  test("round-trip, and anything else is no cursor", () => {
    const cursor = encodeCursor(["2026-01-01T00:00:00+00:00", "id-1"]);
    expect(decodeCursor(cursor, [any, any])).toEqual([
      "2026-01-01T00:00:00+00:00",
      "id-1",
    ]);
    expect(decodeCursor(cursor, [any])).toBeNull();
    expect(decodeCursor(cursor, [any, (value) => value === "x"])).toBeNull();
    const withNull = Buffer.from(JSON.stringify([null, "a"])).toString(
      "base64url",
    );
    expect(decodeCursor(withNull, [any, any])).toBeNull();
    for (const junk of ["", "%%%", "bm90IGpzb24", "x".repeat(600), null]) {
      expect(decodeCursor(junk, [any, any])).toBeNull();
    }
  });
});

describe("keysetFilter", () => {
  const newestFirst = {
    column: "created_at",
    tieBreaker: "id",
    ascending: false,
  };
  test("newest first: older rows forward, newer rows back; values quoted", () => {
    expect(keysetFilter(newestFirst, ["t", "i"], true)).toBe(
      'created_at.lt."t",and(created_at.eq."t",id.lt."i")',
    );
    expect(keysetFilter(newestFirst, ["t", 'a"b'], false)).toBe(
      'created_at.gt."t",and(created_at.eq."t",id.gt."a\\"b")',
    );
  });

  test("fromCursor bounds the sort column, then breaks ties", () => {
    const calls: string[] = [];
    const query = {
      lte: (column: string, value: string) => (
        calls.push(`lte ${column} ${value}`),
        query
      ),
      gte: (column: string, value: string) => (
        calls.push(`gte ${column} ${value}`),
        query
      ),
      or: (filters: string) => (calls.push(`or ${filters}`), query),
    };
    fromCursor(query, newestFirst, ["t", "i"], true);
    fromCursor(query, newestFirst, ["t", "i"], false);
    expect(calls).toEqual([
      "lte created_at t",
      'or created_at.lt."t",and(created_at.eq."t",id.lt."i")',
      "gte created_at t",
      'or created_at.gt."t",and(created_at.eq."t",id.gt."i")',
    ]);
  });
});

describe("keysetPage", () => {
  const rows = (ids: number[]) => ids.map((id) => ({ id: String(id) }));
  const cursorOf = (row: { id: string }) => [row.id];
  const position = (query: string) =>
    parseKeysetPosition(new URLSearchParams(query), [any]);

  test("the first page links only forward, one row past a page", () => {
    const page = keysetPage(rows([1, 2, 3]), position(""), 2, cursorOf);
    expect(page.rows).toEqual(rows([1, 2]));
    expect(page.prev).toBeNull();
    expect(page.next).toEqual({ page: 2, after: encodeCursor(["2"]) });
  });

  test("a later page links back to the top from page 2, by cursor further on", () => {
    const after = encodeCursor(["2"]);
    const second = keysetPage(
      rows([3, 4]),
      position(`page=2&after=${after}`),
      2,
      cursorOf,
    );
    expect(second.prev).toEqual({ page: 1 });
    expect(second.next).toBeNull();
    const third = keysetPage(
      rows([5, 6, 7]),
      position(`page=3&after=${encodeCursor(["4"])}`),
      2,
      cursorOf,
    );
    expect(third.prev).toEqual({ page: 2, before: encodeCursor(["5"]) });
    expect(third.next).toEqual({ page: 4, after: encodeCursor(["6"]) });
  });

  test("reading back: rows come newest-last and are turned round", () => {
    const page = keysetPage(
      rows([4, 3, 2]),
      position(`page=2&before=${encodeCursor(["5"])}`),
      2,
      cursorOf,
    );
    expect(page.rows).toEqual(rows([3, 4]));
    expect(page.prev).toEqual({ page: 1, before: encodeCursor(["3"]) });
    expect(page.next).toEqual({ page: 3, after: encodeCursor(["4"]) });
  });

  test("a cursor past the end is an empty page that links to the top", () => {
    const page = keysetPage(
      [],
      position(`page=9&after=${encodeCursor(["z"])}`),
      2,
      cursorOf,
    );
    expect(page).toEqual({ rows: [], prev: { page: 1 }, next: null });
  });

  test("a page number without a cursor is the first page", () => {
    expect(position("page=7")).toEqual({ page: 1, after: null, before: null });
  });
});
