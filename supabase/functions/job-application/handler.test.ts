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
import { cvObjectName } from "../_shared/cv-name.ts";
import type { FunctionEnv } from "../_shared/handler-types.ts";
import { startLocalSupabase, type LocalSupabase } from "../../local/server.ts";
import { createJobApplicationHandler } from "./handler.ts";

let backend: LocalSupabase;
let dataDir: string;
let service: SupabaseClient;
let anon: SupabaseClient;
let env: FunctionEnv;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "job-application-test-"));
  backend = await startLocalSupabase({
    port: 0,
    dataDir,
    reset: true,
    seedFile: null,
  });
  const options = { auth: { persistSession: false } };
  service = createClient(backend.url, backend.serviceRoleKey, options);
  anon = createClient(backend.url, backend.anonKey, options);
  env = {
    SUPABASE_URL: backend.url,
    SUPABASE_ANON_KEY: backend.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
  };
});

afterAll(async () => {
  await backend?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  vi.restoreAllMocks();
});

/** Uploads a CV the way the app does: anonymously, at the top of cv-uploads. */
async function uploadCv(original: string) {
  const name = cvObjectName(original);
  const { data, error } = await anon.storage
    .from("cv-uploads")
    .upload(name, new Blob(["%PDF-1.7\n"], { type: "application/pdf" }), {
      contentType: "application/pdf",
    });
  if (error) throw error;
  return data.path;
}

function post(body: unknown) {
  return new Request(`${backend.url}/functions/v1/job-application`, {
    method: "POST",
    headers: { "Content-Type": "application/json", apikey: backend.anonKey },
    body: JSON.stringify(body),
  });
}

async function applicationsFrom(email: string) {
  const { data, error } = await service
    .from("job_applications")
    .select("*")
    .eq("email", email);
  if (error) throw error;
  return data;
}

function fakeProvider(fail = false) {
  const bodies: Record<string, unknown>[] = [];
  const providerFetch = vi.fn(
    async (_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      if (fail) throw new TypeError("fetch failed");
      return Response.json({ id: "email-1" });
    },
  ) as unknown as typeof fetch;
  return { providerFetch, bodies };
}

const applicant = (email: string, cvPath: string) => ({
  name: "Marie Curie",
  email,
  comment: "",
  jobTitle: "Founding Engineer",
  jobId: "2",
  cvFileName: "marie curie.pdf",
  cvPath,
});

/** The work a handler leaves for after its response (EdgeRuntime.waitUntil). */
const afterResponseTasks: Promise<unknown>[] = [];
const afterResponse = (task: Promise<unknown>) => {
  afterResponseTasks.push(task);
};

