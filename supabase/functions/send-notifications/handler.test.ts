import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { FunctionEnv } from "../_shared/handler-types.ts";
import { startLocalSupabase, type LocalSupabase } from "../../local/server.ts";
import { createContactHandler } from "../contact-us/handler.ts";
import { createSendNotificationsHandler } from "./handler.ts";

let backend: LocalSupabase;
let dataDir: string;
let service: SupabaseClient;
let env: FunctionEnv;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "send-notifications-test-"));
  backend = await startLocalSupabase({
    port: 0,
    dataDir,
    reset: true,
    seedFile: null,
    notificationIntervalMs: null,
  });
  service = createClient(backend.url, backend.secretKey, {
    auth: { persistSession: false },
  });
  env = {
    SUPABASE_URL: backend.url,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({
      default: backend.publishableKey,
    }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: backend.secretKey }),
    RESEND_API_KEY: "re_test_key",
  };
});

afterAll(async () => {
  await backend?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Resend at the HTTP boundary: down until `recover()`, then up; it counts the
 * e-mails it delivered, once per Idempotency-Key as Resend does.
 */
function flakyProvider() {
  let up = false;
  const delivered = new Map<string, Record<string, unknown>>();
  const providerFetch = (async (
    _input: RequestInfo | URL,
    init?: RequestInit,
  ) => {
    if (!up) return Response.json({ message: "unavailable" }, { status: 503 });
    const key = new Headers(init?.headers).get("idempotency-key") ?? "";
    if (!delivered.has(key))
      delivered.set(key, JSON.parse(String(init?.body)) as never);
    return Response.json({ id: key });
  }) as typeof fetch;
  return { providerFetch, delivered, recover: () => (up = true) };
}

const run = (
  handler: ReturnType<typeof createSendNotificationsHandler>,
  apikey: string,
) =>
  handler(
    new Request(`${backend.url}/functions/v1/send-notifications`, {
      method: "POST",
      headers: { apikey, "Content-Type": "application/json" },
      body: "{}",
    }),
    env,
  );

async function dueNow(email: string) {
  // The back-off would make the test wait 30 s: the row is due at once.
  const { error } = await service
    .from("contact_messages")
    .update({ notification_next_at: new Date(0).toISOString() })
    .eq("email", email);
  if (error) throw error;
}

it("refuses every key but a secret one", async () => {
  const handler = createSendNotificationsHandler();
  expect((await run(handler, backend.publishableKey)).status).toBe(401);
  expect((await run(handler, "sb_secret_not-this-project")).status).toBe(401);
});

it("sends a notification that failed once the provider is back, exactly once", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const provider = flakyProvider();
  const tasks: Promise<unknown>[] = [];
  const contact = createContactHandler({
    providerFetch: provider.providerFetch,
    afterResponse: (task) => tasks.push(task),
  });
  const email = "outbox@retry.test";
  const stored = await contact(
    new Request(`${backend.url}/functions/v1/contact-us`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        apikey: backend.publishableKey,
      },
      body: JSON.stringify({
        name: "Outbox",
        email,
        message: "The provider is down when this arrives.",
      }),
    }),
    env,
  );
  expect(stored.status).toBe(200);
  await Promise.all(tasks);
  expect(provider.delivered.size).toBe(0);

  const sender = createSendNotificationsHandler({
    providerFetch: provider.providerFetch,
  });
  // Still down: one more failure, still pending.
  await dueNow(email);
  await run(sender, backend.secretKey);
  provider.recover();
  // Two senders at once (two schedules, or a run that overlaps the next):
  // the claim gives the row to one of them.
  await dueNow(email);
  const reports = await Promise.all([
    run(sender, backend.secretKey).then((response) => response.json()),
    run(sender, backend.secretKey).then((response) => response.json()),
  ]);
  expect(
    reports.reduce((sum, report: { sent: number }) => sum + report.sent, 0),
  ).toBe(1);
  // Nothing is due any more.
  await dueNow(email);
  expect(await (await run(sender, backend.secretKey)).json()).toMatchObject({
    claimed: 0,
  });

  expect(provider.delivered.size).toBe(1);
  const { data } = await service
    .from("contact_messages")
    .select("notification_state, notification_attempts, notification_error")
    .eq("email", email)
    .single();
  expect(data).toEqual({
    notification_state: "sent",
    notification_attempts: 3,
    notification_error: null,
  });
});

it("gives up after eight failures and marks the row failed", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const provider = flakyProvider();
  const email = "outbox@give-up.test";
  const { error } = await service.from("contact_messages").insert({
    name: "Never",
    email,
    message: "The provider never comes back.",
  });
  expect(error).toBeNull();
  const sender = createSendNotificationsHandler({
    providerFetch: provider.providerFetch,
  });
  for (let attempt = 0; attempt < 10; attempt++) {
    await dueNow(email);
    await run(sender, backend.secretKey);
  }
  const { data } = await service
    .from("contact_messages")
    .select("notification_state, notification_attempts")
    .eq("email", email)
    .single();
  expect(data).toEqual({
    notification_state: "failed",
    notification_attempts: 8,
  });
});

it("removes the CVs no application claimed in time, and only those", async () => {
  const bucket = service.storage.from("cv-uploads");
  const upload = async (name: string) => {
    const { error } = await bucket.upload(
      name,
      new Blob(["%PDF-1.7\n"], { type: "application/pdf" }),
      { contentType: "application/pdf" },
    );
    if (error) throw error;
  };
  const old = `${Date.now()}-abandoned.pdf`;
  const claimed = `${Date.now()}-claimed.pdf`;
  const fresh = `${Date.now()}-on-its-way.pdf`;
  for (const name of [old, claimed]) await upload(name);
  const { error } = await service.from("job_applications").insert({
    job_id: "1",
    job_title: "Engineer",
    name: "Claimed",
    email: "claimed@sweep.test",
    cv_file_name: "claimed.pdf",
    cv_path: claimed,
  });
  expect(error).toBeNull();
  // A claim window of a second, so the first two are past it.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await upload(fresh);
  const sweeper = createSendNotificationsHandler({ cvClaimWindowMs: 1_000 });
  const response = await run(sweeper, backend.secretKey);
  expect(await response.json()).toMatchObject({ cvsRemoved: 1 });
  const { data } = await bucket.list("", { limit: 1000 });
  const names = (data ?? []).map((object) => object.name);
  expect(names).not.toContain(old);
  expect(names).toContain(claimed);
  expect(names).toContain(fresh);
});
