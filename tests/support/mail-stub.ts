// The e-mail provider at the HTTP boundary, for the end-to-end site: answers
// Resend's POST /emails, and lets a spec make it fail for one sender
// (reply_to) until it says the provider is back. It counts every e-mail it
// accepted, so a spec can tell "sent once" from "sent twice" (it does not
// fold repeats of an Idempotency-Key together, as Resend would: a repeat is
// what the specs look for).
//
//   node tests/support/mail-stub.ts   (port E2E_MAIL_PORT)
import { createServer, type IncomingMessage } from "node:http";
import { E2E_MAIL_PORT } from "./e2e-env.ts";

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

async function readJson(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || "{}") as Record<
    string,
    unknown
  >;
}

if (import.meta.main) {
  const down = new Set<string>();
  const delivered: Delivery[] = [];
  const refused = new Map<string, number>();
  createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", MAIL_STUB_URL);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method === "GET" && url.pathname === "/healthz")
      return send(200, { ok: true });
    if (request.method === "POST" && url.pathname === "/_stub/down") {
      const { replyTo, down: isDown } = await readJson(request);
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
    if (request.method === "POST" && url.pathname === "/emails") {
      if (!request.headers.authorization?.startsWith("Bearer "))
        return send(401, { message: "Missing API key" });
      const body = await readJson(request);
      const replyTo = String(body.reply_to ?? "");
      if (down.has(replyTo)) {
        refused.set(replyTo, (refused.get(replyTo) ?? 0) + 1);
        return send(503, { message: "The provider is down (stub)" });
      }
      delivered.push({
        idempotencyKey: request.headers["idempotency-key"]?.toString() ?? null,
        replyTo,
        subject: String(body.subject ?? ""),
        text: String(body.text ?? ""),
      });
      return send(200, { id: crypto.randomUUID() });
    }
    send(404, { message: "Not found" });
  }).listen(E2E_MAIL_PORT, "127.0.0.1");
}
