import { z } from "zod";
import type { AuditFilter } from "./audit-schema.ts";
import { personLabel } from "./people.server.ts";
import {
  fromCursor,
  keysetPage,
  parseKeysetPosition,
  type KeysetLink,
  type KeysetOrder,
} from "#app/utils/keyset.server.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";

// The audit log, newest first, one keyset page at a time with the admin's
// own token (row-level security lets only the audit capability read it).
// Each filter narrows the index the database keeps for it
// (audit_log_actor_idx, audit_log_kind_idx, audit_log_newest_idx).

export const AUDIT_PER_PAGE = 50;

const ORDER: KeysetOrder = { column: "at", tieBreaker: "id", ascending: false };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/;
const CURSOR = [
  (value: string) => TIMESTAMP.test(value),
  (value: string) => /^\d{1,19}$/.test(value),
];

const EntrySchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  at: z.string(),
  actor_id: z.string().nullable(),
  kind: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  summary: z.string(),
});

export type AuditEntry = {
  id: string;
  at: string;
  actorId: string | null;
  actor: string | null;
  kind: string;
  objectType: string;
  summary: string;
};

export type AuditPage = {
  entries: AuditEntry[];
  page: number;
  prev: KeysetLink | null;
  next: KeysetLink | null;
};

function nextDay(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

export async function listAudit(
  supabase: TypedSupabaseClient,
  filter: AuditFilter,
  params: URLSearchParams,
): Promise<AuditPage | null> {
  const position = parseKeysetPosition(params, CURSOR);
  const cursor = position.after ?? position.before;
  const newestFirst = !position.before;
  let query = supabase
    .from("audit_log")
    .select("id, at, actor_id, kind, object_type, object_id, summary");
  if (filter.person) query = query.eq("actor_id", filter.person);
  if (filter.kind) query = query.eq("kind", filter.kind);
  if (filter.from) query = query.gte("at", `${filter.from}T00:00:00Z`);
  if (filter.to) query = query.lt("at", nextDay(filter.to));
  if (cursor) query = fromCursor(query, ORDER, cursor, newestFirst);
  const { data, error } = await query
    .order("at", { ascending: !newestFirst })
    .order("id", { ascending: !newestFirst })
    .limit(AUDIT_PER_PAGE + 1);
  const rows = z.array(EntrySchema).safeParse(data);
  if (error || !rows.success) {
    console.error(
      `The audit log failed to load: ${error?.message ?? "rows of an unexpected shape"}`,
    );
    return null;
  }
  const page = keysetPage(rows.data, position, AUDIT_PER_PAGE, (row) => [
    row.at,
    row.id,
  ]);
  const names = await namesOf(
    supabase,
    page.rows.flatMap((row) => (row.actor_id ? [row.actor_id] : [])),
  );
  return {
    entries: page.rows.map((row) => ({
      id: row.id,
      at: row.at,
      actorId: row.actor_id,
      actor: row.actor_id ? (names.get(row.actor_id) ?? row.actor_id) : null,
      kind: row.kind,
      objectType: row.object_type,
      summary: row.summary,
    })),
    page: position.page,
    prev: page.prev,
    next: page.next,
  };
}

const NameSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
});

/** The people a page names, by id: their address and their name. */
async function namesOf(supabase: TypedSupabaseClient, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  const { data } = await supabase
    .from("platform_users")
    .select("id, username, email")
    .in("id", unique);
  const rows = z.array(NameSchema).safeParse(data);
  return new Map(
    (rows.success ? rows.data : []).flatMap((row) => {
      const name = personLabel(row.username, row.email);
      return name ? [[row.id, name] as const] : [];
    }),
  );
}
