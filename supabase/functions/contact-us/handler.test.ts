import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import type { FunctionEnv } from "../_shared/handler-types.ts";
import { startLocalSupabase, type LocalSupabase } from "../../local/server.ts";
import { createContactHandler } from "./handler.ts";

let backend: LocalSupabase;
let dataDir: string;
let service: SupabaseClient;
let env: FunctionEnv;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "contact-us-test-"));
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
  };
});

afterAll(async () => {
  await backend?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  vi.restoreAllMocks();
});

/** A post of `body`, with a fresh submission key unless it brings its own. */
function post(body: unknown) {
  const withKey =
    body && typeof body === "object" && !("submissionKey" in body)
      ? { submissionKey: crypto.randomUUID(), ...body }
      : body;
  return new Request(`${backend.url}/functions/v1/contact-us`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      apikey: backend.publishableKey,
    },
    body: typeof withKey === "string" ? withKey : JSON.stringify(withKey),
  });
}

async function rowsFrom(email: string) {
  const { data, error } = await service
    .from("contact_messages")
    .select("*")
    .eq("email", email);
  if (error) throw error;
  return data;
}

/** Stands in for Resend at the HTTP boundary and records what it was sent. */
function fakeProvider(status = 200) {
  const calls: {
    url: string;
    headers: Headers;
    body: Record<string, unknown>;
  }[] = [];
  const providerFetch = vi.fn(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        url: String(input),
        headers: new Headers(init?.headers),
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      });
      return Response.json(
        status === 200 ? { id: "email-1" } : { message: "boom" },
        { status },
      );
    },
  ) as unknown as typeof fetch;
  return { providerFetch, calls };
}

/** The work a handler leaves for after its response (EdgeRuntime.waitUntil). */
const afterResponseTasks: Promise<unknown>[] = [];
const afterResponse = (task: Promise<unknown>) => {
  afterResponseTasks.push(task);
};

