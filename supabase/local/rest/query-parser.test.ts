import { describe, expect, test } from "vitest";
import {
  ParseError,
  parseQuery,
  parseSelect,
  UnsupportedError,
} from "./query-parser.ts";

describe("parseSelect", () => {
  test("columns, aliases, casts and nested embeds with modifiers", () => {
    expect(
      parseSelect(
        "id, heading:title,published::text,post_tags!inner(tags!inner(name)),author:users!fk_author(*)",
      ),
    ).toEqual([
      { kind: "column", name: "id", alias: null, cast: null },
      { kind: "column", name: "title", alias: "heading", cast: null },
      { kind: "column", name: "published", alias: null, cast: "text" },
      {
        kind: "embed",
        name: "post_tags",
        alias: null,
        hint: null,
        inner: true,
        children: [
          {
            kind: "embed",
            name: "tags",
            alias: null,
            hint: null,
            inner: true,
            children: [
              { kind: "column", name: "name", alias: null, cast: null },
            ],
          },
        ],
      },
      {
        kind: "embed",
        name: "users",
        alias: "author",
        hint: "fk_author",
        inner: false,
        children: [{ kind: "star" }],
      },
    ]);
  });

  test("quoted names keep their characters", () => {
    expect(parseSelect('"odd,name"')).toEqual([
      { kind: "column", name: "odd,name", alias: null, cast: null },
    ]);
  });

  test.each(["id,", "tags(name", "a)b", "id::bad-type"])(
    "malformed %s is a ParseError",
    (input) => {
      expect(() => parseSelect(input)).toThrow(ParseError);
    },
  );

  test("casts name only listed types, written as the list spells them; another type name is outside the subset", () => {
    expect(parseSelect('a::TEXT,b::"Double  Precision",c::int4[]')).toEqual([
      { kind: "column", name: "a", alias: null, cast: "text" },
      { kind: "column", name: "b", alias: null, cast: "double precision" },
      { kind: "column", name: "c", alias: null, cast: "int4[]" },
    ]);
    expect(() => parseSelect("id::regclass")).toThrow(UnsupportedError);
    for (const cast of [
      "pg_catalog.text",
      '"text as a from pg_authid t0 union select null"',
      '"int where false"',
    ]) {
      expect(() => parseSelect(`id::${cast}`), cast).toThrow(ParseError);
    }
  });

  test("spreads and JSON paths are outside the subset", () => {
    expect(() => parseSelect("...tags(name)")).toThrow(UnsupportedError);
    expect(() => parseSelect("data->a")).toThrow(UnsupportedError);
  });
});

describe("parseQuery", () => {
  test("filters with paths, negation, lists, is and like wildcards", () => {
    const query = parseQuery(
      new URLSearchParams({
        "post_tags.tags.name": "eq.AI",
        id: 'in.(a,"b,c",d)',
        excerpt: "is.null",
        title: "not.ilike.*agent*",
      }),
    );
    expect(query.filters).toEqual([
      {
        path: ["post_tags", "tags"],
        column: "name",
        negate: false,
        operator: "eq",
        value: "AI",
      },
      {
        path: [],
        column: "id",
        negate: false,
        operator: "in",
        value: ["a", "b,c", "d"],
      },
      {
        path: [],
        column: "excerpt",
        negate: false,
        operator: "is",
        value: "null",
      },
      {
        path: [],
        column: "title",
        negate: true,
        operator: "ilike",
        value: "%agent%",
      },
    ]);
  });

  test("order, limit and offset", () => {
    const query = parseQuery(
      new URLSearchParams({
        order: "created_at.desc.nullslast,id",
        limit: "12",
        offset: "24",
      }),
    );
    expect(query.order).toEqual([
      { column: "created_at", descending: true, nulls: "last" },
      { column: "id", descending: false, nulls: null },
    ]);
    expect(query).toMatchObject({ limit: 12, offset: 24 });
  });

  test("an unknown operator is a ParseError, a known unsupported one an UnsupportedError", () => {
    expect(() => parseQuery(new URLSearchParams({ title: "nope.x" }))).toThrow(
      ParseError,
    );
    expect(() =>
      parseQuery(new URLSearchParams({ title: "is.maybe" })),
    ).toThrow(ParseError);
    expect(() => parseQuery(new URLSearchParams({ limit: "-1" }))).toThrow(
      ParseError,
    );
    expect(() => parseQuery(new URLSearchParams({ title: "fts.x" }))).toThrow(
      UnsupportedError,
    );
    expect(() =>
      parseQuery(new URLSearchParams({ "post_tags.or": "(a.eq.1)" })),
    ).toThrow(UnsupportedError);
    expect(() =>
      parseQuery(new URLSearchParams({ "post_tags.order": "tag_id" })),
    ).toThrow(UnsupportedError);
  });
});

describe("logic filters", () => {
  test("or, nested and, not, quoted values and in-lists", () => {
    const { filters } = parseQuery(
      new URLSearchParams({
        or: '(created_at.lt."2026-01-01T00:00:00.5+00:00",and(created_at.eq.x,id.not.lt.y),name.in.(a,"b,c"),title.eq."a \\"q\\" (p)")',
        "not.and": "(a.is.null,b.eq.1)",
      }),
    );
    expect(filters).toEqual([
      {
        kind: "logic",
        path: [],
        operator: "or",
        negate: false,
        children: [
          {
            path: [],
            column: "created_at",
            negate: false,
            operator: "lt",
            value: "2026-01-01T00:00:00.5+00:00",
          },
          {
            kind: "logic",
            path: [],
            operator: "and",
            negate: false,
            children: [
              {
                path: [],
                column: "created_at",
                negate: false,
                operator: "eq",
                value: "x",
              },
              {
                path: [],
                column: "id",
                negate: true,
                operator: "lt",
                value: "y",
              },
            ],
          },
          {
            path: [],
            column: "name",
            negate: false,
            operator: "in",
            value: ["a", "b,c"],
          },
          {
            path: [],
            column: "title",
            negate: false,
            operator: "eq",
            value: 'a "q" (p)',
          },
        ],
      },
      {
        kind: "logic",
        path: [],
        operator: "and",
        negate: true,
        children: [
          {
            path: [],
            column: "a",
            negate: false,
            operator: "is",
            value: "null",
          },
          { path: [], column: "b", negate: false, operator: "eq", value: "1" },
        ],
      },
    ]);
  });

  test.each([
    "a.eq.1",
    "(a.eq.1",
    "(a.eq.1))",
    "()",
    "(a.eq.1,)",
    '(a.eq."x)',
    "(a)",
    "(and(a.eq.1)",
  ])("malformed %s is a ParseError", (value) => {
    expect(() => parseQuery(new URLSearchParams({ or: value }))).toThrow(
      ParseError,
    );
  });
});
