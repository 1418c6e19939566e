import { refuseUnknownApiKey } from "../_shared/api-key.ts";
import { jsonResponse, preflight } from "../_shared/cors.ts";
import { insertSubmission } from "../_shared/database.ts";
import type { FunctionHandler } from "../_shared/handler-types.ts";
import { sendDueNotifications } from "../_shared/notifications.ts";
import { ContactPayloadSchema } from "../_shared/payloads.ts";
import { readJsonBody } from "../_shared/request.ts";
import { waitUntil, type WaitUntil } from "../_shared/runtime.ts";

type Dependencies = {
  /** How the e-mail provider is reached; tests replace it, nothing else. */
  providerFetch?: typeof fetch;
  /** Where the e-mail goes once the answer is sent; tests collect it. */
  afterResponse?: WaitUntil;
};

/**
 * Stores a contact message once per submission key, answers, then tells the
 * team: the e-mail's first try runs after the response
 * (EdgeRuntime.waitUntil), so the visitor waits only for the row, and a
 * failed one stays in the outbox for send-notifications. A key already
 * stored answers the same success and sends nothing. The contact page sends
 * `company` (an empty string), the company page's dialog does not: that is
 * how the two sources are told apart without widening the payload.
 */
export function createContactHandler({
  providerFetch,
  afterResponse = waitUntil,
}: Dependencies = {}): FunctionHandler {
  return async (request, env) => {
    if (request.method === "OPTIONS") return preflight();
    if (request.method !== "POST")
      return jsonResponse(405, { error: "Method not allowed" });
    const unknownKey = refuseUnknownApiKey(request, env);
    if (unknownKey) return unknownKey;

    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = ContactPayloadSchema.safeParse(body.value);
    if (!parsed.success) {
      return jsonResponse(400, {
        error: "Invalid payload",
        issues: parsed.error.issues,
      });
    }
    const { submissionKey, name, email, message, company } = parsed.data;

    let id: string | null;
    try {
      id = await insertSubmission(env, "contact_messages", {
        submission_key: submissionKey,
        name,
        email,
        message,
        company: company || null,
        source: company === undefined ? "company-dialog" : "contact-page",
      });
    } catch (error) {
      console.error(`[contact-us] ${String(error)}`);
      return jsonResponse(500, { error: "The message could not be stored" });
    }

    if (id === null) return jsonResponse(200, { ok: true, duplicate: true });
    afterResponse(
      sendDueNotifications(env, {
        only: { kind: "message", id },
        providerFetch,
      }),
    );
    return jsonResponse(200, { ok: true });
  };
}

export default createContactHandler();
