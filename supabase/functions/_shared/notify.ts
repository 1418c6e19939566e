import type { FunctionEnv } from "./handler-types.ts";
import { DEFAULT_TEAM_EMAIL } from "./limits.ts";

export type TeamNotification = {
  subject: string;
  text: string;
  replyTo: string;
};

const RESEND_URL = "https://api.resend.com/emails";
const DEFAULT_FROM = "Recursa Website <website@recursa.ai>";

/**
 * E-mails the team through Resend when RESEND_API_KEY is configured. The
 * submission is already stored when this runs, so a missing key or a failed
 * send is logged and reported as `false`, never thrown.
 */
export async function notifyTeam(
  env: FunctionEnv,
  notification: TeamNotification,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  const log = `[${notification.subject}]`;
  if (!env.RESEND_API_KEY) {
    console.info(
      `${log} RESEND_API_KEY is not set: stored without a notification e-mail.`,
    );
    return false;
  }
  try {
    const response = await fetchImpl(RESEND_URL, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${env.RESEND_API_KEY}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        from: env.NOTIFY_EMAIL_FROM || DEFAULT_FROM,
        to: [env.TEAM_NOTIFICATION_EMAIL || DEFAULT_TEAM_EMAIL],
        reply_to: notification.replyTo,
        subject: notification.subject.replace(/[\r\n]+/g, " "),
        text: notification.text,
      }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) {
      console.error(
        `${log} notification e-mail refused: ${response.status} ${await response.text()}`,
      );
      return false;
    }
    return true;
  } catch (error) {
    console.error(`${log} notification e-mail failed: ${String(error)}`);
    return false;
  }
}
