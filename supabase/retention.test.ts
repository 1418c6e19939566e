// Retention by the database: with a period of ten seconds, the scheduled
// statement deletes the rejected and withdrawn applications and the handled
// messages past it, the minute's sweep then removes those applications' CVs
// through Storage, and everything else stays; the candidate's confirmation
// states the period.
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, test } from "vitest";
import { sweepUnclaimedCvs } from "./functions/_shared/notifications.ts";
import { startTestServer, type TestServer } from "./local/test-support.ts";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
// The rows made after the wait must still be inside the period when the
// deletion runs: ten seconds leaves room for a busy machine's slow requests
// between the two (two seconds did not).
const PERIOD_MS = 10_000;

let server: TestServer;
let service: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer({ reset: true, seedFile: null });
  service = server.service();
  const { error } = await service
    .from("retention_periods")
    .update({ keep_for: `${PERIOD_MS / 1000} seconds` })
    .in("kind", ["application", "message"]);
  if (error) throw error;
});

afterAll(async () => {
  await server?.close();
});

async function application(name: string, status: string) {
  const cvPath = `${Date.now()}-${randomUUID()}.pdf`;
  const upload = await service.storage
    .from("cv-uploads")
    .upload(cvPath, PDF, { contentType: "application/pdf" });
  if (upload.error) throw upload.error;
  const { data, error } = await service
    .from("job_applications")
    .insert({
      job_id: "2",
      job_title: "Founding Engineer",
      name,
      email: "retention@example.com",
      cv_file_name: "cv.pdf",
      cv_path: cvPath,
    })
    .select("id")
    .single();
  if (error) throw error;
  if (status !== "new") await move("job_applications", data.id, status);
  return { id: data.id as string, cvPath };
}

async function message(name: string, status: "new" | "handled") {
  const { data, error } = await service
    .from("contact_messages")
    .insert({ name, email: "retention@example.com", message: "Hello" })
    .select("id")
    .single();
  if (error) throw error;
  if (status === "handled") await move("contact_messages", data.id, status);
  return { id: data.id as string };
}

async function move(table: string, id: string, status: string) {
  const { error } = await service.from(table).update({ status }).eq("id", id);
  if (error) throw error;
}

async function remaining(table: string, ids: string[]) {
  const { data, error } = await service.from(table).select("id").in("id", ids);
  if (error) throw error;
  return new Set(data.map((row: { id: string }) => row.id));
}

async function storedCvs() {
  const { data, error } = await service.storage
    .from("cv-uploads")
    .list("", { limit: 1000 });
  if (error) throw error;
  return new Set(data.map((object) => object.name));
}

test("rows and CVs past their period are deleted, and only those", async () => {
  const rejected = await application("Rejected long ago", "rejected");
  const withdrawn = await application("Withdrawn long ago", "withdrawn");
  const reconsidered = await application(
    "Rejected, then reviewing",
    "rejected",
  );
  await move("job_applications", reconsidered.id, "reviewing");
  const interviewing = await application("In interviews", "interview");
  const handled = await message("Handled long ago", "handled");
  const unhandled = await message("Never handled", "new");

  const { data: shown, error } = await service
    .from("inbox_items")
    .select("id, deletes_at")
    .in("id", [rejected.id, interviewing.id, handled.id, unhandled.id]);
  if (error) throw error;
  const deletesAt = new Map(
    shown.map((row: { id: string; deletes_at: string | null }) => [
      row.id,
      row.deletes_at,
    ]),
  );
  expect(Date.parse(deletesAt.get(rejected.id) ?? "")).toBeGreaterThan(
    Date.now(),
  );
  expect(deletesAt.get(handled.id)).not.toBeNull();
  expect(deletesAt.get(interviewing.id)).toBeNull();
  expect(deletesAt.get(unhandled.id)).toBeNull();

  await new Promise((resolve) => setTimeout(resolve, PERIOD_MS + 500));
  const recent = await application("Rejected just now", "rejected");
  const recentMessage = await message("Handled just now", "handled");

  const run = await service.rpc("delete_expired_submissions");
  expect(run.error).toBeNull();
  expect(run.data).toEqual([
    { kind: "application", deleted: 2 },
    { kind: "message", deleted: 1 },
  ]);
  // The next minute's housekeeping; a claim window of 0 s takes every
  // unclaimed CV at once instead of after the upload's fifteen minutes.
  expect(await sweepUnclaimedCvs(service, 0)).toBe(2);

  const applications = [
    rejected,
    withdrawn,
    reconsidered,
    interviewing,
    recent,
  ];
  expect(
    await remaining(
      "job_applications",
      applications.map((each) => each.id),
    ),
  ).toEqual(new Set([reconsidered.id, interviewing.id, recent.id]));
  const cvs = await storedCvs();
  expect(applications.map((each) => cvs.has(each.cvPath))).toEqual([
    false,
    false,
    true,
    true,
    true,
  ]);
  expect(
    await remaining("contact_messages", [
      handled.id,
      unhandled.id,
      recentMessage.id,
    ]),
  ).toEqual(new Set([unhandled.id, recentMessage.id]));
});

test("the candidate's confirmation states the period in force", async () => {
  const words = await Promise.all(
    ["6 mons", "1 year 6 mons", "2 seconds", "1 day 01:00:00"].map(
      async (period) => {
        const { data, error } = await service.rpc("period_in_words", {
          p_period: period,
        });
        if (error) throw error;
        return data;
      },
    ),
  );
  expect(words).toEqual([
    "6 months",
    "1 year and 6 months",
    "2 seconds",
    "1 day and 1 hour",
  ]);
  const { id } = await application("Confirmed", "new");
  const { data, error } = await service
    .from("candidate_emails")
    .select("purpose, to_email, body")
    .eq("application_id", id);
  if (error) throw error;
  expect(data).toEqual([
    {
      purpose: "confirmation",
      to_email: "retention@example.com",
      body: expect.stringContaining(
        "we delete it and your CV 10 seconds after that decision",
      ),
    },
  ]);
});
