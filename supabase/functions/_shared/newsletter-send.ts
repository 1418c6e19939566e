import { unwrap, type Database } from "./database.ts";
import type { FunctionEnv } from "./handler-types.ts";
import { newsletterEmail } from "./newsletter-mail.ts";
import { sendEmails, type NotifyResult } from "./notify.ts";
import { newsletterFrom, newsletterName, readSettings } from "./settings.ts";

// The newsletter's sender: claims one due batch at a time
// (supabase/migrations/20261130410000_newsletter_sends.sql), sends it with
// the provider's batch API under the batch's idempotency key, and records
// the try. A batch is recorded, recipients and all, before its first
// provider call; a sender that dies between the call and the record leaves
// the batch to the next run, which sends the same recipients under the same
// key, and the provider delivers them once.

type ClaimedBatch = {
  send_id: string;
  number: number;
  attempts: number;
  recipients: { email: string; token: string }[];
  subject: string;
  html: string;
  text: string;
  site_url: string;
};

/** How long a sender holds a batch before another run may take it over. */
export const BATCH_LEASE_SECONDS = 60;

export type DeliveryReport = { batches: number; sent: number; failed: number };

export type DeliveryOptions = {
  providerFetch?: typeof fetch;
  /** Stop claiming once this much time has passed (a function's run is bounded). */
  budgetMs?: number;
  leaseSeconds?: number;
  /** Provider requests per second at most (Resend's default limit is 2). */
  requestsPerSecond?: number;
  /** How long a failed batch waits before its next try, by its tries so far. */
  retryAfterSeconds?: (attempts: number) => number;
  /** Called after each provider answer, before it is recorded; tests crash the sender here. */
  afterProviderCall?: (batch: { number: number }, result: NotifyResult) => void;
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The idempotency key of one batch, the same for every try of it. */
export const batchKey = (sendId: string, number: number) =>
  `newsletter-${sendId}-${number}`;

/**
 * Sends due batches until none is left or the budget is spent. Errors of
 * the provider are recorded and retried; an error of the database ends the
 * run (the batch's lease then hands it to the next one).
 */
export async function deliverDueBatches(
  env: FunctionEnv,
  db: Database,
  {
    providerFetch,
    budgetMs = 50_000,
    leaseSeconds = BATCH_LEASE_SECONDS,
    requestsPerSecond = Number(env.NEWSLETTER_REQUESTS_PER_SECOND) || 2,
    retryAfterSeconds = (attempts) => Math.min(600, 30 * 2 ** (attempts - 1)),
    afterProviderCall,
  }: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { batches: 0, sent: 0, failed: 0 };
  const started = Date.now();
  // A little over the limit's spacing: the provider measures arrivals, and
  // one request can take longer on its way than the next.
  const spacing = 1000 / requestsPerSecond + 25;
  let lastCall = 0;
  let mail: { name: string; from: string } | undefined;
  while (Date.now() - started < budgetMs) {
    const batch = unwrap(
      "newsletter_claim_batch",
      await db.rpc("newsletter_claim_batch", {
        p_lease_seconds: leaseSeconds,
      }),
    ) as ClaimedBatch | null;
    if (!batch) break;
    report.batches++;
    let result: NotifyResult = { sent: true };
    if (batch.recipients.length > 0) {
      const wait = lastCall + spacing - Date.now();
      if (wait > 0) await sleep(wait);
      lastCall = Date.now();
      if (!mail) {
        const settings = await readSettings(db);
        mail = {
          name: newsletterName(settings),
          from: newsletterFrom(settings, env),
        };
      }
      const options = {
        ...mail,
        unsubscribeEmail: env.NEWSLETTER_UNSUBSCRIBE_EMAIL,
      };
      result = await sendEmails(
        env,
        batch.recipients.map((recipient) =>
          newsletterEmail(batch, recipient, options),
        ),
        batchKey(batch.send_id, batch.number),
        {
          log: `[newsletter ${batch.send_id} batch ${batch.number}]`,
          fetchImpl: providerFetch,
        },
      );
    }
    afterProviderCall?.(batch, result);
    if (result.sent) report.sent += batch.recipients.length;
    else report.failed++;
    unwrap(
      "newsletter_finish_batch",
      await db.rpc("newsletter_finish_batch", {
        p_send_id: batch.send_id,
        p_number: batch.number,
        p_sent: result.sent,
        p_error: result.sent ? null : result.error,
        p_retry: result.sent ? true : result.retry,
        p_retry_after_seconds: retryAfterSeconds(batch.attempts),
      }),
    );
  }
  return report;
}
