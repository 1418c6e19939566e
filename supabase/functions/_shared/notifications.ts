import { unwrap, type Database, type SubmissionKind } from "./database.ts";
import type { FunctionEnv } from "./handler-types.ts";
import { CV_BUCKET } from "./limits.ts";
import { notifyTeam, type TeamNotification } from "./notify.ts";
import {
  candidateReplyTo,
  readSettings,
  senderFrom,
  teamRecipient,
  type SiteSettings,
} from "./settings.ts";

// The outbox: each stored submission's e-mail to the team and each e-mail to
// a candidate (supabase/migrations/20261130200000_candidate_emails.sql),
// tried right after the row is stored and again by send-notifications until
// it is sent or given up
// (supabase/migrations/20261126000100_submission_keys_and_notifications.sql),
// and removes the CVs no application claimed (sweepUnclaimedCvs).

/** What the outbox sends: a submission's team notification, or an e-mail to a candidate. */
export type OutboxKind = SubmissionKind | "candidate_email";

type Claimed = {
  kind: OutboxKind;
  id: string;
  attempts: number;
  submission: Record<string, string | null>;
};

/** How long a sender holds a claimed notification before another may try it. */
export const CLAIM_LEASE_SECONDS = 60;

/**
 * The e-mail one outbox entry sends, addressed as the settings say: a
 * message to the contact recipient, an application to the applications
 * recipient, each answering to the person who wrote; a candidate's answer
 * goes to the candidates' reply-to.
 */
export function notificationFor(
  { kind, id, submission: row }: Claimed,
  settings: SiteSettings,
  env: FunctionEnv,
): TeamNotification {
  const idempotencyKey = `${kind}-${id}`;
  const from = senderFrom(settings, env);
  if (kind === "candidate_email") {
    return {
      to: row.to_email ?? "",
      from,
      subject: row.subject ?? "",
      replyTo: candidateReplyTo(settings, env),
      text: row.body ?? "",
      idempotencyKey,
    };
  }
  if (kind === "message") {
    return {
      to: teamRecipient("message", settings, env),
      from,
      subject: `Contact message from ${row.name}`,
      replyTo: row.email ?? "",
      text: `${row.name} <${row.email}> wrote through the website:\n\n${row.message}\n\nStored as contact_messages ${id}.`,
      idempotencyKey,
    };
  }
  return {
    to: teamRecipient("application", settings, env),
    from,
    subject: `Application for ${row.job_title} from ${row.name}`,
    replyTo: row.email ?? "",
    text: [
      `${row.name} <${row.email}> applied for ${row.job_title} (job ${row.job_id}).`,
      "",
      row.comment ? `Comment:\n${row.comment}\n` : "No comment.\n",
      `CV: ${row.cv_file_name}, stored as ${CV_BUCKET}/${row.cv_path}.`,
      `Stored as job_applications ${id}.`,
    ].join("\n"),
    idempotencyKey,
  };
}

export type SendReport = { claimed: number; sent: number; failed: number };

/**
 * Sends the notifications that are due (or only `only`'s, the form's first
 * try), each claimed for CLAIM_LEASE_SECONDS so two senders never send one
 * twice, and records every try. Never throws.
 */
export async function sendDueNotifications(
  env: FunctionEnv,
  db: Database,
  {
    only,
    limit = 20,
    providerFetch,
  }: {
    only?: { kind: OutboxKind; id: string };
    limit?: number;
    providerFetch?: typeof fetch;
  } = {},
): Promise<SendReport> {
  const report: SendReport = { claimed: 0, sent: 0, failed: 0 };
  let claimed: Claimed[];
  try {
    claimed = unwrap(
      "claim_notifications",
      await db.rpc("claim_notifications", {
        p_limit: limit,
        p_lease_seconds: CLAIM_LEASE_SECONDS,
        p_kind: only?.kind ?? null,
        p_id: only?.id ?? null,
      }),
    ) as Claimed[];
  } catch (error) {
    console.error(`[notifications] claiming failed: ${String(error)}`);
    return report;
  }
  report.claimed = claimed.length;
  if (claimed.length === 0) return report;
  const settings = await readSettings(db);
  for (const item of claimed) {
    const result = await notifyTeam(
      env,
      notificationFor(item, settings, env),
      providerFetch,
    );
    if (result.sent) report.sent++;
    else report.failed++;
    try {
      unwrap(
        "finish_notification",
        await db.rpc("finish_notification", {
          p_kind: item.kind,
          p_id: item.id,
          p_sent: result.sent,
          p_error: result.sent ? null : result.error,
          p_retry: result.sent ? true : result.retry,
        }),
      );
    } catch (error) {
      // The lease runs out and the next run tries again; the provider's
      // idempotency key keeps a sent e-mail from going out twice.
      console.error(`[notifications] recording failed: ${String(error)}`);
    }
  }
  return report;
}

/**
 * The first try of the e-mails a stored application sets off: the team's
 * notification and the candidate's confirmation, which the database queued
 * with the row. Whatever fails here stays due for the schedule. Never throws.
 */
export async function sendApplicationEmails(
  env: FunctionEnv,
  db: Database,
  applicationId: string,
  providerFetch?: typeof fetch,
) {
  await sendDueNotifications(env, db, {
    only: { kind: "application", id: applicationId },
    providerFetch,
  });
  try {
    const queued = unwrap(
      "reading candidate_emails",
      await db
        .from("candidate_emails")
        .select("id")
        .eq("application_id", applicationId)
        .eq("purpose", "confirmation"),
    ) as { id: string }[];
    for (const { id } of queued) {
      await sendDueNotifications(env, db, {
        only: { kind: "candidate_email", id },
        providerFetch,
      });
    }
  } catch (error) {
    console.error(`[notifications] confirmation not tried: ${String(error)}`);
  }
}

/**
 * Removes the CVs in the bucket that no application names and that are
 * older than `claimWindowMs`: an upload whose application never came
 * (a direct upload, a crash between the upload and the function). Through
 * Storage's API, which deletes the file as well as its row. Never throws.
 */
export async function sweepUnclaimedCvs(db: Database, claimWindowMs: number) {
  try {
    const names = unwrap(
      "unclaimed_cvs",
      await db.rpc("unclaimed_cvs", {
        p_older_than_seconds: Math.ceil(claimWindowMs / 1000),
      }),
    ) as string[];
    if (names.length === 0) return 0;
    unwrap("removing CVs", await db.storage.from(CV_BUCKET).remove(names));
    return names.length;
  } catch (error) {
    console.error(`[cv sweep] ${String(error)}`);
    return 0;
  }
}
