// A send to 10,000 confirmed subscribers against a provider stand-in that
// behaves as Resend's batch API does (an Idempotency-Key it has seen
// answers again without delivering again), fails one batch midway, and
// whose sender crashes once between a provider's answer and its record.
// Every confirmed subscriber must receive exactly one e-mail; nobody else
// any.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FunctionEnv } from "../_shared/handler-types.ts";
import { deliverDueBatches } from "../_shared/newsletter-send.ts";
import { startLocalSupabase, type LocalSupabase } from "../../local/server.ts";

let backend: LocalSupabase;
let dataDir: string;
let service: SupabaseClient;
let env: FunctionEnv;

const CONFIRMED = 10_000;

type Sent = {
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
};

/** Resend's batch endpoint as far as delivery goes, counting what it delivers. */
function providerStandIn({ failBatch }: { failBatch: number }) {
  const delivered: Sent[] = [];
  const seen = new Map<string, string>();
  let failed = false;
  let calls = 0;
  const fetchImpl: typeof fetch = async (_url, init) => {
    calls++;
    const key = new Headers(init?.headers).get("Idempotency-Key") ?? "";
    const body = String(init?.body);
    if (seen.has(key)) {
      return seen.get(key) === body
        ? Response.json({ data: [] })
        : Response.json({ message: "other body" }, { status: 409 });
    }
    if (key.endsWith(`-${failBatch}`) && !failed) {
      failed = true;
      return Response.json({ message: "unavailable" }, { status: 503 });
    }
    seen.set(key, body);
    delivered.push(...(JSON.parse(body) as Sent[]));
    return Response.json({ data: [] });
  };
  return { fetchImpl, delivered, calls: () => calls };
}

class Crash extends Error {}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "newsletter-delivery-"));
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
    RESEND_API_KEY: "re_test",
    RESEND_API_URL: "http://provider.test",
  };
}, 60_000);

