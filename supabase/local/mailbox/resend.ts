// Resend's sending API (POST /emails, POST /emails/batch) as the functions
// call it in production, so a local run exercises their real requests: the
// same body, Authorization and Idempotency-Key, the same answers and errors
// (Resend API reference: "Send Email", "Send Batch Emails", "Errors",
// "Idempotency Keys"). What would leave the machine is kept instead.
import { createHash, randomUUID } from "node:crypto";
import { notSupported } from "../context.ts";
import { json } from "../http.ts";
import { htmlToText } from "./html-text.ts";
import type { Address, MailboxStore, StoredMessage } from "./store.ts";

const MAX_RECIPIENTS = 50;
const MAX_BATCH = 100;
const MAX_IDEMPOTENCY_KEY = 256;

function resendError(status: number, name: string, message: string) {
  return json(status, { statusCode: status, name, message });
}

type InvalidCode = "validation_error" | "missing_required_field";

/** A request Resend would refuse with 422, and why. */
class Invalid extends Error {
  code: InvalidCode;
  constructor(code: InvalidCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** A field the local mailbox does not implement (answered 501, as elsewhere). */
class UnsupportedField extends Error {}

const EMAIL =
  /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

function parseAddress(value: string, field: string): Address {
  const named = /^\s*(?:"([^"]*)"|([^<"]*?))\s*<([^<>]+)>\s*$/.exec(value);
  const address = (named ? named[3]! : value).trim();
  if (!EMAIL.test(address)) {
    throw new Invalid(
      "validation_error",
      `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`,
    );
  }
  return {
    Name: named ? (named[1] ?? named[2] ?? "").trim() : "",
    Address: address,
  };
}

function addressList(
  body: Record<string, unknown>,
  field: string,
  required: boolean,
): Address[] {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required)
      throw new Invalid(
        "missing_required_field",
        `Missing \`${field}\` field.`,
      );
    return [];
  }
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item): item is string => typeof item === "string"))
    throw new Invalid(
      "validation_error",
      `The \`${field}\` field must be a string or an array of strings.`,
    );
  if (required && list.length === 0)
    throw new Invalid("missing_required_field", `Missing \`${field}\` field.`);
  if (list.length > MAX_RECIPIENTS)
    throw new Invalid(
      "validation_error",
      `The \`${field}\` field can have at most ${MAX_RECIPIENTS} addresses.`,
    );
  return list.map((item) => parseAddress(item, field));
}

