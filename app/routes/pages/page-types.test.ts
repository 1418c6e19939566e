import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { schemaOf } from "#app/lib/content-model.ts";
import { PAGE_KEYS, PAGE_TYPES } from "./page-types.ts";
import { PAGE_SEEDS } from "./pages.server.ts";

const MIGRATION = readFileSync(
  fileURLToPath(
    new URL(
      "../../../supabase/migrations/20261202400100_pages_as_content.sql",
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

// The app's seed holds every word the migration seeded (a field added since
// has its words in the seed alone: a stored version without it reads it as
// empty), so the page reads the same from the database and without it.
test.each(PAGE_KEYS)(
  "%s's seeded version is the app's seed, and fits its type",
  (key) => {
    const quote = `$${key}$`;
    const start = MIGRATION.indexOf(quote);
    const end = MIGRATION.indexOf(quote, start + 1);
    expect(start, `the migration seeds ${key}`).toBeGreaterThan(0);
    const seeded: unknown = JSON.parse(
      MIGRATION.slice(start + quote.length, end),
    );
    expect(PAGE_SEEDS[key]).toMatchObject(seeded as object);
    expect(schemaOf(PAGE_TYPES[key].fields).parse(seeded)).toEqual(seeded);
  },
);
