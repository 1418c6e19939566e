import { z } from "zod";
import { jsonResponse } from "../_shared/cors.ts";
import { unwrap } from "../_shared/database.ts";
import { defineFunction } from "../_shared/handle.ts";
import { EMAIL_MAX_LENGTH } from "../_shared/limits.ts";
import { confirmationEmail } from "../_shared/newsletter-mail.ts";
import { sendEmails } from "../_shared/notify.ts";
import {
  newsletterFrom,
  newsletterName,
  readSettings,
} from "../_shared/settings.ts";
import { waitUntil, type WaitUntil } from "../_shared/runtime.ts";
import { hasNoControlCharacters, trimEndOf } from "../_shared/text.ts";

type Dependencies = {
  /** How the e-mail provider is reached; tests replace it, nothing else. */
  providerFetch?: typeof fetch;
  /** Where the confirmation goes once the answer is sent; tests collect it. */
  afterResponse?: WaitUntil;
};

const siteUrl = z
  .url({ protocol: /^https?$/ })
  .transform((url) => trimEndOf(url, "/"));

const SubscribeSchema = z.object({
  action: z.literal("subscribe"),
  email: z.email().max(EMAIL_MAX_LENGTH),
  form: z.string().trim().min(1).max(200).refine(hasNoControlCharacters),
  wording: z.string().trim().min(1).max(2000).refine(hasNoControlCharacters),
  addressHash: z.string().regex(/^[0-9a-f]{64}$/),
  // The site's own address, from the app server's configuration: only the
  // secret key may call this function, so a caller cannot point the links
  // in our e-mails elsewhere.
  siteUrl,
});

const TestSendSchema = z.object({
  action: z.literal("test"),
  to: z.email().max(EMAIL_MAX_LENGTH),
  subject: z.string().min(1).max(300),
  html: z.string().min(1),
  text: z.string().min(1),
});

export const NewsletterPayloadSchema = z.discriminatedUnion("action", [
  SubscribeSchema,
  TestSendSchema,
]);

export type NewsletterPayload = z.input<typeof NewsletterPayloadSchema>;

/**
 * The newsletter's e-mail, sent for the app server (the secret key only).
 * `subscribe` records a sign-up with its consent evidence and, when the
 * database says one is due (a pending address, none sent within a day),
 * e-mails the confirmation link, after answering: the answer is the same,
 * and as quick, whatever the address's state, so neither what it says nor
 * when reveals a subscriber. Each sign-up the database lets through is an
 * e-mail of its own (a key per send): one made again after unsubscribing
 * is not taken by the provider for the one sent earlier that day. `test` sends a
 * post's e-mail to one team member. A send's batches go out from the
 * minute's schedule (send-notifications), so one sender at a time keeps to
 * the provider's rate.
 */
export function createNewsletterHandler({
  providerFetch,
  afterResponse = waitUntil,
}: Dependencies = {}) {
  return defineFunction({
    name: "newsletter",
    access: "secret",
    schema: NewsletterPayloadSchema,
    async handle({ env, db, value }) {
      if (value.action === "test") {
        const from = newsletterFrom(await readSettings(db), env);
        const result = await sendEmails(
          env,
          {
            from,
            to: [value.to],
            subject: value.subject,
            html: value.html,
            text: value.text,
          },
          `newsletter-test-${crypto.randomUUID()}`,
          { log: "[newsletter test]", fetchImpl: providerFetch },
        );
        return result.sent
          ? jsonResponse(200, { ok: true })
          : jsonResponse(502, { error: "The test e-mail failed" });
      }
      const token = unwrap(
        "newsletter_subscribe",
        await db.rpc("newsletter_subscribe", {
          p_email: value.email,
          p_form: value.form,
          p_wording: value.wording,
          p_address_hash: value.addressHash,
        }),
      ) as string | null;
      if (token !== null) {
        afterResponse(
          (async () => {
            const settings = await readSettings(db);
            const result = await sendEmails(
              env,
              confirmationEmail(value.email, value.siteUrl, token, {
                name: newsletterName(settings),
                from: newsletterFrom(settings, env),
              }),
              `newsletter-confirm-${token.slice(0, 36)}-${crypto.randomUUID()}`,
              { log: "[newsletter confirmation]", fetchImpl: providerFetch },
            );
            if (result.sent) return;
            // Not sent: the address may ask again now rather than tomorrow.
            const { error } = await db.rpc("newsletter_confirmation_unsent", {
              p_token: token,
            });
            if (error)
              console.error(`[newsletter confirmation] ${error.message}`);
          })(),
        );
      }
      return jsonResponse(200, { ok: true });
    },
  });
}

export default createNewsletterHandler();
