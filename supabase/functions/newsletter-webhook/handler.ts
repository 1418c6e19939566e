import { z } from "zod";
import { jsonResponse } from "../_shared/cors.ts";
import { serviceClient, unwrap } from "../_shared/database.ts";
import type { FunctionHandler } from "../_shared/handler-types.ts";

// The e-mail provider's webhooks (Resend signs them with Svix): a bounce or
// a complaint suppresses its addresses, which every send then skips. Only a
// delivery whose signature checks out with RESEND_WEBHOOK_SECRET, made in
// the last five minutes, is read; each event id changes things once.

const MAX_BODY_BYTES = 256 * 1024;
const TOLERANCE_SECONDS = 5 * 60;

/** The events that suppress an address. */
const SUPPRESSING = new Set(["email.bounced", "email.complained"]);

const EventSchema = z.object({
  type: z.string().max(100),
  data: z
    .object({ to: z.union([z.string(), z.array(z.string())]).optional() })
    .passthrough(),
});

function base64Bytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/**
 * Svix's scheme: HMAC-SHA256, keyed by the secret after its `whsec_`
 * prefix (base64), of `{id}.{timestamp}.{body}`; the header lists
 * `v1,{base64}` signatures separated by spaces, any of which may match.
 */
export async function verifySvix(
  secret: string,
  headers: Headers,
  body: string,
  now = Date.now(),
) {
  const id = headers.get("svix-id");
  const timestamp = headers.get("svix-timestamp");
  const signatures = headers.get("svix-signature");
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return null;
  if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return null;
  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64Bytes(secret.replace(/^whsec_/, ""));
  } catch {
    return null;
  }
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    key,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const expected = new Uint8Array(
    await crypto.subtle.sign(
      "HMAC",
      cryptoKey,
      new TextEncoder().encode(`${id}.${timestamp}.${body}`),
    ),
  );
  for (const entry of signatures.split(" ")) {
    const [version, signature] = entry.split(",");
    if (version !== "v1" || !signature) continue;
    try {
      if (sameBytes(base64Bytes(signature), expected)) return id;
    } catch {
      // Not base64: not a match.
    }
  }
  return null;
}

async function readCapped(request: Request) {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY_BYTES)
    return null;
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.byteLength > MAX_BODY_BYTES
    ? null
    : new TextDecoder().decode(bytes);
}

const handler: FunctionHandler = async (request, env) => {
  if (request.method !== "POST")
    return jsonResponse(405, { error: "Method not allowed" });
  const secret = env.RESEND_WEBHOOK_SECRET;
  if (!secret) {
    console.error("[newsletter-webhook] RESEND_WEBHOOK_SECRET is not set");
    return jsonResponse(503, { error: "Not configured" });
  }
  const body = await readCapped(request);
  if (body === null) return jsonResponse(413, { error: "Payload too large" });
  const eventId = await verifySvix(secret, request.headers, body);
  if (!eventId) return jsonResponse(401, { error: "Invalid signature" });
  let event: z.infer<typeof EventSchema>;
  try {
    event = EventSchema.parse(JSON.parse(body));
  } catch {
    return jsonResponse(400, { error: "Invalid payload" });
  }
  if (!SUPPRESSING.has(event.type)) return jsonResponse(200, { ok: true });
  const to = event.data.to;
  const emails = (Array.isArray(to) ? to : to ? [to] : []).slice(0, 50);
  try {
    const applied = unwrap(
      "newsletter_suppress",
      await serviceClient(env).rpc("newsletter_suppress", {
        p_event_id: eventId,
        p_type: event.type,
        p_emails: emails,
      }),
    ) as boolean;
    return jsonResponse(200, { ok: true, duplicate: !applied });
  } catch (error) {
    // The provider retries a failed delivery: nothing is lost.
    console.error(`[newsletter-webhook] ${String(error)}`);
    return jsonResponse(500, { error: "Not recorded" });
  }
};

export default handler;
