import { jsonResponse } from "../_shared/cors.ts";
import { storeSubmission } from "../_shared/database.ts";
import { defineFunction } from "../_shared/handle.ts";
import { FUNCTION_CALLS_PER_ADDRESS } from "../_shared/limits.ts";
import { sendDueNotifications } from "../_shared/notifications.ts";
import { ContactPayloadSchema } from "../_shared/payloads.ts";
import { waitUntil, type WaitUntil } from "../_shared/runtime.ts";

type Dependencies = {
  /** How the e-mail provider is reached; tests replace it, nothing else. */
  providerFetch?: typeof fetch;
  /** Where the e-mail goes once the answer is sent; tests collect it. */
  afterResponse?: WaitUntil;
};

/**
 * Stores a contact message, answers, then tells the team: the e-mail's first
 * try runs after the response (EdgeRuntime.waitUntil), so the visitor waits
 * only for the row, and a failed one stays in the outbox for
 * send-notifications. A message that says what one stored within a day
 * already says, from the same address (a double click, a resubmit, a retry),
 * is that message: the same success, no second row or e-mail. The contact
 * page sends `company` (an empty string), the company page's dialog does
 * not: that is how the two sources are told apart.
 */
export function createContactHandler({
  providerFetch,
  afterResponse = waitUntil,
}: Dependencies = {}) {
  return defineFunction({
    name: "contact-us",
    access: "public",
    schema: ContactPayloadSchema,
    limit: FUNCTION_CALLS_PER_ADDRESS,
    async handle({ env, db, value: { company, ...message } }) {
      const { id, duplicate } = await storeSubmission(db, "message", {
        ...message,
        company: company || null,
        source: company === undefined ? "company-dialog" : "contact-page",
      });
      if (duplicate) return jsonResponse(200, { ok: true, duplicate: true });
      afterResponse(
        sendDueNotifications(env, db, {
          only: { kind: "message", id },
          providerFetch,
        }),
      );
      return jsonResponse(200, { ok: true });
    },
  });
}

export default createContactHandler();
