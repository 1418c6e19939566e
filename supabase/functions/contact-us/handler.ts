import { refuseUnknownApiKey } from "../_shared/api-key.ts";
import { jsonResponse, preflight } from "../_shared/cors.ts";
import { findSubmission, insertSubmission } from "../_shared/database.ts";
import type { FunctionEnv, FunctionHandler } from "../_shared/handler-types.ts";
import { sendDueNotifications } from "../_shared/notifications.ts";
import { ContactPayloadSchema } from "../_shared/payloads.ts";
import { readJsonBody } from "../_shared/request.ts";
import { waitUntil, type WaitUntil } from "../_shared/runtime.ts";

// What a message says: a row under the same key that says the same is a
// retry of it, one that says anything else a message of its own.
const CONTENT_COLUMNS = [
  "name",
  "email",
  "message",
  "company",
  "source",
] as const;

type ContactRow = Record<(typeof CONTENT_COLUMNS)[number], string | null> & {
  submission_key: string;
};

/**
 * The key a message is stored under when its form's key holds another
 * message: a SHA-256 over the form's key and the message's content, as a
 * version 8 (RFC 9562) UUID. It is the same for every retry of that message,
 * so those are dropped as the first key's retries are.
 */
async function contentKey(row: ContactRow) {
  const content = JSON.stringify(
    Object.fromEntries(CONTENT_COLUMNS.map((column) => [column, row[column]])),
  );
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`${row.submission_key}\n${content}`),
  );
  // The first 16 bytes, with the version (8) and variant (10) bits set.
  const hex = Array.from(new Uint8Array(digest, 0, 16), (byte, index) =>
    (index === 6
      ? (byte & 0x0f) | 0x80
      : index === 8
        ? (byte & 0x3f) | 0x80
        : byte
    )
      .toString(16)
      .padStart(2, "0"),
  ).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Stores a message once: the new row's id, or null when this very message
 * is stored already. Two copies of a form can hold one key (two tabs that
 * revalidated one kept page, decision 085), so a key already stored with
 * other content is a second message, not a retry: it goes under its
 * contentKey rather than being dropped while its visitor is told it was sent.
 */
async function storeMessage(env: FunctionEnv, row: ContactRow) {
  const id = await insertSubmission(env, "contact_messages", row);
  if (id !== null) return id;
  const stored = await findSubmission(
    env,
    "contact_messages",
    row.submission_key,
    CONTENT_COLUMNS,
  );
  const retry =
    stored !== null &&
    CONTENT_COLUMNS.every((column) => stored[column] === row[column]);
  if (retry) return null;
  return insertSubmission(env, "contact_messages", {
    ...row,
    submission_key: await contentKey(row),
  });
}

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
 * failed one stays in the outbox for send-notifications. The same message
 * again under its key answers the same success and sends nothing (see
 * storeMessage for another message under it). The contact page sends
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
      id = await storeMessage(env, {
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