describe("contact-us handler", () => {
  it("stores a contact-page message and logs that no e-mail is configured", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const { providerFetch, calls } = fakeProvider();
    const handler = createContactHandler({ providerFetch, afterResponse });
    const response = await handler(
      post({
        name: "Ada Lovelace",
        email: "ada@page.test",
        message: "We need agents for our data team.",
        company: "",
      }),
      env,
    );
    expect(response.status).toBe(200);
    await Promise.all(afterResponseTasks);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const rows = await rowsFrom("ada@page.test");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ada Lovelace",
      message: "We need agents for our data team.",
      company: null,
      source: "contact-page",
      status: "new",
      // No provider configured: the team was not told by e-mail.
      notification_state: "failed",
    });
    expect(calls).toHaveLength(0);
    expect(info.mock.calls.flat().join(" ")).toContain(
      "RESEND_API_KEY is not set",
    );
  });

  it("notifies the team through Resend after storing a dialog message", async () => {
    const { providerFetch, calls } = fakeProvider();
    const handler = createContactHandler({ providerFetch, afterResponse });
    const response = await handler(
      post({
        name: "Grace",
        email: "grace@dialog.test",
        message: "Tell me more about on-premise.",
      }),
      {
        ...env,
        RESEND_API_KEY: "re_test_key",
        TEAM_NOTIFICATION_EMAIL: "team@example.test",
      },
    );
    expect(response.status).toBe(200);
    await Promise.all(afterResponseTasks);
    expect((await rowsFrom("grace@dialog.test"))[0]).toMatchObject({
      source: "company-dialog",
      notification_state: "sent",
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("https://api.resend.com/emails");
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer re_test_key");
    const [row] = await rowsFrom("grace@dialog.test");
    expect(calls[0]?.headers.get("idempotency-key")).toBe(`message-${row?.id}`);
    expect(calls[0]?.body).toMatchObject({
      to: ["team@example.test"],
      reply_to: "grace@dialog.test",
      subject: "Contact message from Grace",
    });
    expect(String(calls[0]?.body.text)).toContain(
      "Tell me more about on-premise.",
    );
  });

  it("stores one message per submission key and tells the team once", async () => {
    const { providerFetch, calls } = fakeProvider();
    const handler = createContactHandler({ providerFetch, afterResponse });
    const body = {
      submissionKey: crypto.randomUUID(),
      name: "Double",
      email: "double@click.test",
      message: "Sent twice by a double click.",
      company: "",
    };
    const answers = await Promise.all([
      handler(post(body), { ...env, RESEND_API_KEY: "re_test_key" }),
      handler(post(body), { ...env, RESEND_API_KEY: "re_test_key" }),
    ]);
    const again = await handler(post(body), {
      ...env,
      RESEND_API_KEY: "re_test_key",
    });
    expect([...answers, again].map((answer) => answer.status)).toEqual([
      200, 200, 200,
    ]);
    await Promise.all(afterResponseTasks);
    expect(await rowsFrom("double@click.test")).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it("stores another message sent under a used key, once, and tells the team of each", async () => {
    const { providerFetch, calls } = fakeProvider();
    const handler = createContactHandler({ providerFetch, afterResponse });
    const withEmail = { ...env, RESEND_API_KEY: "re_test_key" };
    // Two tabs holding one kept copy of the form, and so one key.
    const submissionKey = crypto.randomUUID();
    const first = {
      submissionKey,
      name: "First Tab",
      email: "tabs@key.test",
      message: "Written in the first tab.",
    };
    const second = { ...first, message: "Written in the second tab." };
    const answers = [];
    for (const body of [first, second, second, first]) {
      const response = await handler(post(body), withEmail);
      answers.push(await response.json());
    }
    expect(answers).toEqual([
      { ok: true },
      { ok: true },
      { ok: true, duplicate: true },
      { ok: true, duplicate: true },
    ]);
    await Promise.all(afterResponseTasks);
    const rows = await rowsFrom("tabs@key.test");
    expect(
      rows.map((row) => [row.message, row.notification_state]).sort(),
    ).toEqual([
      ["Written in the first tab.", "sent"],
      ["Written in the second tab.", "sent"],
    ]);
    const secondRow = rows.find((row) => row.message === second.message);
    expect(secondRow?.submission_key).not.toBe(submissionKey);
    expect(secondRow?.submission_key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    // One e-mail each, in whichever order the two went out.
    const texts = calls.map((call) => String(call.body.text));
    expect(texts).toHaveLength(2);
    for (const { message } of [first, second]) {
      expect(texts.filter((text) => text.includes(message))).toHaveLength(1);
    }
  });

  it("tells a message from a retry by every field it stores", async () => {
    const handler = createContactHandler({ afterResponse });
    vi.spyOn(console, "info").mockImplementation(() => {});
    const body = {
      submissionKey: crypto.randomUUID(),
      name: "Same Words",
      email: "fields@key.test",
      message: "The same words from two forms.",
    };
    // The contact page's form (company "") against the dialog's (none).
    for (const sent of [body, { ...body, company: "" }, body]) {
      expect((await handler(post(sent), env)).status).toBe(200);
    }
    await Promise.all(afterResponseTasks);
    expect(
      (await rowsFrom("fields@key.test")).map((row) => row.source).sort(),
    ).toEqual(["company-dialog", "contact-page"]);
  });

  it("keeps the message when the e-mail provider fails, for the outbox to retry", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { providerFetch, calls } = fakeProvider(500);
    const handler = createContactHandler({ providerFetch, afterResponse });
    const response = await handler(
      post({
        name: "Linus",
        email: "linus@down.test",
        message: "Is the provider down again?",
      }),
      { ...env, RESEND_API_KEY: "re_test_key" },
    );
    expect(response.status).toBe(200);
    await Promise.all(afterResponseTasks);
    expect(calls).toHaveLength(1);
    const [row] = await rowsFrom("linus@down.test");
    expect(row).toMatchObject({
      notification_state: "pending",
      notification_attempts: 1,
    });
    expect(row?.notification_error).toContain("500");
    // The next try waits its back-off, 30 s for the first.
    const wait = Date.parse(row?.notification_next_at) - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    expect(error.mock.calls.flat().join(" ")).toContain(
      "notification e-mail refused: 500",
    );
  });

  it("refuses an invalid payload without storing it", async () => {
    const handler = createContactHandler();
    const cases = [
      { name: "A", email: "short@name.test", message: "long enough message" },
      { name: "Alan", email: "not-an-email", message: "long enough message" },
      { name: "Alan", email: "short@message.test", message: "too short" },
    ];
    for (const payload of cases) {
      const response = await handler(post(payload), env);
      expect(response.status).toBe(400);
    }
    expect((await handler(post("{not json"), env)).status).toBe(400);
    expect(await rowsFrom("short@name.test")).toHaveLength(0);
    expect(await rowsFrom("short@message.test")).toHaveLength(0);
  });

  it("refuses a caller without one of the project's keys", async () => {
    const handler = createContactHandler();
    for (const apikey of [
      null,
      "sb_publishable_guessed",
      backend.publishableKey + "x",
    ]) {
      const request = post({
        name: "Mallory",
        email: "keyless@page.test",
        message: "No key, no message stored.",
      });
      if (apikey === null) request.headers.delete("apikey");
      else request.headers.set("apikey", apikey);
      expect((await handler(request, env)).status, String(apikey)).toBe(401);
    }
    expect(await rowsFrom("keyless@page.test")).toHaveLength(0);
  });

  it("refuses an oversized body", async () => {
    const handler = createContactHandler();
    const response = await handler(
      post({
        name: "Big",
        email: "big@body.test",
        message: "x".repeat(70 * 1024),
      }),
      env,
    );
    expect(response.status).toBe(413);
  });

  it("answers the CORS preflight", async () => {
    const handler = createContactHandler();
    const response = await handler(
      new Request(`${backend.url}/functions/v1/contact-us`, {
        method: "OPTIONS",
      }),
      env,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-headers")).toContain(
      "apikey",
    );
    expect(response.headers.get("access-control-allow-methods")).toContain(
      "POST",
    );
  });

  it("is served by the embedded server at /functions/v1/contact-us", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const anon = createClient(backend.url, backend.publishableKey, {
      auth: { persistSession: false },
    });
    const ok = await anon.functions.invoke("contact-us", {
      body: {
        submissionKey: crypto.randomUUID(),
        name: "Invoker",
        email: "invoke@server.test",
        message: "Sent through supabase-js.",
        company: "",
      },
    });
    expect(ok.error).toBeNull();
    expect(await rowsFrom("invoke@server.test")).toHaveLength(1);
    const bad = await anon.functions.invoke("contact-us", {
      body: { name: "x" },
    });
    expect(bad.error).not.toBeNull();
  });
});
