import type { PipelineStatus } from "#app/content/pipeline.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";

// The pipeline's reads and writes, with the team member's own token: only
// the team reads applications and notes (row-level security).

const LIST_LIMIT = 200;

/** A job's applications, newest first, optionally of one status. */
export async function listApplications(
  supabase: TypedSupabaseClient,
  jobId: number,
  status: PipelineStatus | null,
) {
  let query = supabase
    .from("job_applications")
    .select("id, name, email, status, created_at")
    .eq("job_id", String(jobId));
  if (status) query = query.eq("status", status);
  const { data, error } = await query
    .order("created_at", { ascending: false })
    .limit(LIST_LIMIT);
  if (error) {
    console.error("Applications list failed:", error.message);
    return null;
  }
  return data;
}

export async function readApplication(
  supabase: TypedSupabaseClient,
  id: string,
) {
  const [application, notes] = await Promise.all([
    supabase.from("job_applications").select("*").eq("id", id).maybeSingle(),
    supabase
      .from("application_notes")
      .select("*")
      .eq("application_id", id)
      .order("created_at"),
  ]);
  if (application.error) throw new Error(application.error.message);
  if (notes.error) throw new Error(notes.error.message);
  return application.data ? { ...application.data, notes: notes.data } : null;
}

/** Moves an application; false when it is missing or may not be changed. */
export async function moveApplication(
  supabase: TypedSupabaseClient,
  id: string,
  status: PipelineStatus,
) {
  const { data, error } = await supabase
    .from("job_applications")
    .update({ status })
    .eq("id", id)
    .select("id");
  return !error && (data?.length ?? 0) > 0;
}

export async function addNote(
  supabase: TypedSupabaseClient,
  applicationId: string,
  body: string,
) {
  const { error } = await supabase
    .from("application_notes")
    .insert({ application_id: applicationId, body });
  if (error) console.error("Adding a note failed:", error.message);
  return !error;
}
