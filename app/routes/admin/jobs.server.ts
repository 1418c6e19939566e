import type { Job } from "#app/routes/careers/job-posting.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import { dropStoredPages } from "#app/utils/page-cache.server.ts";
import type { JobInput } from "./job-schema.ts";
import { jobRow } from "./job-schema.ts";

// The team's reads and writes of jobs, with the team member's own token:
// row-level security lets only the team write, and shows it drafts and
// closed jobs too. Every write drops this server's stored careers pages.

export type JobState = "draft" | "open" | "closed";

/** Where a job stands now, as the open_jobs predicate would say. */
export function jobState(
  job: Pick<Job, "published" | "closes_at">,
  now = Date.now(),
): JobState {
  if (!job.published) return "draft";
  if (job.closes_at && Date.parse(job.closes_at) <= now) return "closed";
  return "open";
}

export async function listAllJobs(supabase: TypedSupabaseClient) {
  const { data, error } = await supabase
    .from("jobs")
    .select("*")
    .order("id", { ascending: false });
  if (error) {
    console.error("Jobs list failed:", error.message);
    return null;
  }
  return data;
}

export async function readJob(supabase: TypedSupabaseClient, id: number) {
  const { data, error } = await supabase
    .from("jobs")
    .select("*")
    .eq("id", id)
    .maybeSingle();
  if (error) throw new Error(`reading job ${id} failed: ${error.message}`);
  return data;
}

/** Saves the form's job: a new row for `id` null. Returns its id, or null when refused. */
export async function saveJob(
  supabase: TypedSupabaseClient,
  id: number | null,
  input: JobInput,
) {
  const row = jobRow(input);
  const { data, error } =
    id === null
      ? await supabase.from("jobs").insert(row).select("id")
      : await supabase.from("jobs").update(row).eq("id", id).select("id");
  dropStoredPages("until-jobs-change");
  if (error || !data?.[0]) {
    console.error("Saving a job failed:", error?.message ?? "no row");
    return null;
  }
  return data[0].id;
}

/**
 * Opens a job (published, and no longer past a closing time) or closes it
 * now (its closing time set to this moment, so its page says it is closed).
 */
export async function setJobOpen(
  supabase: TypedSupabaseClient,
  id: number,
  open: boolean,
) {
  const job = await readJob(supabase, id);
  if (!job) return false;
  const now = new Date().toISOString();
  const change = open
    ? {
        published: true,
        closes_at: jobState(job) === "closed" ? null : job.closes_at,
      }
    : { closes_at: now };
  const { data, error } = await supabase
    .from("jobs")
    .update(change)
    .eq("id", id)
    .select("id");
  dropStoredPages("until-jobs-change");
  return !error && (data?.length ?? 0) > 0;
}
