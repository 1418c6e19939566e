import { jsonResponse } from "../_shared/cors.ts";
import { storeSubmission, unwrap, type Database } from "../_shared/database.ts";
import { cvKind } from "../_shared/file-type.ts";
import { defineFunction } from "../_shared/handle.ts";
import {
  CV_BUCKET,
  CV_CLAIM_WINDOW_MS,
  CV_OBJECT_ID_HEADER,
  FUNCTION_CALLS_PER_ADDRESS,
} from "../_shared/limits.ts";
import { sendApplicationEmails } from "../_shared/notifications.ts";
import { JobApplicationPayloadSchema } from "../_shared/payloads.ts";
import { waitUntil, type WaitUntil } from "../_shared/runtime.ts";

type Dependencies = {
  /** How the e-mail provider is reached; tests replace it, nothing else. */
  providerFetch?: typeof fetch;
  /** Where the e-mail goes once the answer is sent; tests collect it. */
  afterResponse?: WaitUntil;
  /** The clock the upload's age is measured by; tests move it. */
  now?: () => number;
};

/**
 * The CV this request uploaded, or why it is not acceptable. The object must
 * exist, carry the id the upload answered with (sent in CV_OBJECT_ID_HEADER,
 * known only to the uploader), be younger than CV_CLAIM_WINDOW_MS, and belong
 * to no stored application: never another applicant's CV, never a missing one.
 */
async function ownUpload(
  db: Database,
  request: Request,
  cvPath: string,
  now: number,
) {
  const listed = unwrap(
    `listing ${CV_BUCKET}`,
    await db.storage.from(CV_BUCKET).list("", { search: cvPath, limit: 100 }),
  );
  const object = listed.find((entry) => entry.name === cvPath);
  if (!object?.id || object.id !== request.headers.get(CV_OBJECT_ID_HEADER))
    return {
      refusal: "cvPath does not name the CV uploaded with this application",
    };
  const claimed = unwrap(
    "reading job_applications",
    await db
      .from("job_applications")
      .select("id")
      .eq("cv_path", cvPath)
      .limit(1),
  );
  if (claimed.length > 0)
    return { refusal: "This CV belongs to an application already" };
  if (now - new Date(object.created_at ?? 0).getTime() > CV_CLAIM_WINDOW_MS)
    return { refusal: "The CV upload has expired", remove: true };
  return { refusal: null };
}

/**
 * The job applied for, if it is real and open now: the open_jobs view holds
 * the one predicate (published, closing later or never) by the database's
 * clock, so a job that closed a second ago is refused here too.
 */
async function openJob(db: Database, jobId: string) {
  if (!/^[1-9]\d{0,15}$/.test(jobId)) return null;
  const rows = unwrap(
    "reading open_jobs",
    await db.from("open_jobs").select("id, title").eq("id", jobId).limit(1),
  ) as { id: number; title: string }[];
  return rows[0] ?? null;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/**
 * Stores a job application whose CV the app has just uploaded to the private
 * cv-uploads bucket, answers, then tells the team and confirms to the
 * candidate (after the response, so the visitor waits only for the row; a
 * failed e-mail stays in the outbox).
 * The publishable key is public, so everything is checked here again: every
 * field, that the CV is this request's own upload (ownUpload), that the job
 * is real and open (openJob), and that its bytes are the PDF, DOC or DOCX its
 * name says. The same CV for the same job
 * from the same address is one application: a second is answered as the
 * first, and its upload removed. An application refused after its own CV
 * was found, or that cannot be stored, removes that CV.
 */
export function createJobApplicationHandler({
  providerFetch,
  afterResponse = waitUntil,
  now = Date.now,
}: Dependencies = {}) {
  return defineFunction({
    name: "job-application",
    access: "public",
    schema: JobApplicationPayloadSchema,
    limit: FUNCTION_CALLS_PER_ADDRESS,
    async handle({ request, env, db, value: application }) {
      const { cvPath } = application;
      const bucket = db.storage.from(CV_BUCKET);
      const owned = await ownUpload(db, request, cvPath, now());
      if (owned.refusal !== null) {
        if (owned.remove) await bucket.remove([cvPath]);
        return jsonResponse(400, { error: owned.refusal });
      }
      const job = await openJob(db, application.jobId);
      if (!job) {
        await bucket.remove([cvPath]);
        return jsonResponse(410, { error: "This job is not open" });
      }
      let stored: { id: string; duplicate: boolean };
      try {
        const cv = unwrap(`reading ${cvPath}`, await bucket.download(cvPath));
        const bytes = new Uint8Array(await cv.arrayBuffer());
        if (!cvKind(cvPath, bytes)) {
          await bucket.remove([cvPath]);
          return jsonResponse(400, {
            error: "The CV is not the PDF, DOC or DOCX its name says",
          });
        }
        stored = await storeSubmission(db, "application", {
          job_id: String(job.id),
          job_title: job.title,
          name: application.name,
          email: application.email,
          comment: application.comment || null,
          cv_file_name: application.cvFileName,
          cv_path: cvPath,
          cv_digest: await sha256Hex(bytes),
        });
      } catch (error) {
        await bucket.remove([cvPath]);
        throw error;
      }
      if (stored.duplicate) {
        // The stored application keeps its CV; this copy goes.
        await bucket.remove([cvPath]);
        return jsonResponse(200, { ok: true, duplicate: true });
      }
      afterResponse(sendApplicationEmails(env, db, stored.id, providerFetch));
      return jsonResponse(200, { ok: true });
    },
  });
}

export default createJobApplicationHandler();
