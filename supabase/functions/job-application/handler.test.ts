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
import { createContactHandler } from "../contact-us/handler.ts";
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

let uploads = 0;

/** Uploads a CV the way the app does: anonymously, at the top of cv-uploads. */
async function uploadCv(original: string, contents: BlobPart = "%PDF-1.7\n") {
  // Names of their own, as the app's moves to the next millisecond on a clash.
  const name = cvObjectName(original, Date.now() + uploads++);
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
      // An address of its own: the function limits calls per address.
      "cf-connecting-ip": crypto.randomUUID(),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

function must<T>({ data, error }: { data: T; error: unknown }): NonNullable<T> {
  if (error || data == null) throw new Error(JSON.stringify(error));
  return data;
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
    // The team's notification, then the candidate's confirmation.
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.subject).toBe(
      "Application for Founding Engineer from Marie Curie",
    );
    expect(String(bodies[0]?.text)).toContain(`cv-uploads/${cvPath}`);
    expect(bodies[1]?.subject).toBe(
      "We received your application for Founding Engineer",
    );
    const { data: confirmations } = await service
      .from("candidate_emails")
      .select("purpose, to_email, notification_state")
      .eq("application_id", rows[0]?.id);
    expect(confirmations).toEqual([
      {
        purpose: "confirmation",
        to_email: "marie@apply.test",
        notification_state: "sent",
      },
    ]);
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
    // One try each, the team's notification and the confirmation.
    expect(bodies).toHaveLength(2);
    const rows = await applicationsFrom("offline@apply.test");
    expect(rows[0]?.comment).toBeNull();
    // Not given up: the outbox tries again after its back-off.
    expect(rows[0]).toMatchObject({
      notification_state: "pending",
      notification_attempts: 1,
    });
    expect(rows[0]?.notification_error).toContain("fetch failed");
  });

  it("stores one application per job, e-mail and CV: eight identical sends at once are one row and one CV", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const handler = createJobApplicationHandler({ afterResponse });
    const uploads = await Promise.all(
      Array.from({ length: 8 }, () => uploadCv("twice.pdf", "%PDF-1.7 mine")),
    );
    const answers = await Promise.all(
      uploads.map((cvPath) =>
        handler(post(applicant("twice@apply.test", cvPath)), env),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const replies = await Promise.all(answers.map((answer) => answer.json()));
    expect(replies.filter((reply) => !reply.duplicate)).toHaveLength(1);
    const rows = await applicationsFrom("twice@apply.test");
    expect(rows).toHaveLength(1);
    const kept = rows[0]?.cv_path;
    for (const cvPath of uploads) {
      expect(await cvStored(cvPath)).toBe(cvPath === kept);
    }
  });

  it("stores every different application: eight people at once, another CV, another job", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const handler = createJobApplicationHandler({ afterResponse });
    // Eight people sending from the same page copy, with the same file.
    const people = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        applicant(`person-${i}@crowd.test`, await uploadCv("cv.pdf")),
      ),
    );
    const answers = await Promise.all(
      people.map((body) => handler(post(body), env)),
    );
    const replies = await Promise.all(answers.map((answer) => answer.json()));
    expect(replies).toEqual(Array(8).fill({ ok: true }));
    const { count } = await service
      .from("job_applications")
      .select("id", { count: "exact", head: true })
      .like("email", "person-%@crowd.test");
    expect(count).toBe(8);
    // One person: a second CV for the same job, and the first CV for another job.
    const same = "person-0@crowd.test";
    const other = await uploadCv("cv-v2.pdf", "%PDF-1.7 revised");
    expect(
      await (await handler(post(applicant(same, other)), env)).json(),
    ).toEqual({ ok: true });
    const otherJob = await uploadCv("cv.pdf");
    expect(
      await (
        await handler(post({ ...applicant(same, otherJob), jobId: "1" }), env)
      ).json(),
    ).toEqual({ ok: true });
    expect(await applicationsFrom(same)).toHaveLength(3);
  });

  it("never takes a contact message for an application, nor the reverse", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const contact = createContactHandler({ afterResponse });
    const handler = createJobApplicationHandler({ afterResponse });
    const email = "both@kinds.test";
    const message = new Request(`${backend.url}/functions/v1/contact-us`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        apikey: backend.publishableKey,
        "cf-connecting-ip": crypto.randomUUID(),
      },
      body: JSON.stringify({
        name: "Marie Curie",
        email,
        message: "A question before I apply for the role.",
      }),
    });
    const answers = await Promise.all([
      contact(message, env),
      handler(post(applicant(email, await uploadCv("both.pdf"))), env),
    ]);
    expect(await Promise.all(answers.map((answer) => answer.json()))).toEqual([
      { ok: true },
      { ok: true },
    ]);
    expect(await applicationsFrom(email)).toHaveLength(1);
    const { data } = await service
      .from("contact_messages")
      .select("id")
      .eq("email", email);
    expect(data).toHaveLength(1);
  });

  it("answers once the row is stored, then e-mails the team and confirms to the candidate", async () => {
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
    const mails = sent.map(
      (body) =>
        JSON.parse(String(body)) as {
          to: string[];
          reply_to: string;
          subject: string;
          text: string;
        },
    );
    expect(mails.map((mail) => [mail.to, mail.reply_to])).toEqual([
      [["sales@recursa.ai"], "patient@apply.test"],
      [["patient@apply.test"], "sales@recursa.ai"],
    ]);
    expect(mails[1]?.subject).toMatch(/^We received your application for /);
    expect(mails[1]?.text).toContain(
      "we delete it and your CV 6 months after that decision",
    );
  });

  it("confirms in the company's words only: a phishing name is a greeting without its link, capped, once per address and job", async () => {
    const { providerFetch, bodies } = fakeProvider();
    const handler = createJobApplicationHandler({
      providerFetch,
      afterResponse,
    });
    const victim = "victim@phish.test";
    const phishing = {
      ...applicant(victim, await uploadCv("phish.pdf")),
      name: "ACTION NEEDED: your account is locked. Sign in at https://evil.example/login or www.evil.example <b>now</b> mail help@evil.example",
    };
    const sent = await handler(post(phishing), {
      ...env,
      RESEND_API_KEY: "re_test_key",
    });
    expect(sent.status).toBe(200);
    await Promise.all(afterResponseTasks);
    const confirmation = bodies.find((body) =>
      String(body.subject).startsWith("We received your application"),
    );
    expect(confirmation?.to).toEqual([victim]);
    expect(confirmation?.reply_to).toBe("sales@recursa.ai");
    const text = String(confirmation?.text);
    const greeting = text.split("\n")[0] ?? "";
    expect(greeting).toBe("Hello ACTION your account is locked. Sign in a,");
    for (const visitorText of ["evil", "http", "<b>", "@"]) {
      expect(text).not.toContain(visitorText);
    }
    // The rest is the company's text, word for word.
    expect(text.slice(greeting.length)).toBe(
      "\n\nthank you for applying for Founding Engineer at Recursa. Your application and CV reached us, and we will come back to you.\n\nIf we do not go ahead with your application, or if you withdraw it, we delete it and your CV 6 months after that decision. Reply to this e-mail to have them deleted sooner.\n\nThe Recursa team",
    );

    // Another CV for the same job: stored, the team told, the address not mailed again.
    bodies.length = 0;
    const again = await handler(
      post({
        ...phishing,
        cvPath: await uploadCv("phish-2.pdf", "%PDF-1.7 other"),
      }),
      { ...env, RESEND_API_KEY: "re_test_key" },
    );
    expect(await again.json()).toEqual({ ok: true });
    await Promise.all(afterResponseTasks);
    expect(await applicationsFrom(victim)).toHaveLength(2);
    expect(bodies.map((body) => body.to)).toEqual([["sales@recursa.ai"]]);
  });

  it("refuses a name or a company on more than one line", async () => {
    const handler = createJobApplicationHandler({ afterResponse });
    const cvPath = await uploadCv("lines.pdf");
    for (const name of ["Marie\nCurie", "Marie\rCurie", "Marie\u2028Curie"]) {
      const response = await handler(
        post({ ...applicant("lines@apply.test", cvPath), name }),
        env,
      );
      expect(response.status).toBe(400);
    }
    const contact = createContactHandler({ afterResponse });
    const message = await contact(
      new Request(`${backend.url}/functions/v1/contact-us`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          apikey: backend.publishableKey,
          "cf-connecting-ip": crypto.randomUUID(),
        },
        body: JSON.stringify({
          name: "Marie Curie",
          email: "lines@contact.test",
          message: "A question before I apply for the role.",
          company: "Acme\r\nBcc: everyone@example.com",
        }),
      }),
      env,
    );
    expect(message.status).toBe(400);
    expect(await applicationsFrom("lines@apply.test")).toHaveLength(0);
  });

  it("removes the CV when the application cannot be stored", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const cvPath = await uploadCv("unlucky.pdf");
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) =>
      init?.method === "POST" &&
      String(input).includes("/rest/v1/rpc/store_submission")
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

  it("refuses a job that is not real and open, removing the CV and storing nothing", async () => {
    const handler = createJobApplicationHandler();
    const closed = must(
      await service
        .from("jobs")
        .insert({
          title: "Closed Role",
          description: "Closed.",
          location: "London",
          duration: "Permanent",
          employment_type: "Full-time",
          about: "Closed.",
          location_type: "on-site",
          office_locality: "London",
          office_country: "GB",
          published: true,
          closes_at: new Date(Date.now() - 1000).toISOString(),
        })
        .select("id")
        .single(),
    );
    const draft = must(
      await service
        .from("jobs")
        .insert({
          title: "Draft Role",
          description: "Draft.",
          location: "London",
          duration: "Permanent",
          employment_type: "Full-time",
          about: "Draft.",
          location_type: "on-site",
          office_locality: "London",
          office_country: "GB",
        })
        .select("id")
        .single(),
    );
    for (const jobId of [String(closed.id), String(draft.id), "999999", "x"]) {
      const cvPath = await uploadCv("closed.pdf");
      const response = await handler(
        post({ ...applicant("closed@apply.test", cvPath), jobId }),
        env,
      );
      expect(response.status, jobId).toBe(410);
      expect(await cvStored(cvPath), jobId).toBe(false);
    }
    expect(await applicationsFrom("closed@apply.test")).toHaveLength(0);
  });

  it("stores the job's own title, whatever the payload says", async () => {
    const handler = createJobApplicationHandler({ afterResponse });
    const cvPath = await uploadCv("title.pdf");
    const response = await handler(
      post({
        ...applicant("title@apply.test", cvPath),
        jobId: "1",
        jobTitle: "Chief Everything Officer",
      }),
      env,
    );
    expect(response.status).toBe(200);
    const [row] = await applicationsFrom("title@apply.test");
    expect(row?.job_title).toBe("Research Scientist Intern (PhD)");
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
    // Nothing proves whose CV a refused payload names: the minute's sweep
    // removes it once no application has claimed it in time.
    expect(await cvStored(cvPath)).toBe(true);
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

  it("lets anonymous uploads in only while few CVs are unclaimed; the app's secret key is not capped", async () => {
    const unclaimed = async () => {
      const { data } = await service.storage
        .from("cv-uploads")
        .list("", { limit: 1000 });
      const { data: claimed } = await service
        .from("job_applications")
        .select("cv_path");
      const names = new Set((claimed ?? []).map((row) => row.cv_path));
      return (data ?? []).filter((object) => !names.has(object.name)).length;
    };
    let refused = 0;
    for (let i = 0; i < 25; i++) {
      try {
        await uploadCv(`flood-${i}.pdf`);
      } catch {
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(await unclaimed()).toBe(20);
    const { error } = await service.storage
      .from("cv-uploads")
      .upload(
        cvObjectName("via the app.pdf"),
        new Blob(["%PDF-1.7\n"], { type: "application/pdf" }),
        { contentType: "application/pdf" },
      );
    expect(error).toBeNull();
  });
});
