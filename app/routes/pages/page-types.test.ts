import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { PAGE_KEYS, PAGE_TYPES } from "./page-types.ts";
import { seededPage } from "#tests/support/seeded-pages.ts";

const MIGRATION = readFileSync(
  fileURLToPath(
    new URL(
      "../../../supabase/migrations/20261201150000_pages_as_content.sql",
      import.meta.url,
    ),
  ),
  "utf8",
);

test.each(PAGE_KEYS)(
  "Postgres holds %s's sections as its type defines them, each a group",
  (key) => {
    const listed = new RegExp(`when '${key}' then array\\[([^\\]]*)\\]`).exec(
      MIGRATION,
    )?.[1];
    const sections = Object.keys(PAGE_TYPES[key].fields).sort();
    expect(listed?.split(", ").map((name) => name.slice(1, -1))).toEqual(
      sections,
    );
    for (const field of Object.values(PAGE_TYPES[key].fields)) {
      expect(field.kind).toBe("group");
    }
  },
);

test.each(PAGE_KEYS)("%s's seeded content fits its type", (key) => {
  expect(() => seededPage(key)).not.toThrow();
});