afterAll(async () => {
  await backend?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function must<T>(
  promise: PromiseLike<{ data: T; error: unknown }>,
): Promise<T> {
  const { data, error } = await promise;
  if (error) throw new Error(JSON.stringify(error));
  return data;
}

async function publishedPost() {
  const { data: user, error } = await service.auth.admin.createUser({
    email: `author-${crypto.randomUUID()}@example.com`,
    password: crypto.randomUUID(),
    email_confirm: true,
  });
  if (error) throw error;
  const posts = await must(
    service
      .from("blog_posts")
      .insert({
        title: "Agents that learn",
        content: "<p>Hello</p>",
        author_id: user.user.id,
        published_at: new Date(Date.now() - 60_000).toISOString(),
      })
      .select("id"),
  );
  return posts![0]!.id as string;
}

/** A signed-in team member's client, as the team's app calls with. */
async function teamMemberClient() {
  const email = `team-${crypto.randomUUID()}@example.com`;
  const password = crypto.randomUUID();
  const { data, error } = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (error) throw error;
  await must(service.from("team_members").insert({ id: data.user.id }));
  const client = createClient(backend.url, backend.publishableKey, {
    auth: { persistSession: false },
  });
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return client;
}

describe("a send to 10,000 subscribers", () => {
  it("delivers exactly one e-mail to each confirmed subscriber through a failed batch and a crash", async () => {
    const rows = Array.from({ length: CONFIRMED + 20 }, (_, i) => ({
      email: `reader-${String(i).padStart(5, "0")}@example.com`,
      status: i < CONFIRMED ? "confirmed" : i % 2 ? "pending" : "unsubscribed",
      consent_form: "newsletter-page",
      consent_wording: "test",
    }));
    for (let i = 0; i < rows.length; i += 2_000) {
      await must(
        service.from("newsletter_subscribers").insert(rows.slice(i, i + 2_000)),
      );
    }
    const postId = await publishedPost();
    const sendId = await must(
      service.rpc("newsletter_start_send", {
        p_post_id: postId,
        p_created_by: null,
        p_subject: "Agents that learn",
        p_html:
          '<p style="margin:0">Hello</p><a href="{{unsubscribe_url}}">Unsubscribe</a>',
        p_text: "Hello\n\nUnsubscribe: {{unsubscribe_url}}",
        p_site_url: "https://site.test",
      }),
    );
    expect(sendId).toBeTruthy();
    // A post is sent once.
    const again = await service.rpc("newsletter_start_send", {
      p_post_id: postId,
      p_created_by: null,
      p_subject: "again",
      p_html: "x",
      p_text: "x",
      p_site_url: "https://site.test",
    });
    expect(again).toMatchObject({ data: null, error: null });

    const provider = providerStandIn({ failBatch: 50 });
    const fast = {
      providerFetch: provider.fetchImpl,
      requestsPerSecond: 1_000,
      leaseSeconds: 1,
      retryAfterSeconds: () => 1,
    };
    let crashed = false;
    await expect(
      deliverDueBatches(env, service, {
        ...fast,
        afterProviderCall: (batch, result) => {
          if (batch.number === 30 && result.sent && !crashed) {
            crashed = true;
            throw new Crash("the sender died after the provider's answer");
          }
        },
      }),
    ).rejects.toBeInstanceOf(Crash);
    expect(provider.delivered.length).toBe(30 * 100);

    // The crashed batch's lease runs out; the next run resumes.
    await new Promise((done) => setTimeout(done, 1_100));
    const report = await deliverDueBatches(env, service, fast);
    expect(report.failed).toBe(1);
    // The failed batch waits its back-off, then this run or the next sends it.
    await new Promise((done) => setTimeout(done, 1_100));
    const rest = await deliverDueBatches(env, service, fast);
    expect(report.batches + rest.batches).toBe(100 - 29 + 1);
    expect(report.sent + rest.sent).toBe(CONFIRMED - 30 * 100 + 100);

    const addresses = provider.delivered.flatMap((mail) => mail.to);
    expect(addresses).toHaveLength(CONFIRMED);
    expect(new Set(addresses).size).toBe(CONFIRMED);
    expect(addresses.every((a) => Number(a.slice(7, 12)) < CONFIRMED)).toBe(
      true,
    );
    // Batch 30 was sent twice under one key: the second call delivered nothing.
    expect(provider.calls()).toBe(100 + 1 + 1);

    const mail = provider.delivered[0]!;
    expect(mail.headers["List-Unsubscribe"]).toMatch(
      /^<https:\/\/site\.test\/newsletter\/unsubscribe\/[0-9a-f-]{36}\.[0-9a-f]{64}>, <mailto:/,
    );
    expect(mail.headers["List-Unsubscribe-Post"]).toBe(
      "List-Unsubscribe=One-Click",
    );
    expect(mail.headers["List-Id"]).toBe(
      "Recursa Blueprints <blueprints.site.test>",
    );
    expect(mail.text).toContain("https://site.test/newsletter/unsubscribe/");
    expect(mail.html).not.toContain("{{unsubscribe_url}}");

    const progress = await must(
      service.rpc("newsletter_send_progress", { p_post_id: postId }),
    );
    expect(progress).toMatchObject({
      recipients: CONFIRMED,
      sent: CONFIRMED,
      batches: 100,
      batches_sent: 100,
      batches_failed: 0,
    });
    expect(
      (progress as { finished_at: string | null }).finished_at,
    ).not.toBeNull();

    // Erasing an address on request leaves no copy of it in the send.
    const erased = "reader-00042@example.com";
    const team = await teamMemberClient();
    expect(await must(team.rpc("newsletter_erase", { p_email: erased }))).toBe(
      true,
    );
    const batches = await must(
      service
        .from("newsletter_batches")
        .select("recipients, subscriber_ids")
        .eq("send_id", sendId),
    );
    expect(JSON.stringify(batches)).not.toContain(erased);
    expect(
      (batches ?? []).reduce(
        (n: number, batch: { subscriber_ids: string[] }) =>
          n + batch.subscriber_ids.length,
        0,
      ),
    ).toBe(CONFIRMED - 1);
  }, 120_000);
});
