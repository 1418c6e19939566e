import { z } from "zod";
import { INBOX_PER_PAGE } from "#app/content/inbox.ts";
import {
  decodeCursor,
  fromCursor,
  keysetPage,
  type KeysetLink,
  type KeysetOrder,
} from "#app/utils/keyset.server.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import {
  SUBMISSION_KINDS,
  SUBMISSION_STATUSES,
  type InboxView,
  type SubmissionKind,
  type SubmissionStatus,
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
  /** Where an application stands in the pipeline (its status as stored). */
  stage: string;
  handledAt: string | null;
  notification: NotificationState;
  createdAt: string;
  /** When retention deletes it, once the team's decision has set a time. */
  deletesAt: string | null;
};

function asNotification(value: string | null): NotificationState {
  return value === "pending" || value === "sent" || value === "failed"
    ? value
    : null;
}

/**
 * A submission as the view hands it over, whole: the list reads the fields
 * it shows, so a new form field needs no change to the view.
 */
const SubmissionSchema = z.object({
  name: z.string(),
  email: z.string(),
  message: z.string().nullish(),
  comment: z.string().nullish(),
  source: z.string().nullish(),
  job_title: z.string().nullish(),
  cv_file_name: z.string().nullish(),
  handled_at: z.string().nullish(),
  notification_state: z.string().nullish(),
});

const InboxRowSchema = z.object({
  id: z.string(),
  kind: z.enum(SUBMISSION_KINDS),
  status: z.string(),
  created_at: z.string(),
  submission: SubmissionSchema,
  deletes_at: z.string().nullable(),
});

function toItem(row: z.infer<typeof InboxRowSchema>): InboxItem {
  const { submission } = row;
  return {
    id: row.id,
    kind: row.kind,
    name: submission.name,
    email: submission.email,
    body:
      (row.kind === "message" ? submission.message : submission.comment) ??
      null,
    source: submission.source ?? null,
    jobTitle: submission.job_title ?? null,
    cvFileName: submission.cv_file_name ?? null,
    status: row.status === "handled" ? "handled" : "new",
    stage: row.status,
    handledAt: submission.handled_at ?? null,
    notification: asNotification(submission.notification_state ?? null),
    createdAt: row.created_at,
    deletesAt: row.deletes_at,
  };
}

const INBOX_ORDER: KeysetOrder = {
  column: "created_at",
  tieBreaker: "id",
  ascending: false,
};

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INBOX_CURSOR = [
  (value: string) => TIMESTAMP.test(value),
  (value: string) => UUID.test(value),
];

/**
 * A query narrowed to a view's filters. A stage is a pipeline status, so it
 * narrows on the same column as the New/Handled tabs, both applying.
 */
function filtered<Query extends { eq(column: string, value: string): Query }>(
  query: Query,
  { kind, status, job, stage }: InboxFilter,
) {
  let narrowed = query;
  if (kind) narrowed = narrowed.eq("kind", kind);
  if (status) narrowed = narrowed.eq("status", status);
  if (job) narrowed = narrowed.eq("job_id", String(job));
  if (stage) narrowed = narrowed.eq("status", stage);
  return narrowed;
}

export type InboxPage = {
  items: InboxItem[];
  prev: InboxView | null;
  next: InboxView | null;
};

/**
 * One keyset page of the inbox, newest first: rows after (or before) the
 * cursor, one more than a page to know whether another follows. No offset
 * and no count, so the thousandth page costs what the first does.
 */
export async function listInbox(
  supabase: TypedSupabaseClient,
  view: InboxView,
): Promise<InboxPage | null> {
  const position = {
    page: view.page,
    after: decodeCursor(view.after, INBOX_CURSOR),
    before: view.after ? null : decodeCursor(view.before, INBOX_CURSOR),
  };
  if (!position.after && !position.before) position.page = 1;
  const cursor = position.after ?? position.before;
  const newestFirst = !position.before;
  let query = supabase
    .from("inbox_items")
    .select("id, kind, status, created_at, submission, deletes_at");
  query = filtered(query, view);
  if (cursor) query = fromCursor(query, INBOX_ORDER, cursor, newestFirst);
  const { data, error } = await query
    .order("created_at", { ascending: !newestFirst })
    .order("id", { ascending: !newestFirst })
    .limit(INBOX_PER_PAGE + 1);
  if (error) {
    console.error(`Inbox failed to load: ${error.message}`);
    return null;
  }
  const rows = z.array(InboxRowSchema).safeParse(data);
  if (!rows.success) {
    console.error("Inbox failed to load: rows of an unexpected shape");
    return null;
  }
  const page = keysetPage(rows.data, position, INBOX_PER_PAGE, (row) => [
    row.created_at,
    row.id,
  ]);
  const filters = {
    kind: view.kind,
    status: view.status,
    job: view.job,
    stage: view.stage,
  };
  const link = (to: KeysetLink | null): InboxView | null =>
    to && {
      ...filters,
      page: to.page,
      after: to.after ?? null,
      before: to.before ?? null,
    };
  return {
    items: page.rows.map(toItem),
    prev: link(page.prev),
    next: link(page.next),
  };
}

