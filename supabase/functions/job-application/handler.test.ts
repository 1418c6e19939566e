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
import { CV_CLAIM_WINDOW_MS, CV_OBJECT_ID_HEADER } from "../_shared/limits.ts";
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
  service = createClient(backend.url, backend.secretKey, options);
  anon = createClient(backend.url, backend.publishableKey, options);
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

/** The id Storage answered each upload with, as the app passes it on. */
const uploadIds = new Map<string, string>();

/** Uploads a CV the way the app does: anonymously, at the top of cv-uploads. */
async function uploadCv(original: string, contents: BlobPart = "%PDF-1.7\n") {
  const name = cvObjectName(original);
  const { data, error } = await anon.storage
    .from("cv-uploads")
    .upload(name, new Blob([contents], { type: "application/pdf" }), {
      contentType: "application/pdf",
    });
  if (error) throw error;
  uploadIds.set(data.path, data.id);
  return data.path;
}

/** A call as the app makes it: the public key, and the upload's id for its cvPath. */
function post(
  body: unknown,
  headers: Record<string, string> = {
    [CV_OBJECT_ID_HEADER]:
      uploadIds.get((body as { cvPath?: string }).cvPath ?? "") ?? "",
  },
) {
  return new Request(`${backend.url}/functions/v1/job-application`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      apikey: backend.publishableKey,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

async function cvStored(cvPath: string) {
  const { data, error } = await service.storage
    .from("cv-uploads")
    .list("", { search: cvPath });
  if (error) throw error;
  return data.some((object) => object.name === cvPath);
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
  submissionKey: crypto.randomUUID(),
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
      status: "new",
      notification_state: "sent",
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
    // Not given up: the outbox tries again after its back-off.
    expect(rows[0]).toMatchObject({
      notification_state: "pending",
      notification_attempts: 1,
    });
    expect(rows[0]?.notification_error).toContain("fetch failed");
  });

  it("stores one application and keeps one CV when the same form is posted twice", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const handler = createJobApplicationHandler({ afterResponse });
    const first = await uploadCv("twice.pdf");
    const second = await uploadCv("twice.pdf");
    const submissionKey = crypto.randomUUID();
    const answers = await Promise.all(
      [first, second].map((cvPath) =>
        handler(
          post({ ...applicant("twice@apply.test", cvPath), submissionKey }),
          env,
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await applicationsFrom("twice@apply.test");
    expect(rows).toHaveLength(1);
    const kept = rows[0]?.cv_path;
    expect([first, second]).toContain(kept);
    expect(await cvStored(first)).toBe(first === kept);
    expect(await cvStored(second)).toBe(second === kept);
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
      init?.method === "POST" &&
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
    expect(await cvStored(cvPath)).toBe(false);
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

  it("refuses a caller without one of the project's keys", async () => {
    const handler = createJobApplicationHandler();
    const cvPath = await uploadCv("keyless.pdf");
    const body = applicant("keyless@apply.test", cvPath);
    for (const apikey of [
      "",
      "sb_publishable_guessed",
      `${backend.publishableKey}x`,
    ]) {
      const request = post(body);
      request.headers.set("apikey", apikey);
      expect((await handler(request, env)).status, apikey).toBe(401);
    }
    expect(await applicationsFrom("keyless@apply.test")).toHaveLength(0);
  });

  it("accepts the new keys the platform injects as JSON dictionaries", async () => {
    const handler = createJobApplicationHandler({ afterResponse });
    const cvPath = await uploadCv("newkeys.pdf");
    const request = post(applicant("newkeys@apply.test", cvPath));
    request.headers.set("apikey", "sb_publishable_example");
    const response = await handler(request, {
      SUPABASE_URL: backend.url,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({
        default: "sb_publishable_example",
      }),
      SUPABASE_SECRET_KEYS: JSON.stringify({
        default: backend.secretKey,
      }),
    });
    expect(response.status).toBe(200);
    await Promise.all(afterResponseTasks);
    expect(await applicationsFrom("newkeys@apply.test")).toHaveLength(1);
  });

  it("never takes another applicant's CV, and leaves it in place", async () => {
    const handler = createJobApplicationHandler({ afterResponse });
    const theirs = await uploadCv("someone else.pdf");
    const mine = await uploadCv("mine.pdf");
    // The right name with another upload's id, or with none.
    for (const headers of [
      { [CV_OBJECT_ID_HEADER]: uploadIds.get(mine)! },
      {} as Record<string, string>,
    ]) {
      const response = await handler(
        post(applicant("thief@apply.test", theirs), headers),
        env,
      );
      expect(response.status).toBe(400);
    }
    expect(await cvStored(theirs)).toBe(true);
    // A CV already attached to a stored application cannot be attached again.
    const first = await handler(
      post(applicant("owner@apply.test", theirs)),
      env,
    );
    expect(first.status).toBe(200);
    const again = await handler(
      post(applicant("thief@apply.test", theirs)),
      env,
    );
    expect(again.status).toBe(400);
    expect(await applicationsFrom("thief@apply.test")).toHaveLength(0);
    expect(await cvStored(theirs)).toBe(true);
  });

  it("refuses an old upload and removes it", async () => {
    const cvPath = await uploadCv("stale.pdf");
    const handler = createJobApplicationHandler({
      now: () => Date.now() + CV_CLAIM_WINDOW_MS + 60_000,
    });
    const response = await handler(
      post(applicant("stale@apply.test", cvPath)),
      env,
    );
    expect(response.status).toBe(400);
    expect(await cvStored(cvPath)).toBe(false);
    expect(await applicationsFrom("stale@apply.test")).toHaveLength(0);
  });

  it("reads the CV's bytes: a renamed file is refused and removed", async () => {
    const handler = createJobApplicationHandler();
    for (const [name, contents] of [
      ["renamed.pdf", "MZ\u0090\u0000 not a document"],
      ["swapped.docx", "%PDF-1.7\n"],
    ] as const) {
      const cvPath = await uploadCv(name, contents);
      const response = await handler(
        post(applicant("renamed@apply.test", cvPath)),
        env,
      );
      expect(response.status, name).toBe(400);
      expect(await cvStored(cvPath), name).toBe(false);
    }
    expect(await applicationsFrom("renamed@apply.test")).toHaveLength(0);
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
    // The refused application's own CV does not stay behind.
    expect(await cvStored(cvPath)).toBe(false);
  });

  it("is served by the embedded server at /functions/v1/job-application", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const cvPath = await uploadCv("served.pdf");
    const { error } = await anon.functions.invoke("job-application", {
      body: applicant("served@apply.test", cvPath),
      headers: { [CV_OBJECT_ID_HEADER]: uploadIds.get(cvPath)! },
    });
    expect(error).toBeNull();
    expect(await applicationsFrom("served@apply.test")).toHaveLength(1);
  });
});
