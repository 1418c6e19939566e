// The e-mail provider at the HTTP boundary, for the end-to-end site: it
// stands in front of the embedded server's mailbox (which speaks Resend's
// API), so a spec can make the provider fail for one sender (reply_to) until
// it says the provider is back. What it lets through is delivered to the
// mailbox (tests/support/mailbox.ts reads it there) and counted here per
// request, so a spec can tell "sent once" from "sent twice" even where the
// mailbox, as Resend would, answers a repeated Idempotency-Key without
// delivering again.
//
//   node tests/support/mail-stub.ts   (port E2E_MAIL_PORT)
import { createServer, type IncomingMessage } from "node:http";
import { E2E_MAIL_PORT, MAILBOX_URL } from "./e2e-env.ts";

export type Delivery = {
  idempotencyKey: string | null;
  replyTo: string;
  subject: string;
  text: string;
};

export const MAIL_STUB_URL = `http://127.0.0.1:${E2E_MAIL_PORT}`;

/** Makes the provider refuse (503) every e-mail whose reply_to is `replyTo`, or accept them again. */
export async function setMailDown(replyTo: string, down: boolean) {
  const response = await fetch(`${MAIL_STUB_URL}/_stub/down`, {
    method: "POST",
    body: JSON.stringify({ replyTo, down }),
  });
  if (!response.ok) throw new Error(`mail stub: ${response.status}`);
}

/** What the provider accepted for `replyTo`, and how many tries it refused. */
export async function mailFor(replyTo: string) {
  const response = await fetch(
    `${MAIL_STUB_URL}/_stub/deliveries?${new URLSearchParams({ replyTo })}`,
  );
  return (await response.json()) as {
    delivered: Delivery[];
    refused: number;
  };
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const firstAddress = (value: unknown) =>
  String((Array.isArray(value) ? value[0] : value) ?? "");

if (import.meta.main) {
  // Playwright holds the other end of stdin: when the runner is gone, however
  // it went, the stub goes too instead of keeping its port.
  if (process.env.STOP_WITH_STDIN === "1") {
    process.stdin.on("end", () => process.exit(0));
    process.stdin.resume();
  }
  const down = new Set<string>();
  const delivered: Delivery[] = [];
  const refused = new Map<string, number>();
  createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", MAIL_STUB_URL);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (request.method === "GET" && url.pathname === "/healthz")
      return send(200, { ok: true });
    if (request.method === "POST" && url.pathname === "/_stub/down") {
      const { replyTo, down: isDown } = JSON.parse(await readBody(request));
      if (isDown) down.add(String(replyTo));
      else down.delete(String(replyTo));
      return send(200, { ok: true });
    }
    if (request.method === "GET" && url.pathname === "/_stub/deliveries") {
      const replyTo = url.searchParams.get("replyTo") ?? "";
      return send(200, {
        delivered: delivered.filter((mail) => mail.replyTo === replyTo),
        refused: refused.get(replyTo) ?? 0,
      });
    }
    if (
      request.method === "POST" &&
      (url.pathname === "/emails" || url.pathname === "/emails/batch")
    ) {
      const raw = await readBody(request);
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = null;
      }
      const emails = (Array.isArray(parsed) ? parsed : [parsed]).map(
        (email) => (email ?? {}) as Record<string, unknown>,
      );
      const downFor = emails
        .map((email) => firstAddress(email.reply_to))
        .filter((replyTo) => down.has(replyTo));
      if (downFor.length > 0) {
        for (const replyTo of downFor)
          refused.set(replyTo, (refused.get(replyTo) ?? 0) + 1);
        return send(503, { message: "The provider is down (stub)" });
      }
      const idempotencyKey =
        request.headers["idempotency-key"]?.toString() ?? null;
      const answer = await fetch(`${MAILBOX_URL}${url.pathname}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(request.headers.authorization
            ? { Authorization: request.headers.authorization }
            : {}),
          ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
        },
        body: raw,
      });
      if (answer.ok)
        for (const email of emails)
          delivered.push({
            idempotencyKey,
            replyTo: firstAddress(email.reply_to),
            subject: String(email.subject ?? ""),
            text: String(email.text ?? ""),
          });
      return send(answer.status, await answer.text());
    }
    send(404, { message: "Not found" });
  }).listen(E2E_MAIL_PORT, "127.0.0.1");
}
