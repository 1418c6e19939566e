import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/** An address as Mailpit answers it: "Ada <ada@example.com>" is {Name: "Ada", Address: "ada@example.com"}. */
export type Address = { Name: string; Address: string };

/** One received message, in the field names of Mailpit's API. */
export type StoredMessage = {
  ID: string;
  MessageID: string;
  /** When the mailbox accepted it (ISO 8601). */
  Created: string;
  From: Address;
  To: Address[];
  Cc: Address[];
  Bcc: Address[];
  ReplyTo: Address[];
  Subject: string;
  Text: string;
  HTML: string;
  /** What a recipient's client shows as the message's headers (Bcc is not among them). */
  Headers: Record<string, string[]>;
  /** Bytes of its headers and parts. */
  Size: number;
};

/**
 * One accepted send request: its messages, and what the sender must be
 * answered again when it repeats the request under the same Idempotency-Key.
 */
type Send = {
  at: string;
  idempotencyKey: string | null;
  digest: string | null;
  answer: unknown;
  messages: StoredMessage[];
};

/** How long an Idempotency-Key is remembered, as the provider keeps it. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The mailbox's messages, kept in `<dir>/sends.jsonl`: one line per accepted
 * request, appended before the sender is answered, so a message the sender
 * was told about survives a restart, and a retry after a lost answer is
 * recognised even then. A line cut short by a crash is skipped on load.
 */
export function openMailboxStore(dir: string, { reset = false } = {}) {
  if (reset) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "sends.jsonl");
  const sends: Send[] = [];
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!line) continue;
      try {
        sends.push(JSON.parse(line) as Send);
      } catch {
        // The last line of a run that stopped while writing it.
      }
    }
  }
  let messages = sends.flatMap((send) => send.messages);

  function live(send: Send, now: number) {
    return now - Date.parse(send.at) < IDEMPOTENCY_WINDOW_MS;
  }

  return {
    /** The earlier send under this key within the window, if any. */
    previous(idempotencyKey: string) {
      const now = Date.now();
      return sends.findLast(
        (send) => send.idempotencyKey === idempotencyKey && live(send, now),
      );
    },

    record(send: Omit<Send, "at">) {
      const stored: Send = { at: new Date().toISOString(), ...send };
      appendFileSync(file, `${JSON.stringify(stored)}\n`);
      sends.push(stored);
      messages = messages.concat(stored.messages);
    },

    /** Newest first, as Mailpit lists them. */
    messages(): readonly StoredMessage[] {
      return messages.toReversed();
    },

    get(id: string) {
      if (id === "latest") return messages.at(-1);
      return messages.find((message) => message.ID === id);
    },

    /**
     * Deletes the messages named (all when none are): rewrites the file
     * without them, keeping what a retry within the window must be answered.
     */
    delete(ids?: readonly string[]) {
      const doomed = ids ? new Set(ids) : null;
      const now = Date.now();
      const kept = sends
        .map((send) => ({
          ...send,
          messages: doomed
            ? send.messages.filter((message) => !doomed.has(message.ID))
            : [],
        }))
        .filter((send) => send.messages.length > 0 || live(send, now));
      const partial = `${file}.partial`;
      writeFileSync(
        partial,
        kept.map((send) => `${JSON.stringify(send)}\n`).join(""),
      );
      renameSync(partial, file);
      sends.splice(0, sends.length, ...kept);
      messages = sends.flatMap((send) => send.messages);
    },
  };
}

export type MailboxStore = ReturnType<typeof openMailboxStore>;
