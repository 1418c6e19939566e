import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { schemaOf, type ContentOf } from "#app/lib/content-model.ts";
import { PAGE_TYPES, type PageKey } from "#app/routes/pages/page-types.ts";

const MIGRATIONS = fileURLToPath(
  new URL("../../supabase/migrations/", import.meta.url),
);

/**
 * The content a page's migrations seed as its published version (each
 * `$key$…$key$` literal, the last one winning), checked against its type.
 */
export function seededPage<K extends PageKey>(key: K) {
  let found: string | undefined;
  for (const file of readdirSync(MIGRATIONS).sort()) {
    const sql = readFileSync(`${MIGRATIONS}${file}`, "utf8");
    const quote = `$${key}$`;
    const end = sql.lastIndexOf(quote);
    const start = end > 0 ? sql.lastIndexOf(quote, end - 1) : -1;
    if (start !== -1) found = sql.slice(start + quote.length, end);
  }
  if (found === undefined) throw new Error(`no migration seeds ${key}`);
  return schemaOf(PAGE_TYPES[key].fields).parse(JSON.parse(found)) as ContentOf<
    (typeof PAGE_TYPES)[K]["fields"]
  >;
}
