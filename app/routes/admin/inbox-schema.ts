import "#app/lib/zod-config.ts";
import { z } from "zod";
import { INBOX_PATH } from "#app/content/inbox.ts";
import {
  PIPELINE_STATUSES,
  type PipelineStatus,
} from "#app/content/pipeline.ts";
import { parsePage } from "#app/lib/pagination.ts";

// What the inbox's query string and forms may say. Anything else in the
// query string (a stale link, a typo) falls back to "all" and page 1.

export const SUBMISSION_KINDS = ["message", "application"] as const;
export const SUBMISSION_STATUSES = ["new", "handled"] as const;

export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export type InboxView = {
  kind: SubmissionKind | null;
  status: SubmissionStatus | null;
  /** Applications to this job only. */
  job: number | null;
  /** Applications at this pipeline stage only. */
  stage: PipelineStatus | null;
  page: number;
  /** Keyset cursors as the links carry them; inbox.server.ts reads them. */
  after: string | null;
  before: string | null;
};

const CursorSchema = z
  .string()
  .max(512)
  .regex(/^[\w-]+$/);

const KindSchema = z.enum(SUBMISSION_KINDS);
const StatusSchema = z.enum(SUBMISSION_STATUSES);
const StageSchema = z.enum(PIPELINE_STATUSES);
const JOB_ID = /^[1-9]\d{0,15}$/;

export function parseInboxView(params: URLSearchParams): InboxView {
  const kind = KindSchema.safeParse(params.get("kind"));
  const status = StatusSchema.safeParse(params.get("status"));
  const job = params.get("job") ?? "";
  const stage = StageSchema.safeParse(params.get("stage"));
  const after = CursorSchema.safeParse(params.get("after"));
  const before = CursorSchema.safeParse(params.get("before"));
  return {
    kind: kind.success ? kind.data : null,
    status: status.success ? status.data : null,
    job: JOB_ID.test(job) ? Number(job) : null,
    stage: stage.success ? stage.data : null,
    // A page number means something only beside the cursor it was reached by.
    page: after.success || before.success ? parsePage(params.get("page")) : 1,
    after: after.success ? after.data : null,
    before: after.success || !before.success ? null : before.data,
  };
}

/** The inbox URL of a view; defaults are left out, so "all, page 1" is /admin/inbox. */
export function inboxHref({
  kind,
  status,
  job,
  stage,
  page,
  after,
  before,
}: Partial<InboxView>) {
  const params = new URLSearchParams();
  if (kind) params.set("kind", kind);
  if (status) params.set("status", status);
  if (job) params.set("job", String(job));
  if (stage) params.set("stage", stage);
  if (after || before) {
    if (page) params.set("page", String(page));
    if (after) params.set("after", after);
    if (before) params.set("before", before);
  }
  const query = params.toString();
  return query ? `${INBOX_PATH}?${query}` : INBOX_PATH;
}

const OpenSchema = z.uuid();

/** The submission shown in the detail pane (`?open=`), if the query string names one. */
export function parseOpenItem(params: URLSearchParams) {
  const open = OpenSchema.safeParse(params.get("open"));
  return open.success ? open.data : null;
}

/** The inbox URL of a view with one submission open in the detail pane. */
export function openItemHref(view: Partial<InboxView>, id: string) {
  const href = inboxHref(view);
  return `${href}${href.includes("?") ? "&" : "?"}open=${id}`;
}

/**
 * One row's "Mark handled" / "Mark new" button. `view` is the list's query
 * string, so the answer lands on the same filters and page.
 */
export const StatusChangeSchema = z.object({
  intent: z.enum(["mark-handled", "mark-new"]),
  kind: KindSchema,
  id: z.uuid(),
  view: z.string().max(200).default(""),
});

export const SubmissionParamsSchema = z.object({
  kind: KindSchema,
  id: z.uuid(),
});
