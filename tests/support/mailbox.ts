// The embedded server's mailbox, read through Mailpit's API as a test
// against the Supabase CLI's Mailpit would read it. Every e-mail the
// end-to-end site sends arrives there (through the provider's stand-in,
// tests/support/mail-stub.ts, which can refuse on demand).
import type {
  MessageDetail,
  MessageSummary,
} from "#supabase/local/mailbox/mailpit.ts";
import { MAILBOX_URL } from "./e2e-env.ts";

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${MAILBOX_URL}/api/v1${path}`);
  if (!response.ok) throw new Error(`mailbox ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Messages matching a Mailpit search (`to:…`, `reply-to:…`, `subject:…`), newest first. */
export async function searchMail(query: string) {
  const { messages } = await get<{ messages: MessageSummary[] }>(
    `/search?${new URLSearchParams({ query, limit: "1000" })}`,
  );
  return messages;
}

/** One message with its text and HTML parts. */
export function readMail(id: string) {
  return get<MessageDetail>(`/message/${encodeURIComponent(id)}`);
}

/** Its headers, each name with its values. */
export function mailHeaders(id: string) {
  return get<Record<string, string[]>>(
    `/message/${encodeURIComponent(id)}/headers`,
  );
}
