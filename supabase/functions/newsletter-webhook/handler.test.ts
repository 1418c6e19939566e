import { createHmac, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FunctionEnv } from "../_shared/handler-types.ts";
import { startLocalSupabase, type LocalSupabase } from "../../local/server.ts";
import handler from "./handler.ts";

let backend: LocalSupabase;
let dataDir: string;
let service: SupabaseClient;
let env: FunctionEnv;

const KEY = Buffer.from("a webhook signing key of 32 bytes").toString("base64");
const SECRET = `whsec_${KEY}`;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "newsletter-webhook-"));
  backend = await startLocalSupabase({
    port: 0,
    dataDir,
    reset: true,
    seedFile: null,
  });
  service = createClient(backend.url, backend.secretKey, {
    auth: { persistSession: false },
  });
  env = {
    SUPABASE_URL: backend.url,
    SUPABASE_SERVICE_ROLE_KEY: backend.secretKey,
    RESEND_WEBHOOK_SECRET: SECRET,
  };
}, 60_000);

afterAll(async () => {
  await backend?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A delivery as Resend's Svix signs it. */
function delivery(
  event: unknown,
  {
    id = `msg_${randomUUID()}`,
    timestamp = Math.floor(Date.now() / 1000),
    key = KEY,
  } = {},
) {
  const body = JSON.stringify(event);
  const signature = createHmac("sha256", Buffer.from(key, "base64"))
    .update(`${id}.${timestamp}.${body}`)
    .digest("base64");
  return new Request("http://functions.test/newsletter-webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(timestamp),
      "svix-signature": `v1,${signature}`,
    },
    body,
  });
}

async function confirmed() {
  const email = `${randomUUID()}@example.com`;
  const { error } = await service.from("newsletter_subscribers").insert({
    email,
    status: "confirmed",
    consent_form: "newsletter-page",
    consent_wording: "test",
  });
  if (error) throw error;
  return email;
}

async function status(email: string) {
  const { data } = await service
    .from("newsletter_subscribers")
    .select("status, suppressed_reason")
    .eq("email", email)
    .single();
  return data;
}

const bounce = (email: string) => ({
  type: "email.bounced",
  created_at: new Date().toISOString(),
  data: { email_id: randomUUID(), to: [email], subject: "Hello" },
});

describe("the provider's webhook", () => {
  it("suppresses the address of a validly signed bounce", async () => {
    const email = await confirmed();
    const answer = await handler(delivery(bounce(email)), env);
    expect(answer.status).toBe(200);
    expect(await status(email)).toEqual({
      status: "suppressed",
      suppressed_reason: "email.bounced",
    });
  });

  it("suppresses a complaint's address too", async () => {
    const email = await confirmed();
    const answer = await handler(
      delivery({ ...bounce(email), type: "email.complained" }),
      env,
    );
    expect(answer.status).toBe(200);
    expect((await status(email))?.status).toBe("suppressed");
  });

  it("refuses a bad signature, another key's, an old one or none, changing nothing", async () => {
    const email = await confirmed();
    const tampered = delivery(bounce(email));
    const forged = new Request(tampered, {
      body: JSON.stringify(bounce(`x${email}`)),
    });
    const other = delivery(bounce(email), {
      key: Buffer.from("another key entirely, 32 bytes!").toString("base64"),
    });
    const old = delivery(bounce(email), {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const unsigned = new Request("http://functions.test/", {
      method: "POST",
      body: JSON.stringify(bounce(email)),
    });
    for (const request of [forged, other, old, unsigned]) {
      expect((await handler(request, env)).status).toBe(401);
    }
    expect((await status(email))?.status).toBe("confirmed");
  });

  it("applies an event id once", async () => {
    const email = await confirmed();
    const id = `msg_${randomUUID()}`;
    expect((await handler(delivery(bounce(email), { id }), env)).status).toBe(
      200,
    );
    // The address is confirmed again since; the provider repeats the event.
    await service
      .from("newsletter_subscribers")
      .update({ status: "confirmed" })
      .eq("email", email);
    const again = await handler(delivery(bounce(email), { id }), env);
    expect(await again.json()).toEqual({ ok: true, duplicate: true });
    expect((await status(email))?.status).toBe("confirmed");
  });

  it("reads other events and changes nothing", async () => {
    const email = await confirmed();
    const answer = await handler(
      delivery({ ...bounce(email), type: "email.delivered" }),
      env,
    );
    expect(answer.status).toBe(200);
    expect((await status(email))?.status).toBe("confirmed");
  });
});
