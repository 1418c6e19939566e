import { INBOX_PER_PAGE } from "#app/content/inbox.ts";
import { pageRange } from "#app/lib/pagination.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import type {
  InboxView,
  SubmissionKind,
  SubmissionStatus,
} from "./inbox-schema.ts";

// Everything the inbox reads and changes, always with the signed-in team
// member's own client: row-level security on the submission tables and on
// storage.objects is what allows it, so a session without the role gets
// nothing here even if a guard were missing.

export const CV_BUCKET = "cv-uploads";
/** How long a CV download link works: long enough to start the download, no more. */
export const CV_URL_SECONDS = 60;

const TABLES = {
  message: "contact_messages",
  application: "job_applications",
} as const satisfies Record<SubmissionKind, string>;

export type NotificationState = "pending" | "sent" | "failed" | null;

export type InboxItem = {
  id: string;
  kind: SubmissionKind;
  name: string;
  email: string;
  body: string | null;
  source: string | null;
  jobTitle: string | null;
  cvFileName: string | null;
  status: SubmissionStatus;
  handledAt: string | null;
  notification: NotificationState;
  createdAt: string;
};

function asNotification(value: string | null): NotificationState {
  return value === "pending" || value === "sent" || value === "failed"
    ? value
    : null;
}

/** One page of the inbox, newest first, and how many rows match the filters. */
export async function listInbox(
  supabase: TypedSupabaseClient,
  view: InboxView,
): Promise<{ items: InboxItem[]; total: number } | null> {
  const { from, to } = pageRange(view.page, INBOX_PER_PAGE);
  let query = supabase
    .from("inbox_items")
    .select(
      "id, kind, name, email, body, source, job_title, cv_file_name, status, handled_at, notification_state, created_at",
      { count: "exact" },
    );
  if (view.kind) query = query.eq("kind", view.kind);
  if (view.status) query = query.eq("status", view.status);
  const { data, count, error } = await query
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, to);
  if (error) {
    console.error(`Inbox failed to load: ${error.message}`);
    return null;
  }
  const items = data.flatMap((row): InboxItem[] => {
    // The view's columns are nullable to the type generator; the tables' are not.
    if (!row.id || !row.name || !row.email || !row.created_at) return [];
    return [
      {
        id: row.id,
        kind: row.kind === "application" ? "application" : "message",
        name: row.name,
        email: row.email,
        body: row.body,
        source: row.source,
        jobTitle: row.job_title,
        cvFileName: row.cv_file_name,
        status: row.status === "handled" ? "handled" : "new",
        handledAt: row.handled_at,
        notification: asNotification(row.notification_state),
        createdAt: row.created_at,
      },
    ];
  });
  return { items, total: count ?? items.length };
}

/** How many submissions nobody has handled yet; null when that cannot be read. */
export async function countNewSubmissions(
  supabase: TypedSupabaseClient,
): Promise<number | null> {
  const { count, error } = await supabase
    .from("inbox_items")
    .select("id", { count: "exact", head: true })
    .eq("status", "new");
  if (error) {
    console.error(`Inbox count failed: ${error.message}`);
    return null;
  }
  return count ?? 0;
}

/** Sets a submission's status; false when it is missing or may not be changed. */
export async function setSubmissionStatus(
  supabase: TypedSupabaseClient,
  kind: SubmissionKind,
  id: string,
  status: SubmissionStatus,
) {
  const { data, error } = await supabase
    .from(TABLES[kind])
    .update({ status })
    .eq("id", id)
    .select("id");
  // Row-level security filters an update it refuses: no row came back.
  return !error && data.length === 1;
}

export type SubmissionSummary = {
  id: string;
  kind: SubmissionKind;
  name: string;
  email: string;
  cvFileName: string | null;
};

/** The few fields the delete confirmation shows; null when missing or unreadable. */
export async function findSubmission(
  supabase: TypedSupabaseClient,
  kind: SubmissionKind,
  id: string,
): Promise<SubmissionSummary | "error" | null> {
  const { data, error } = await supabase
    .from("inbox_items")
    .select("id, name, email, cv_file_name")
    .eq("kind", kind)
    .eq("id", id)
    .maybeSingle();
  if (error) {
    console.error(`Submission failed to load: ${error.message}`);
    return "error";
  }
  if (!data?.id || !data.name || !data.email) return null;
  return {
    id: data.id,
    kind,
    name: data.name,
    email: data.email,
    cvFileName: data.cv_file_name,
  };
}

/**
 * Deletes a submission, then an application's CV. The row goes first: a CV
 * left behind is only an orphan in a private bucket, while a row whose CV is
 * gone would offer a download that fails.
 */
export async function deleteSubmission(
  supabase: TypedSupabaseClient,
  kind: SubmissionKind,
  id: string,
): Promise<"deleted" | "cv-left" | "failed"> {
  let cvPath: string | null = null;
  if (kind === "application") {
    const { data, error } = await supabase
      .from("job_applications")
      .delete()
      .eq("id", id)
      .select("cv_path");
    if (error || data.length !== 1) return "failed";
    cvPath = data[0]?.cv_path ?? null;
  } else {
    const { data, error } = await supabase
      .from("contact_messages")
      .delete()
      .eq("id", id)
      .select("id");
    if (error || data.length !== 1) return "failed";
  }
  if (cvPath === null) return "deleted";
  const removed = await supabase.storage.from(CV_BUCKET).remove([cvPath]);
  if (removed.error || removed.data.length !== 1) {
    console.error(
      `CV of deleted application ${id} was not removed: ${removed.error?.message ?? "no object"}`,
    );
    return "cv-left";
  }
  return "deleted";
}

/**
 * A short-lived signed URL that downloads an application's CV as an
 * attachment under the visitor's original file name. Storage signs it only
 * for a caller who may read the object; the URL itself needs no key.
 */
export async function cvDownloadUrl(
  supabase: TypedSupabaseClient,
  id: string,
): Promise<string | null> {
  const { data: row, error } = await supabase
    .from("job_applications")
    .select("cv_path, cv_file_name")
    .eq("id", id)
    .maybeSingle();
  if (error || !row) return null;
  const signed = await supabase.storage
    .from(CV_BUCKET)
    .createSignedUrl(row.cv_path, CV_URL_SECONDS, {
      download: row.cv_file_name,
    });
  if (signed.error) {
    console.error(`CV of ${id} could not be signed: ${signed.error.message}`);
    return null;
  }
  return signed.data.signedUrl;
}
