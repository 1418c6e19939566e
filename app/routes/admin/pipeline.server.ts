import type { PipelineStatus } from "#app/content/pipeline.ts";
import { getServiceClient } from "#app/utils/service-client.server.ts";
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
  const [application, retention, notes, emails] = await Promise.all([
    supabase.from("job_applications").select("*").eq("id", id).maybeSingle(),
    supabase
      .from("inbox_items")
      .select("deletes_at")
      .eq("id", id)
      .maybeSingle(),
    supabase
      .from("application_notes")
      .select("*")
      .eq("application_id", id)
      .order("created_at"),
    supabase
      .from("candidate_emails")
      .select(
        "id, purpose, subject, body, sent_by, created_at, notification_state",
      )
      .eq("application_id", id)
      .order("created_at"),
  ]);
  if (application.error) throw new Error(application.error.message);
  if (retention.error) throw new Error(retention.error.message);
  if (notes.error) throw new Error(notes.error.message);
  if (emails.error) throw new Error(emails.error.message);
  if (!application.data) return null;
  const senders = await senderNames(
    supabase,
    emails.data.flatMap((email) => (email.sent_by ? [email.sent_by] : [])),
  );
  return {
    ...application.data,
    deletesAt: retention.data?.deletes_at ?? null,
    notes: notes.data,
    emails: emails.data.map(({ sent_by, ...email }) => ({
      ...email,
      sender: sent_by ? (senders.get(sent_by) ?? null) : null,
    })),
  };
}

/** Team members' names (or addresses) by id, for who sent what. */
async function senderNames(supabase: TypedSupabaseClient, ids: string[]) {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const { data, error } = await supabase
    .from("platform_users")
    .select("id, username, email")
    .in("id", [...new Set(ids)]);
  if (error) throw new Error(error.message);
  for (const user of data) {
    names.set(user.id, user.username || user.email || user.id);
  }
  return names;
}

/**
 * Stores a reply in the outbox (the database addresses it to the candidate),
 * then asks the outbox to send what is due now when this server holds the
 * secret key; without one, or if that try fails, the schedule sends it
 * within the minute. False when the reply could not be stored.
 */
export async function storeReply(
  supabase: TypedSupabaseClient,
  applicationId: string,
  { subject, body }: { subject: string; body: string },
) {
  const { error } = await supabase
    .from("candidate_emails")
    .insert({ application_id: applicationId, subject, body });
  if (error) {
    console.error("Storing a reply failed:", error.message);
    return false;
  }
  const service = getServiceClient();
  if (service) {
    const sent = await service.functions.invoke("send-notifications", {
      body: {},
    });
    if (sent.error) {
      console.error("Sending the outbox now failed:", sent.error.message);
    }
  }
  return true;
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
