// Mailpit's API for reading the mailbox (its OpenAPI document,
// server/ui/api/v1/swagger.json), so a test written against the Supabase
// CLI's local Mailpit reads this one too: the same paths under the mailbox's
// URL, the same field names. Read state and tags are not kept here, so
// `Read` and `unread` are left out rather than made up.
import type { MailboxStore, StoredMessage } from "./store.ts";

const DEFAULT_LIMIT = 50;

/** The fields Mailpit's list and its message share. */
function messageFields(message: StoredMessage) {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    From: message.From,
    To: message.To,
    Cc: message.Cc,
    Bcc: message.Bcc,
    ReplyTo: message.ReplyTo,
    Subject: message.Subject,
    Tags: [],
    Size: message.Size,
  };
}

export function messageSummary(message: StoredMessage) {
  return {
    ...messageFields(message),
    Created: message.Created,
    Attachments: 0,
    Snippet: snippet(message),
  };
}

export type MessageSummary = ReturnType<typeof messageSummary>;

export function messageDetail(message: StoredMessage) {
  return {
    ...messageFields(message),
    Date: message.Created,
    Text: message.Text,
    HTML: message.HTML,
    Inline: [],
    Attachments: [],
  };
}

export type MessageDetail = ReturnType<typeof messageDetail>;

/** Mailpit's header listing: every name with its values, names in alphabetical order. */
export function messageHeaders(message: StoredMessage) {
  return Object.fromEntries(
    Object.entries(message.Headers).sort(([a], [b]) => a.localeCompare(b)),
  );
}

function snippet(message: StoredMessage) {
  return message.Text.replace(/\s+/g, " ").trim().slice(0, 250);
}

type Term = { negate: boolean; field: string | null; value: string };

const ADDRESS_FIELDS = {
  from: (message: StoredMessage) => [message.From],
  to: (message: StoredMessage) => message.To,
  cc: (message: StoredMessage) => message.Cc,
  bcc: (message: StoredMessage) => message.Bcc,
  "reply-to": (message: StoredMessage) => message.ReplyTo,
} as const;

/**
 * Mailpit's search syntax, the part tests use: words and "quoted phrases",
 * each optionally `field:value` (from, to, cc, bcc, reply-to, subject,
 * message-id) and `-` to exclude; every term must match, case-insensitively.
 */
export function parseQuery(query: string): Term[] {
  const terms: Term[] = [];
  for (const [, sign, field, quoted, bare] of query.matchAll(
    /(-?)(?:([a-z-]+):)?(?:"([^"]*)"|(\S+))/gi,
  )) {
    const value = (quoted ?? bare ?? "").toLowerCase();
    const known = field?.toLowerCase();
    if (
      field &&
      known &&
      !(known in ADDRESS_FIELDS) &&
      known !== "subject" &&
      known !== "message-id"
    ) {
      // Not a field Mailpit knows: the colon is part of a plain word.
      terms.push({
        negate: sign === "-",
        field: null,
        value: `${known}:${value}`,
      });
    } else if (value) {
      terms.push({ negate: sign === "-", field: known ?? null, value });
    }
  }
  return terms;
}

function matches(message: StoredMessage, { field, value }: Term) {
  const addressText = (list: readonly { Name: string; Address: string }[]) =>
    list.map(({ Name, Address }) => `${Name} <${Address}>`).join(" ");
  if (field && field in ADDRESS_FIELDS)
    return addressText(
      ADDRESS_FIELDS[field as keyof typeof ADDRESS_FIELDS](message),
    )
      .toLowerCase()
      .includes(value);
  if (field === "subject") return message.Subject.toLowerCase().includes(value);
  if (field === "message-id")
    return message.MessageID.toLowerCase().includes(value);
  return [
    message.Subject,
    message.Text,
    addressText([
      message.From,
      ...message.To,
      ...message.Cc,
      ...message.ReplyTo,
    ]),
  ].some((text) => text.toLowerCase().includes(value));
}

export function search(messages: readonly StoredMessage[], query: string) {
  const terms = parseQuery(query);
  return messages.filter((message) =>
    terms.every((term) => matches(message, term) !== term.negate),
  );
}

export function page(url: URL) {
  const number = (name: string, fallback: number) => {
    const value = Number(url.searchParams.get(name));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return { start: number("start", 0), limit: number("limit", DEFAULT_LIMIT) };
}

/** GET /api/v1/messages and GET /api/v1/search: one page, newest first. */
export function messagesSummary(
  store: MailboxStore,
  url: URL,
  query: string | null,
) {
  const all = store.messages();
  const matching = query === null ? all : search(all, query);
  const { start, limit } = page(url);
  const messages = matching.slice(start, start + limit).map(messageSummary);
  return {
    total: all.length,
    messages_count: matching.length,
    count: messages.length,
    start,
    tags: [],
    messages,
  };
}
