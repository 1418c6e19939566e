import type { FunctionEnv } from "./handler-types.ts";
import { DEFAULT_TEAM_EMAIL } from "./limits.ts";

export type TeamNotification = {
  /** The team's address when absent; a candidate's for the e-mails they get. */
  to?: string;
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

/** The team's address: where notifications go and where a candidate's answer goes. */
export function teamAddress(env: FunctionEnv) {
  return env.TEAM_NOTIFICATION_EMAIL || DEFAULT_TEAM_EMAIL;
}

const DEFAULT_PROVIDER_URL = "https://api.resend.com";
const DEFAULT_FROM = "Recursa Website <website@recursa.ai>";

/**
 * E-mails the team (or, with `to`, a candidate) through Resend (RESEND_API_URL points a test at a stub).
 * The submission is stored before this runs, so a failure is a value the
 * outbox records and retries, never thrown.
 */
export async function notifyTeam(
  env: FunctionEnv,
  notification: TeamNotification,
  fetchImpl: typeof fetch = fetch,
): Promise<NotifyResult> {
  const log = `[${notification.subject}]`;
  if (!env.RESEND_API_KEY) {
    console.info(
      `${log} RESEND_API_KEY is not set: stored without a notification e-mail.`,
    );
    return { sent: false, error: "RESEND_API_KEY is not set", retry: false };
  }
  const base = (env.RESEND_API_URL || DEFAULT_PROVIDER_URL).replace(/\/+$/, "");
  try {
    const response = await fetchImpl(`${base}/emails`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${env.RESEND_API_KEY}`,
        "Content-Type": "application/json",
        "Idempotency-Key": notification.idempotencyKey,
      },
      body: JSON.stringify({
        from: env.NOTIFY_EMAIL_FROM || DEFAULT_FROM,
        to: [notification.to ?? teamAddress(env)],
        reply_to: notification.replyTo,
        subject: notification.subject.replace(/[\r\n]+/g, " "),
        text: notification.text,
      }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) {
      const error = `notification e-mail refused: ${response.status} ${await response.text()}`;
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
    const message = `notification e-mail failed: ${String(error)}`;
    console.error(`${log} ${message}`);
    return { sent: false, error: message, retry: true };
  }
}