describe("job-application handler", () => {
  it("stores the application once its CV is in the bucket and e-mails the team", async () => {
    const cvPath = await uploadCv("marie curie.pdf");
    expect(cvPath).toMatch(/^\d{13}-marie curie\.pdf$/);
    const { providerFetch, bodies } = fakeProvider();
    const handler = createJobApplicationHandler({
      providerFetch,
      afterResponse,
    });
    const response = await handler(
      post({
        ...applicant("marie@apply.test", cvPath),
        comment: "Happy to relocate.",
      }),
      { ...env, RESEND_API_KEY: "re_test_key" },
    );
    expect(response.status).toBe(200);
    await Promise.all(afterResponseTasks);
    const rows = await applicationsFrom("marie@apply.test");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      job_id: "2",
      job_title: "Founding Engineer",
      name: "Marie Curie",
      comment: "Happy to relocate.",
      cv_file_name: "marie curie.pdf",
      cv_path: cvPath,
    });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.subject).toBe(
      "Application for Founding Engineer from Marie Curie",
    );
    expect(String(bodies[0]?.text)).toContain(`cv-uploads/${cvPath}`);
  });

  it("keeps the application when the provider cannot be reached", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const cvPath = await uploadCv("offline.pdf");
    const { providerFetch, bodies } = fakeProvider(true);
    const handler = createJobApplicationHandler({
      providerFetch,
      afterResponse,
    });
    const response = await handler(
      post(applicant("offline@apply.test", cvPath)),
      {
        ...env,
        RESEND_API_KEY: "re_test_key",
      },
    );
    expect(response.status).toBe(200);
    await Promise.all(afterResponseTasks);
    expect(bodies).toHaveLength(1);
    const rows = await applicationsFrom("offline@apply.test");
    expect(rows[0]?.comment).toBeNull();
  });

  it("answers once the row is stored and e-mails the team after answering", async () => {
    const cvPath = await uploadCv("patient.pdf");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: unknown[] = [];
    const providerFetch = (async (
      _input: RequestInfo | URL,
      init?: RequestInit,
    ) => {
      await held;
      sent.push(init?.body);
      return Response.json({ id: "email-1" });
    }) as typeof fetch;
    const tasks: Promise<unknown>[] = [];
    const handler = createJobApplicationHandler({
      providerFetch,
      afterResponse: (task) => void tasks.push(task),
    });
    const response = await handler(
      post(applicant("patient@apply.test", cvPath)),
      { ...env, RESEND_API_KEY: "re_test_key" },
    );
    expect(response.status).toBe(200);
    expect(await applicationsFrom("patient@apply.test")).toHaveLength(1);
    expect(sent).toHaveLength(0);
    expect(tasks).toHaveLength(1);
    release();
    await Promise.all(tasks);
    expect(sent).toHaveLength(1);
  });

  it("removes the CV when the application cannot be stored", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const cvPath = await uploadCv("unlucky.pdf");
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) =>
      String(input).includes("/rest/v1/job_applications")
        ? Promise.resolve(new Response("unavailable", { status: 503 }))
        : realFetch(input, init),
    );
    const handler = createJobApplicationHandler();
    const response = await handler(
      post(applicant("unlucky@apply.test", cvPath)),
      env,
    );
    vi.mocked(globalThis.fetch).mockRestore();
    expect(response.status).toBe(500);
    const { data } = await service.storage
      .from("cv-uploads")
      .list("", { search: "unlucky" });
    expect(data).toEqual([]);
    expect(await applicationsFrom("unlucky@apply.test")).toHaveLength(0);
  });

  it("refuses an application whose CV was never uploaded", async () => {
    const handler = createJobApplicationHandler();
    const response = await handler(
      post(applicant("ghost@apply.test", `${Date.now()}-ghost.pdf`)),
      env,
    );
    expect(response.status).toBe(400);
    expect(await applicationsFrom("ghost@apply.test")).toHaveLength(0);
  });

  it("refuses invalid payloads", async () => {
    const handler = createJobApplicationHandler();
    const cvPath = await uploadCv("valid.pdf");
    const invalid = [
      { ...applicant("bad@apply.test", cvPath), name: "M" },
      { ...applicant("not-an-email", cvPath) },
      { ...applicant("bad@apply.test", "../etc/passwd.pdf") },
      { ...applicant("bad@apply.test", `${Date.now()}-nested/cv.pdf`) },
      { ...applicant("bad@apply.test", `${Date.now()}-cv.exe`) },
      { ...applicant("bad@apply.test", cvPath), jobId: "" },
    ];
    for (const payload of invalid) {
      expect((await handler(post(payload), env)).status).toBe(400);
    }
    expect(await applicationsFrom("bad@apply.test")).toHaveLength(0);
  });

  it("is served by the embedded server at /functions/v1/job-application", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const cvPath = await uploadCv("served.pdf");
    const { error } = await anon.functions.invoke("job-application", {
      body: applicant("served@apply.test", cvPath),
    });
    expect(error).toBeNull();
    expect(await applicationsFrom("served@apply.test")).toHaveLength(1);
  });
});
