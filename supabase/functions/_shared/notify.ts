import type { FunctionEnv } from "./handler-types.ts";
import { DEFAULT_FROM } from "./settings.ts";
import { trimEndOf } from "./text.ts";

export type TeamNotification = {
  /** The team's address (the settings'), or a candidate's for the e-mails they get. */
  to: string;
  /** The settings' sender; NOTIFY_EMAIL_FROM or the default when absent. */
  from?: string;
  subject: string;
  text: string;
  replyTo: string;
  /**
   * The same for every try of one notification: the provider delivers a key
   * it has seen once only, so a retry after a send whose answer was lost
   * cannot e-mail the team twice.
   */
  idempotencyKey: string;
};

/** What one try came to; `retry` is false where trying again cannot help. */
export type NotifyResult =
  { sent: true } | { sent: false; error: string; retry: boolean };

const DEFAULT_PROVIDER_URL = "https://api.resend.com";

/** One e-mail in Resend's shape. */
export type OutgoingEmail = {
  from?: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  reply_to?: string;
  headers?: Record<string, string>;
};

/**
 * Posts one e-mail (`/emails`) or up to 100 (`/emails/batch`) to Resend
 * (RESEND_API_URL points a test at a stub) under `idempotencyKey`, the same
 * for every try of one send: the provider delivers a key it has seen once
 * only. Whoever calls this recorded what it sends first, so a failure is a
 * value to record and retry, never thrown.
 */
export async function sendEmails(
  env: FunctionEnv,
  emails: OutgoingEmail | OutgoingEmail[],
  idempotencyKey: string,
  { log, fetchImpl = fetch }: { log: string; fetchImpl?: typeof fetch },
): Promise<NotifyResult> {
  if (!env.RESEND_API_KEY) {
    console.info(`${log} RESEND_API_KEY is not set: no e-mail sent.`);
    return { sent: false, error: "RESEND_API_KEY is not set", retry: false };
  }
  const base = trimEndOf(env.RESEND_API_URL || DEFAULT_PROVIDER_URL, "/");
  const from = env.NOTIFY_EMAIL_FROM || DEFAULT_FROM;
  const batch = Array.isArray(emails);
  const withFrom = (email: OutgoingEmail) => ({
    from,
    ...email,
    subject: email.subject.replace(/[\r\n]+/g, " "),
  });
  try {
    const response = await fetchImpl(`${base}/emails${batch ? "/batch" : ""}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${env.RESEND_API_KEY}`,
        "Content-Type": "application/json",
        "Idempotency-Key": idempotencyKey,
      },
      body: JSON.stringify(batch ? emails.map(withFrom) : withFrom(emails)),
      signal: AbortSignal.timeout(batch ? 30_000 : 5_000),
    });
    if (!response.ok) {
      const error = `e-mail refused: ${response.status} ${await response.text()}`;
      console.error(`${log} ${error}`);
      // A request the provider calls wrong stays wrong; a limit or an outage passes.
      const retry =
        response.status >= 500 ||
        response.status === 429 ||
        response.status === 408 ||
        response.status === 409;
      return { sent: false, error, retry };
    }
    return { sent: true };
  } catch (error) {
    const message = `e-mail failed: ${String(error)}`;
    console.error(`${log} ${message}`);
    return { sent: false, error: message, retry: true };
  }
}

/** E-mails the team about a stored submission, or a candidate (the outbox's one try). */
export function notifyTeam(
  env: FunctionEnv,
  notification: TeamNotification,
  fetchImpl: typeof fetch = fetch,
): Promise<NotifyResult> {
  return sendEmails(
    env,
    {
      ...(notification.from ? { from: notification.from } : {}),
      to: [notification.to],
      reply_to: notification.replyTo,
      subject: notification.subject,
      text: notification.text,
    },
    notification.idempotencyKey,
    { log: `[${notification.subject}]`, fetchImpl },
  );
}
