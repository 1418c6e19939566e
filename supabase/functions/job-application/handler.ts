import { refuseUnknownApiKey } from "../_shared/api-key.ts";
import { jsonResponse, preflight } from "../_shared/cors.ts";
import {
  findObject,
  insertSubmission,
  readObject,
  removeObject,
  rowExists,
} from "../_shared/database.ts";
import { cvKind } from "../_shared/file-type.ts";
import type { FunctionEnv, FunctionHandler } from "../_shared/handler-types.ts";
import {
  CV_BUCKET,
  CV_CLAIM_WINDOW_MS,
  CV_OBJECT_ID_HEADER,
} from "../_shared/limits.ts";
import { sendDueNotifications } from "../_shared/notifications.ts";
import { JobApplicationPayloadSchema } from "../_shared/payloads.ts";
import { readJsonBody } from "../_shared/request.ts";
import { waitUntil, type WaitUntil } from "../_shared/runtime.ts";

type Dependencies = {
  /** How the e-mail provider is reached; tests replace it, nothing else. */
  providerFetch?: typeof fetch;
  /** Where the e-mail goes once the answer is sent; tests collect it. */
  afterResponse?: WaitUntil;
  /** The clock the upload's age is measured by; tests move it. */
  now?: () => number;
};

const log = (message: unknown) =>
  console.error(`[job-application] ${String(message)}`);

/**
 * The CV this request uploaded, or why it is not acceptable. The object must
 * exist, carry the id the upload answered with (sent in CV_OBJECT_ID_HEADER,
 * known only to the uploader), be younger than CV_CLAIM_WINDOW_MS, and belong
 * to no stored application: never another applicant's CV, never a missing one.
 */
async function ownUpload(
  env: FunctionEnv,
  request: Request,
  cvPath: string,
  now: number,
) {
  const object = await findObject(env, CV_BUCKET, cvPath);
  if (!object || object.id !== request.headers.get(CV_OBJECT_ID_HEADER))
    return {
      refusal: "cvPath does not name the CV uploaded with this application",
    };
  if (await rowExists(env, "job_applications", "cv_path", cvPath))
    return { refusal: "This CV belongs to an application already" };
  if (now - object.createdAt.getTime() > CV_CLAIM_WINDOW_MS)
    return { refusal: "The CV upload has expired", remove: true };
  return { refusal: null };
}

/**
 * Stores a job application whose CV the app has just uploaded to the private
 * cv-uploads bucket, once per submission key, answers, then tells the team
 * (after the response, so the visitor waits only for the row; a failed
 * e-mail stays in the outbox for send-notifications). The publishable key is public, so
 * everything is checked here again: every field, that the CV is this
 * request's own upload (ownUpload), and that its bytes are the PDF, DOC or
 * DOCX its name says. An application refused after its own CV was found, or
 * that cannot be stored, removes that CV, so no file outlives a failure.
 */
export function createJobApplicationHandler({
  providerFetch,
  afterResponse = waitUntil,
  now = Date.now,
}: Dependencies = {}): FunctionHandler {
  return async (request, env) => {
    if (request.method === "OPTIONS") return preflight();
    if (request.method !== "POST")
      return jsonResponse(405, { error: "Method not allowed" });
    const unknownKey = refuseUnknownApiKey(request, env);
    if (unknownKey) return unknownKey;

    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = JobApplicationPayloadSchema.safeParse(body.value);
    if (!parsed.success) {
      const cvPath = (body.value as { cvPath?: unknown } | null)?.cvPath;
      if (typeof cvPath === "string") {
        const owned = await ownUpload(env, request, cvPath, now()).catch(
          () => null,
        );
        if (owned?.refusal === null)
          await removeObject(env, CV_BUCKET, cvPath).catch(log);
      }
      return jsonResponse(400, {
        error: "Invalid payload",
        issues: parsed.error.issues,
      });
    }
    const application = parsed.data;
    const { cvPath } = application;

    let id: string | null;
    // Only a CV proven to be this request's own upload is ever removed.
    let own = false;
    try {
      const owned = await ownUpload(env, request, cvPath, now());
      if (owned.refusal !== null) {
        if (owned.remove) await removeObject(env, CV_BUCKET, cvPath);
        return jsonResponse(400, { error: owned.refusal });
      }
      own = true;
      const bytes = await readObject(env, CV_BUCKET, cvPath);
      if (!cvKind(cvPath, bytes)) {
        await removeObject(env, CV_BUCKET, cvPath);
        return jsonResponse(400, {
          error: "The CV is not the PDF, DOC or DOCX its name says",
        });
      }
      id = await insertSubmission(env, "job_applications", {
        submission_key: application.submissionKey,
        job_id: application.jobId,
        job_title: application.jobTitle,
        name: application.name,
        email: application.email,
        comment: application.comment || null,
        cv_file_name: application.cvFileName,
        cv_path: cvPath,
      });
    } catch (error) {
      log(error);
      if (own) await removeObject(env, CV_BUCKET, cvPath).catch(log);
      return jsonResponse(500, {
        error: "The application could not be stored",
      });
    }

    if (id === null) {
      // The same submission again (a double click that raced past the app's
      // check): the stored one keeps its CV, this upload goes.
      await removeObject(env, CV_BUCKET, cvPath).catch(log);
      return jsonResponse(200, { ok: true, duplicate: true });
    }
    afterResponse(
      sendDueNotifications(env, {
        only: { kind: "application", id },
        providerFetch,
      }),
    );
    return jsonResponse(200, { ok: true });
  };
}

export default createJobApplicationHandler();
