import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "#app/utils/database.types.ts";
import {
  cappedCacheControl,
  PRIVATE_CACHE_CONTROL,
} from "#app/utils/public-cache.server.ts";
import { hasSessionCookie } from "#app/utils/session.server.ts";
import type { Job } from "./job-posting.ts";

// Reading jobs for the public pages, always through the public key: row-level
// security's one predicate (job_is_open) decides what is open, by the
// database's clock. The table itself, not the open_jobs view: a view's `*`
// is fixed when it is made, so a column added to jobs later would be
// missing from rows typed as the table's.

type Client = SupabaseClient<Database>;

export class JobsQueryError extends Error {
  override name = "JobsQueryError";
}

/** A job id as the URL carries it, or null for one that cannot be a job. */
export function jobId(param: string | undefined) {
  return param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
}

/** The open jobs, in the order they were created. */
export async function listOpenJobs(supabase: Client): Promise<Job[]> {
  const { data, error } = await supabase
    .from("jobs")
    .select("*")
    .order("id")
    .retry(false);
  if (error) throw new JobsQueryError(error.message);
  return data;
}

/**
 * The job behind /careers/{id}: open, closed (published once, now past its
 * closing time) or null (never published, or no such job).
 */
export async function findJob(
  supabase: Client,
  param: string | undefined,
): Promise<{ job: Job; open: boolean } | null> {
  const id = jobId(param);
  if (id === null) return null;
  const open = await supabase
    .from("jobs")
    .select("*")
    .eq("id", id)
    .maybeSingle()
    .retry(false);
  if (open.error) throw new JobsQueryError(open.error.message);
  if (open.data) return { job: open.data, open: true };
  const closed = await supabase.rpc("closed_job", { p_id: id }).retry(false);
  if (closed.error) throw new JobsQueryError(closed.error.message);
  const [job] = closed.data;
  return job ? { job, open: false } : null;
}

/** The earliest closing time among these jobs: no stored page may outlive it. */
export function nextClosing(jobs: Pick<Job, "closes_at">[]) {
  const times = jobs
    .map((job) => (job.closes_at ? Date.parse(job.closes_at) : Infinity))
    .filter(Number.isFinite);
  return times.length === 0 ? null : Math.min(...times);
}

/** A careers page's cache headers: no lifetime past the next closing. */
export function jobCacheHeaders(
  request: Request,
  closes: number | null,
  status = 200,
): HeadersInit {
  if (hasSessionCookie(request) || status >= 500)
    return { "Cache-Control": PRIVATE_CACHE_CONTROL };
  const left = closes === null ? null : (closes - Date.now()) / 1000;
  return { "Cache-Control": cappedCacheControl(left), Vary: "Cookie" };
}