function optionalString(body: Record<string, unknown>, field: string) {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string")
    throw new Invalid(
      "validation_error",
      `The \`${field}\` field must be a string.`,
    );
  return value;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function customHeaders(body: Record<string, unknown>) {
  const value = body.headers;
  if (value === undefined || value === null) return [];
  if (typeof value !== "object" || Array.isArray(value))
    throw new Invalid(
      "validation_error",
      "The `headers` field must be an object.",
    );
  return Object.entries(value).map(([name, header]) => {
    if (
      !HEADER_NAME.test(name) ||
      typeof header !== "string" ||
      /[\r\n]/.test(header)
    )
      throw new Invalid(
        "validation_error",
        `The header \`${name}\` must be a valid name with a single-line string value.`,
      );
    return [name, header] as const;
  });
}

function formatAddress({ Name, Address }: Address) {
  if (!Name) return Address;
  return /[(),.:;<>@[\]\\"]/.test(Name)
    ? `"${Name.replace(/["\\]/g, "\\$&")}" <${Address}>`
    : `${Name} <${Address}>`;
}

/** One e-mail of a request as a recipient's client would show it. */
export function composeMessage(value: unknown): StoredMessage {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Invalid("validation_error", "An email must be a JSON object.");
  const body = value as Record<string, unknown>;
  for (const field of ["attachments", "scheduled_at", "template", "react"]) {
    if (body[field] !== undefined && body[field] !== null)
      throw new UnsupportedField(field);
  }
  const from = addressList(body, "from", true);
  if (from.length !== 1)
    throw new Invalid(
      "validation_error",
      "The `from` field must be one address.",
    );
  const to = addressList(body, "to", true);
  const cc = addressList(body, "cc", false);
  const bcc = addressList(body, "bcc", false);
  const replyTo = addressList(body, "reply_to", false);
  const subject = optionalString(body, "subject");
  if (subject === undefined)
    throw new Invalid("missing_required_field", "Missing `subject` field.");
  const html = optionalString(body, "html");
  const text = optionalString(body, "text");
  if (html === undefined && text === undefined)
    throw new Invalid("validation_error", "Missing `html` or `text` field.");

  const id = randomUUID();
  const created = new Date();
  const headers: Record<string, string[]> = {};
  const set = (name: string, header: string) => {
    const existing = Object.keys(headers).find(
      (key) => key.toLowerCase() === name.toLowerCase(),
    );
    headers[existing ?? name] = [header];
  };
  set("Date", created.toUTCString().replace(/GMT$/, "+0000"));
  set("From", formatAddress(from[0]!));
  set("To", to.map(formatAddress).join(", "));
  if (cc.length > 0) set("Cc", cc.map(formatAddress).join(", "));
  if (replyTo.length > 0)
    set("Reply-To", replyTo.map(formatAddress).join(", "));
  set("Subject", subject);
  set("Message-Id", `<${id}@mailbox.localhost>`);
  for (const [name, header] of customHeaders(body)) set(name, header);

  // An empty string opts out of the generated text part, as with Resend.
  const textPart = text ?? htmlToText(html ?? "");
  const headerBytes = Object.entries(headers)
    .map(([name, values]) => `${name}: ${values.join(", ")}\r\n`)
    .join("");
  return {
    ID: id,
    MessageID: `${id}@mailbox.localhost`,
    Created: created.toISOString(),
    From: from[0]!,
    To: to,
    Cc: cc,
    Bcc: bcc,
    ReplyTo: replyTo,
    Subject: subject,
    Text: textPart,
    HTML: html ?? "",
    Headers: headers,
    Size: Buffer.byteLength(headerBytes + textPart + (html ?? "")),
  };
}

/** POST /emails (one e-mail) and POST /emails/batch (up to 100). */
export async function sendEmails(
  store: MailboxStore,
  request: Request,
  batch: boolean,
): Promise<Response> {
  const endpoint = batch ? "/emails/batch" : "/emails";
  if (!/^Bearer \S+/.test(request.headers.get("authorization") ?? ""))
    return resendError(
      401,
      "missing_api_key",
      "Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY",
    );
  const idempotencyKey = request.headers.get("idempotency-key");
  if (
    idempotencyKey !== null &&
    (idempotencyKey.length < 1 || idempotencyKey.length > MAX_IDEMPOTENCY_KEY)
  )
    return resendError(
      400,
      "invalid_idempotency_key",
      "The key must be between 1-256 chars.",
    );
  if (
    batch &&
    (request.headers.get("x-batch-validation") ?? "strict") !== "strict"
  )
    return notSupported(
      "x-batch-validation other than strict in the local mailbox",
    );

  const raw = await request.text();
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return resendError(400, "validation_error", "The body must be JSON.");
  }

  const digest = createHash("sha256")
    .update(`${endpoint}\n${raw}`)
    .digest("hex");
  if (idempotencyKey !== null) {
    const previous = store.previous(idempotencyKey);
    if (previous) {
      return previous.digest === digest
        ? json(200, previous.answer)
        : resendError(
            409,
            "invalid_idempotent_request",
            "Same idempotency key used with a different request payload.",
          );
    }
  }

  let messages: StoredMessage[];
  try {
    if (!batch) messages = [composeMessage(body)];
    else {
      if (!Array.isArray(body) || body.length === 0 || body.length > MAX_BATCH)
        throw new Invalid(
          "validation_error",
          `The body must be an array of 1 to ${MAX_BATCH} emails.`,
        );
      messages = body.map((email, index) => {
        try {
          return composeMessage(email);
        } catch (error) {
          if (error instanceof Invalid)
            throw new Invalid(error.code, `emails[${index}]: ${error.message}`);
          throw error;
        }
      });
    }
  } catch (error) {
    if (error instanceof Invalid)
      return resendError(422, error.code, error.message);
    if (error instanceof UnsupportedField)
      return notSupported(
        `The \`${error.message}\` field of POST ${endpoint} in the local mailbox`,
      );
    throw error;
  }

  const answer = batch
    ? { data: messages.map((message) => ({ id: message.ID })) }
    : { id: messages[0]!.ID };
  store.record({ idempotencyKey, digest, answer, messages });
  return json(200, answer);
}
