import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FunctionEnv } from "../_shared/handler-types.ts";
import { startLocalSupabase, type LocalSupabase } from "../../local/server.ts";
import { createNewsletterHandler, type NewsletterPayload } from "./handler.ts";

let backend: LocalSupabase;
let dataDir: string;
let service: SupabaseClient;
let env: FunctionEnv;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "newsletter-handler-"));
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
    SUPABASE_ANON_KEY: backend.publishableKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.secretKey,
    RESEND_API_KEY: "re_test",
    RESEND_API_URL: "http://provider.test",
  };
}, 60_000);

afterAll(async () => {
  await backend?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The provider stand-in: what it was sent, or a refusal while `down`. */
function provider() {
  const sent: { to: string[]; text: string; key: string | null }[] = [];
  const state = { down: false };
  const fetchImpl = vi.fn<typeof fetch>(async (_url, init) => {
    if (state.down) return Response.json({ message: "down" }, { status: 503 });
    const body = JSON.parse(String(init?.body)) as {
      to: string[];
      text: string;
    };
    sent.push({
      ...body,
      key: new Headers(init?.headers).get("Idempotency-Key"),
    });
    return Response.json({ id: randomUUID() });
  });
  return { sent, state, fetchImpl };
}

function subscribe(email: string, apikey = backend.secretKey) {
  const payload: NewsletterPayload = {
    action: "subscribe",
    email,
    form: "newsletter-page",
    wording: "Get new blueprints by e-mail.",
    addressHash: "a".repeat(64),
    siteUrl: "https://site.example/",
  };
  return new Request("http://functions.test/newsletter", {
    method: "POST",
    headers: { apikey, "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
}

const email = () => `${randomUUID()}@example.com`;

/** The confirmations a handler sends after its answers. */
const tasks: Promise<unknown>[] = [];
const afterResponse = (task: Promise<unknown>) => void tasks.push(task);
const sent = () => Promise.all(tasks.splice(0));

describe("the newsletter function's sign-up", () => {
  it("e-mails a pending address its signed confirmation link once a day", async () => {
    const mail = provider();
    const handler = createNewsletterHandler({
      providerFetch: mail.fetchImpl,
      afterResponse,
    });
    const address = email();
    expect((await handler(subscribe(address), env)).status).toBe(200);
    expect((await handler(subscribe(address.toUpperCase()), env)).status).toBe(
      200,
    );
    await sent();
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.to).toEqual([address]);
    expect(mail.sent[0]!.text).toMatch(
      /https:\/\/site\.example\/newsletter\/confirm\/[0-9a-f-]{36}\.[0-9a-f]{64}\n/,
    );
    expect(mail.sent[0]!.key).toMatch(/^newsletter-confirm-/);
  });

  it("sends nothing to a confirmed or suppressed address, and answers the same", async () => {
    const mail = provider();
    const handler = createNewsletterHandler({
      providerFetch: mail.fetchImpl,
      afterResponse,
    });
    for (const status of ["confirmed", "suppressed"]) {
      const address = email();
      await service.from("newsletter_subscribers").insert({
        email: address,
        status,
        consent_form: "newsletter-page",
        consent_wording: "earlier words",
      });
      const answer = await handler(subscribe(address), env);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
      const { data } = await service
        .from("newsletter_subscribers")
        .select("status, consent_wording")
        .eq("email", address)
        .single();
      expect(data).toEqual({ status, consent_wording: "earlier words" });
    }
    await sent();
    expect(mail.sent).toHaveLength(0);
  });

  it("lets an address ask again at once when the e-mail failed", async () => {
    const mail = provider();
    const handler = createNewsletterHandler({
      providerFetch: mail.fetchImpl,
      afterResponse,
    });
    const address = email();
    mail.state.down = true;
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Answered before the e-mail is tried: the same answer as any sign-up.
    expect((await handler(subscribe(address), env)).status).toBe(200);
    await sent();
    mail.state.down = false;
    expect((await handler(subscribe(address), env)).status).toBe(200);
    await sent();
    expect(mail.sent).toHaveLength(1);
  });

  it("answers before it e-mails: a new address waits no longer than a confirmed one", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const mail = provider();
    const handler = createNewsletterHandler({
      providerFetch: async (...args) => {
        await held;
        return mail.fetchImpl(...args);
      },
      afterResponse,
    });
    expect((await handler(subscribe(email()), env)).status).toBe(200);
    expect(mail.sent).toHaveLength(0);
    release();
    await sent();
    expect(mail.sent).toHaveLength(1);
  });

  it("signing up again the same day after unsubscribing sends a fresh confirmation", async () => {
    const mail = provider();
    const handler = createNewsletterHandler({
      providerFetch: mail.fetchImpl,
      afterResponse,
    });
    const address = email();
    await handler(subscribe(address), env);
    await sent();
    await service
      .from("newsletter_subscribers")
      .update({ status: "unsubscribed" })
      .eq("email", address);
    await handler(subscribe(address), env);
    await sent();
    expect(mail.sent.map((mail) => mail.to)).toEqual([[address], [address]]);
    expect(new Set(mail.sent.map((mail) => mail.key)).size).toBe(2);
  });

  it("takes only the secret key", async () => {
    const handler = createNewsletterHandler({
      providerFetch: provider().fetchImpl,
    });
    const address = email();
    const answer = await handler(
      subscribe(address, backend.publishableKey),
      env,
    );
    expect(answer.status).toBe(401);
    const { data } = await service
      .from("newsletter_subscribers")
      .select("id")
      .eq("email", address);
    expect(data).toEqual([]);
  });
});
