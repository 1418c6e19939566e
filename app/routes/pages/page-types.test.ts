import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { schemaOf } from "#app/lib/content-model.ts";
import { PAGE_KEYS, PAGE_TYPES } from "./page-types.ts";
import { PAGE_SEEDS } from "./pages.server.ts";

const MIGRATIONS_DIR = fileURLToPath(
  new URL("../../../supabase/migrations/", import.meta.url),
);
const MIGRATIONS = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith(".sql"))
  .sort()
  .map((name) => readFileSync(`${MIGRATIONS_DIR}${name}`, "utf8"));
// The database holds the last definition of page_content_keys() a
// migration made.
const KEYS_DEFINITION = MIGRATIONS.filter((sql) =>
  /function public\.page_content_keys\(/.test(sql),
).at(-1)!;

test.each(PAGE_KEYS)(
  "Postgres holds %s's sections as its type defines them, each a group",
  (key) => {
    const listed = new RegExp(`when '${key}' then array\\[([^\\]]*)\\]`).exec(
      KEYS_DEFINITION,
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
    // A dollar quote's tag is an identifier: a key's dashes are underscores.
    const quote = `$${key.replaceAll("-", "_")}$`;
    const migration = MIGRATIONS.find((sql) => sql.includes(quote)) ?? "";
    const start = migration.indexOf(quote);
    const end = migration.indexOf(quote, start + 1);
    expect(start, `a migration seeds ${key}`).toBeGreaterThan(0);
    const seeded: unknown = JSON.parse(
      migration.slice(start + quote.length, end),
    );
    expect(PAGE_SEEDS[key]).toMatchObject(seeded as object);
    expect(schemaOf(PAGE_TYPES[key].fields).parse(seeded)).toEqual(seeded);
  },
);
