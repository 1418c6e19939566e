// Every rate limit answers 429 with its message and a Retry-After, and lets
// the same address through again once the window has passed. A
// site of its own runs with an 8 s window (RATE_LIMIT_WINDOW_MS) so recovery
// is observed without waiting the production minute.
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import {
  startFailingSite,
  type FailingSite,
} from "../support/failing-backend.ts";
import { ACCOUNTS, DEMO_PASSWORD } from "../support/auth-helpers.ts";
import { uniqueEmail } from "../support/form-helpers.ts";

// Long enough that a slow machine fits the allowed attempts in one window.
const WINDOW_MS = 8_000;
const FORM_MESSAGE =
  "Too many submissions from your address. Please wait a minute and try again.";
const SIGN_IN_MESSAGE =
  "Too many sign-in attempts. Please wait a minute and try again.";
const MINIMAL_PDF = Buffer.from("%PDF-1.4\n%%EOF\n");

let site: FailingSite;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  site = await startFailingSite("none", {
    RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
  });
});

test.afterAll(async () => {
  await site?.stop();
});

test.beforeEach(() => {
  test.setTimeout(60_000);
});

/** The honeypot field a browser posts with every public form: empty. */
function honeypot(_request: APIRequestContext, _path: string) {
  return Promise.resolve({ name__confirm: "" });
}

type Limit = {
  name: string;
  /** Sends one attempt from `ip`; returns its status and page. */
  send(
    ip: string,
  ): Promise<{ status: number; body: string; retryAfter?: string }>;
  /** Attempts the limit allows in one window. */
  allowed: number;
  allowedStatus: number;
  message: string;
  /** The attempt after the window, which must go through again. */
  recover(ip: string): Promise<number>;
  recoveredStatus: number;
};

function limits(request: APIRequestContext, project: string): Limit[] {
  const post = async (
    path: string,
    ip: string,
    options: Parameters<APIRequestContext["post"]>[1],
  ) => {
    const response = await request.post(`${site.url}${path}`, {
      ...options,
      headers: { Origin: site.url, "fly-client-ip": ip },
      maxRedirects: 0,
    });
    return {
      status: response.status(),
      body: await response.text(),
      retryAfter: response.headers()["retry-after"],
    };
  };
  const contact = async (ip: string) =>
    post("/contact-us", ip, {
      form: {
        ...(await honeypot(request, "/contact-us")),
        name: "Limit Tester",
        companyEmail: uniqueEmail("limit", project),
        projectDescription: "Testing the per-address limit of this form.",
      },
    });
  const company = async (ip: string) =>
    post("/company", ip, {
      form: {
        // The dialog renders only once opened; any page's timestamp is valid.
        ...(await honeypot(request, "/contact-us")),
        name: "Limit Tester",
        email: uniqueEmail("limit-company", project),
        message: "Testing the per-address limit of this form.",
      },
    });
  const apply = async (ip: string) =>
    post("/careers/1?apply=1", ip, {
      multipart: {
        ...(await honeypot(request, "/careers/1?apply=1")),
        name: "Limit Tester",
        email: uniqueEmail("limit-apply", project),
        comment: "",
        cv: {
          name: "cv.pdf",
          mimeType: "application/pdf",
          buffer: MINIMAL_PDF,
        },
      },
    });
  const signIn = async (ip: string, password: string) =>
    post("/auth", ip, {
      form: {
        ...(await honeypot(request, "/auth")),
        email: ACCOUNTS.reader.email,
        password,
        redirectTo: "/blueprints",
      },
    });
  return [
    {
      name: "contact page",
      send: contact,
      allowed: 5,
      allowedStatus: 200,
      message: FORM_MESSAGE,
      recover: async (ip) => (await contact(ip)).status,
      recoveredStatus: 200,
    },
    {
      name: "company dialog",
      send: company,
      allowed: 5,
      allowedStatus: 200,
      message: FORM_MESSAGE,
      recover: async (ip) => (await company(ip)).status,
      recoveredStatus: 200,
    },
    {
      name: "job application",
      send: apply,
      allowed: 5,
      allowedStatus: 200,
      message: FORM_MESSAGE,
      recover: async (ip) => (await apply(ip)).status,
      recoveredStatus: 200,
    },
    {
      name: "sign-in",
      send: (ip) => signIn(ip, "wrong-password"),
      allowed: 5,
      allowedStatus: 401,
      message: SIGN_IN_MESSAGE,
      // The right password after the window: signed in.
      recover: async (ip) => (await signIn(ip, DEMO_PASSWORD)).status,
      recoveredStatus: 302,
    },
  ];
}

test("each limit answers 429 with its message, then recovers after the window", async ({
  request,
}, testInfo) => {
  const lines: string[] = [];
  const all = limits(request, testInfo.project.name);
  const ips = all.map((_, index) => `203.0.113.${index + 10}`);
  let lastRefusal = 0;
  for (const [index, limit] of all.entries()) {
    const ip = ips[index]!;
    // From another address first: a function's cold start (its Deno worker)
    // must not eat the window the counted attempts have to fit in.
    await limit.send(`192.0.2.${index + 10}`);
    for (let attempt = 1; attempt <= limit.allowed; attempt++) {
      const { status } = await limit.send(ip);
      expect(status, `${limit.name} attempt ${attempt}`).toBe(
        limit.allowedStatus,
      );
    }
    const refused = await limit.send(ip);
    lastRefusal = Date.now();
    expect(refused.status, `${limit.name} over the limit`).toBe(429);
    expect(refused.body, limit.name).toContain(limit.message);
    const retryAfter = Number(refused.retryAfter);
    expect(retryAfter, `${limit.name} Retry-After`).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    // Another address is not affected (sign-in: failures are counted per
    // address; the account is only slowed down, never refused).
    expect((await limit.send(`198.51.100.${index + 10}`)).status).toBe(
      limit.allowedStatus,
    );
    lines.push(
      `${limit.name}: ${limit.allowed} allowed, #${limit.allowed + 1} → 429 (Retry-After ${retryAfter} s)`,
    );
  }
  // Every window has ended once the last one has.
  await new Promise((resolve) =>
    setTimeout(
      resolve,
      Math.max(0, lastRefusal + WINDOW_MS + 200 - Date.now()),
    ),
  );
  for (const [index, limit] of all.entries()) {
    expect(
      await limit.recover(ips[index]!),
      `${limit.name} after the window`,
    ).toBe(limit.recoveredStatus);
    lines[index] += `; after the window → ${limit.recoveredStatus}`;
  }
  for (const line of lines) console.log(`rate limits: ${line}`);
});
