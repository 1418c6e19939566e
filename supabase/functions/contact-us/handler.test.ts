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

/**
 * A post of `body` with the publishable key, from an address of its own
 * unless `address` names one (the function limits calls per address).
 */
function post(
  body: unknown,
  {
    address = `198.51.100.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`,
    apikey = backend.publishableKey,
    headers = {},
  }: {
    address?: string;
    apikey?: string;
    headers?: Record<string, string>;
  } = {},
) {
  return new Request(`${backend.url}/functions/v1/contact-us`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      apikey,
      // What the platform's edge sets: the address it saw.
      "cf-connecting-ip": address,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
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

  it("stores one message per e-mail and content: eight identical sends at once are one row and one e-mail", async () => {
    const { providerFetch, calls } = fakeProvider();
    const handler = createContactHandler({ providerFetch, afterResponse });
    const withEmail = { ...env, RESEND_API_KEY: "re_test_key" };
    const body = {
      name: "Double",
      email: "double@click.test",
      message: "Sent again by a double click, a retry and the back button.",
      company: "",
    };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => handler(post(body), withEmail)),
    );
    // The back button's resubmit, later, with the address in another case.
    const again = await handler(
      post({ ...body, email: "Double@Click.test" }),
      withEmail,
    );
    const replies = await Promise.all(
      [...answers, again].map((answer) => answer.json()),
    );
    expect([...answers, again].map((answer) => answer.status)).toEqual(
      Array(9).fill(200),
    );
    expect(replies.filter((reply) => !reply.duplicate)).toHaveLength(1);
    await Promise.all(afterResponseTasks);
    expect(await rowsFrom("double@click.test")).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it("stores every different message: two from one person, and eight people at once", async () => {
    const handler = createContactHandler({ afterResponse });
    vi.spyOn(console, "info").mockImplementation(() => {});
    const first = {
      name: "Two Tabs",
      email: "tabs@content.test",
      message: "Written in the first tab.",
    };
    const second = { ...first, message: "Written in the second tab." };
    const people = Array.from({ length: 8 }, (_, i) => ({
      name: `Person ${i}`,
      email: `person-${i}@crowd.test`,
      message: "The same words from the same page copy.",
      company: "",
    }));
    const answers = await Promise.all(
      [first, second, ...people].map((body) => handler(post(body), env)),
    );
    const replies = await Promise.all(answers.map((answer) => answer.json()));
    expect(replies).toEqual(Array(10).fill({ ok: true }));
    expect(
      (await rowsFrom("tabs@content.test")).map((row) => row.message).sort(),
    ).toEqual([first.message, second.message]);
    const { count } = await service
      .from("contact_messages")
      .select("id", { count: "exact", head: true })
      .like("email", "person-%@crowd.test");
    expect(count).toBe(8);
  });

  it("stores the same message again once a day has passed", async () => {
    const handler = createContactHandler({ afterResponse });
    vi.spyOn(console, "info").mockImplementation(() => {});
    const body = {
      name: "Patient",
      email: "patient@window.test",
      message: "Still hoping to hear from you.",
    };
    expect((await handler(post(body), env)).status).toBe(200);
    const { error } = await service
      .from("contact_messages")
      .update({
        created_at: new Date(Date.now() - 25 * 3600_000).toISOString(),
      })
      .eq("email", body.email);
    expect(error).toBeNull();
    expect(await (await handler(post(body), env)).json()).toEqual({ ok: true });
    expect(await rowsFrom(body.email)).toHaveLength(2);
  });

  it("tells a message from a retry by every field it stores", async () => {
    const handler = createContactHandler({ afterResponse });
    vi.spyOn(console, "info").mockImplementation(() => {});
    const body = {
      name: "Same Words",
      email: "fields@content.test",
      message: "The same words from two forms.",
    };
    // The contact page's form (company "") against the dialog's (none).
    for (const sent of [body, { ...body, company: "" }, body]) {
      expect((await handler(post(sent), env)).status).toBe(200);
    }
    await Promise.all(afterResponseTasks);
    expect(
      (await rowsFrom("fields@content.test")).map((row) => row.source).sort(),
    ).toEqual(["company-dialog", "contact-page"]);
  });

  it("limits the calls of one address with the public key; the app's secret key is left to its own limits", async () => {
    const handler = createContactHandler({ afterResponse });
    vi.spyOn(console, "info").mockImplementation(() => {});
    const address = "203.0.113.77";
    const message = (i: number) => ({
      name: "Direct Caller",
      email: `direct-${i}@limit.test`,
      message: `Direct call number ${i} with the public key.`,
    });
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const response = await handler(post(message(i), { address }), env);
      statuses.push(response.status);
      if (response.status === 429)
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await rowsFrom("direct-5@limit.test")).toHaveLength(0);
    // The app server, with the secret key, has counted its visitor already.
    const fromApp = await handler(
      post(message(99), { address, apikey: backend.secretKey }),
      env,
    );
    expect(fromApp.status).toBe(200);
  });

  it("counts the address the edge saw, whatever the caller writes in x-forwarded-for, x-real-ip or cf-connecting-ip", async () => {
    const handler = createContactHandler({ afterResponse });
    vi.spyOn(console, "info").mockImplementation(() => {});
    const address = `203.0.113.${Math.floor(Math.random() * 250)}-spoof`;
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const response = await handler(
        post(
          {
            name: "Spoofing Caller",
            email: `spoof-${i}@limit.test`,
            message: `Spoofed call number ${i} with the public key.`,
          },
          {
            address,
            headers: {
              "x-forwarded-for": `10.0.0.${i}`,
              "x-real-ip": `10.0.1.${i}`,
            },
          },
        ),
        env,
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
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
    expect(error.mock.calls.flat().join(" ")).toContain("e-mail refused: 500");
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
