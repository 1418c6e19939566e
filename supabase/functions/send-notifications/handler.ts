import { z } from "zod";
import { jsonResponse } from "../_shared/cors.ts";
import { defineFunction } from "../_shared/handle.ts";
import { CV_CLAIM_WINDOW_MS } from "../_shared/limits.ts";
import { deliverDueBatches } from "../_shared/newsletter-send.ts";
import {
  sendDueNotifications,
  sweepUnclaimedCvs,
} from "../_shared/notifications.ts";

type Dependencies = {
  /** How the e-mail provider is reached; tests replace it, nothing else. */
  providerFetch?: typeof fetch;
  /** How long an upload may wait for its application; tests shorten it. */
  cvClaimWindowMs?: number;
};

/**
 * The minute's housekeeping, which a schedule calls with the secret key
 * (pg_cron and pg_net on a hosted project, the embedded server's timer
 * locally): sends every team notification that is due and records each try,
 * so a failed e-mail goes out once the provider is back; then removes the
 * CVs no application claimed in time; then sends the newsletter's due
 * batches (a send that stopped resumes here) for at most 40 seconds.
 */
export function createSendNotificationsHandler({
  providerFetch,
  cvClaimWindowMs = CV_CLAIM_WINDOW_MS,
}: Dependencies = {}) {
  return defineFunction({
    name: "send-notifications",
    access: "secret",
    schema: z.unknown(),
    async handle({ env, db }) {
      const report = await sendDueNotifications(env, db, { providerFetch });
      const cvsRemoved = await sweepUnclaimedCvs(db, cvClaimWindowMs);
      let newsletter = null;
      try {
        newsletter = await deliverDueBatches(env, db, {
          providerFetch,
          budgetMs: 40_000,
        });
      } catch (error) {
        console.error(`[newsletter delivery] ${String(error)}`);
      }
      return jsonResponse(200, { ...report, cvsRemoved, newsletter });
    },
  });
}

export default createSendNotificationsHandler();