/** Counted up to this many; the navigation shows more as "99+". */
export const NEW_COUNT_LIMIT = 100;

/**
 * How many submissions nobody has handled yet, up to NEW_COUNT_LIMIT (a
 * bounded read, however full the inbox); null when that cannot be read.
 */
export async function countNewSubmissions(
  supabase: TypedSupabaseClient,
): Promise<number | null> {
  const { data, error } = await supabase
    .from("inbox_items")
    .select("id")
    .eq("status", "new")
    .limit(NEW_COUNT_LIMIT);
  if (error) {
    console.error(`Inbox count failed: ${error.message}`);
    return null;
  }
  return data.length;
}

/** One submission, for the inbox's detail pane; null when missing, unreadable or not allowed. */
export async function getInboxItem(
  supabase: TypedSupabaseClient,
  id: string,
): Promise<InboxItem | null> {
  const { data, error } = await supabase
    .from("inbox_items")
    .select("id, kind, status, created_at, submission, deletes_at")
    .eq("id", id)
    .maybeSingle();
  if (error) {
    console.error(`Inbox item failed to load: ${error.message}`);
    return null;
  }
  const row = InboxRowSchema.safeParse(data);
  return row.success ? toItem(row.data) : null;
}

export type InboxFilter = Pick<InboxView, "kind" | "status" | "job" | "stage">;

/**
 * Each tab's filter: a kind with the status chosen, a status with the kind
 * chosen, both keeping the job and stage chosen.
 */
export function inboxTabs({ kind, status, job, stage }: InboxFilter) {
  return {
    kind: [null, ...SUBMISSION_KINDS].map((each) => ({
      kind: each,
      status,
      job,
      stage,
    })),
    status: [null, ...SUBMISSION_STATUSES].map((each) => ({
      kind,
      status: each,
      job,
      stage,
    })),
  };
}

/** The jobs the inbox filters by, every one the team can read, newest first. */
export async function listJobChoices(supabase: TypedSupabaseClient) {
  const { data, error } = await supabase
    .from("jobs")
    .select("id, title")
    .order("id", { ascending: false })
    .limit(200);
  if (error) {
    console.error(`Jobs for the inbox filter failed: ${error.message}`);
    return [];
  }
  return data;
}

/** How many submissions one filter shows, up to NEW_COUNT_LIMIT; null when that cannot be read. */
async function countInbox(
  supabase: TypedSupabaseClient,
  filter: InboxFilter,
): Promise<number | null> {
  const query = filtered(supabase.from("inbox_items").select("id"), filter);
  const { data, error } = await query.limit(NEW_COUNT_LIMIT);
  if (error) {
    console.error(`Inbox count failed: ${error.message}`);
    return null;
  }
  return data.length;
}

export type InboxTabCount = InboxFilter & { count: number | null };

/**
 * The count beside each tab, each a bounded read like the navigation's
 * count, so a full inbox costs what an empty one does.
 */
export async function countInboxTabs(
  supabase: TypedSupabaseClient,
  filter: InboxFilter,
) {
  const tabs = inboxTabs(filter);
  const count = (each: InboxFilter) =>
    countInbox(supabase, each).then((n) => ({ ...each, count: n }));
  const [kind, status] = await Promise.all([
    Promise.all(tabs.kind.map(count)),
    Promise.all(tabs.status.map(count)),
  ]);
  return { kind, status } satisfies Record<string, InboxTabCount[]>;
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
    .select("id, kind, status, created_at, submission, deletes_at")
    .eq("kind", kind)
    .eq("id", id)
    .maybeSingle();
  if (error) {
    console.error(`Submission failed to load: ${error.message}`);
    return "error";
  }
  const row = InboxRowSchema.safeParse(data);
  if (!row.success) return null;
  const item = toItem(row.data);
  return {
    id: item.id,
    kind,
    name: item.name,
    email: item.email,
    cvFileName: item.cvFileName,
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
