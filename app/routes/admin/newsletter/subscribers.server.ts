import {
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from "#app/content/newsletter.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";

// The team's reads of the newsletter's subscribers, through the signed-in
// team member's own client: the table's policy lets only the team read.

/** Subscribers per status, one head-only count each. */
export async function statusCounts(supabase: TypedSupabaseClient) {
  const counts = await Promise.all(
    SUBSCRIBER_STATUSES.map(async (status) => {
      const { count, error } = await supabase
        .from("newsletter_subscribers")
        .select("id", { count: "exact", head: true })
        .eq("status", status);
      if (error) throw new Error(`counting subscribers: ${error.message}`);
      return [status, count ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<SubscriberStatus, number>;
}

/** `%` and `_` match themselves in a search, not any text. */
function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const COLUMNS =
  "email, status, created_at, consent_requested_at, consent_form, consent_wording, consent_address_hash, confirmed_at, unsubscribed_at, suppressed_at, suppressed_reason";

export async function searchSubscribers(
  supabase: TypedSupabaseClient,
  q: string | null,
  limit = SUBSCRIBER_PAGE_SIZE,
) {
  let query = supabase
    .from("newsletter_subscribers")
    .select(COLUMNS)
    .order("email")
    .limit(limit);
  if (q) query = query.ilike("email", likePattern(q.toLowerCase()));
  const { data, error } = await query;
  if (error) throw new Error(`listing subscribers: ${error.message}`);
  return data;
}

const CSV_COLUMNS = COLUMNS.split(", ");

function csvCell(value: unknown) {
  const text = value === null || value === undefined ? "" : String(value);
  // A cell a spreadsheet would run as a formula is kept as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every subscriber with the consent evidence, as CSV, read in pages. */
export async function subscribersCsv(supabase: TypedSupabaseClient) {
  const lines = [CSV_COLUMNS.join(",")];
  const size = 1000;
  for (let from = 0; ; from += size) {
    const { data, error } = await supabase
      .from("newsletter_subscribers")
      .select(COLUMNS)
      .order("email")
      .range(from, from + size - 1);
    if (error) throw new Error(`exporting subscribers: ${error.message}`);
    for (const row of data) {
      const values = row as Record<string, unknown>;
      lines.push(
        CSV_COLUMNS.map((column) => csvCell(values[column])).join(","),
      );
    }
    if (data.length < size) break;
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Erases one address; false when no subscriber had it. */
export async function eraseSubscriber(
  supabase: TypedSupabaseClient,
  email: string,
) {
  const { data, error } = await supabase.rpc("newsletter_erase", {
    p_email: email,
  });
  if (error) throw new Error(`newsletter_erase: ${error.message}`);
  return data === true;
}
