import { jsonResponse, preflight } from "../_shared/cors.ts";
import { insertRow, objectExists, removeObject } from "../_shared/database.ts";
import type { FunctionHandler } from "../_shared/handler-types.ts";
import { CV_BUCKET } from "../_shared/limits.ts";
import { notifyTeam } from "../_shared/notify.ts";
import { JobApplicationPayloadSchema } from "../_shared/payloads.ts";
import { readJsonBody } from "../_shared/request.ts";
import { waitUntil, type WaitUntil } from "../_shared/runtime.ts";

type Dependencies = {
  /** How the e-mail provider is reached; tests replace it, nothing else. */
  providerFetch?: typeof fetch;
  /** Where the e-mail goes once the answer is sent; tests collect it. */
  afterResponse?: WaitUntil;
};

/**
 * Stores a job application whose CV the app has already uploaded to the
 * private cv-uploads bucket, answers, then tells the team (after the
 * response, so the visitor waits only for the row). An application naming a
 * CV that is not in the bucket is refused, so every stored row has its file;
 * one that cannot be stored removes its CV, so no file outlives a failure.
 */
export function createJobApplicationHandler({
  providerFetch,
  afterResponse = waitUntil,
}: Dependencies = {}): FunctionHandler {
  return async (request, env) => {
    if (request.method === "OPTIONS") return preflight();
    if (request.method !== "POST")
      return jsonResponse(405, { error: "Method not allowed" });

    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = JobApplicationPayloadSchema.safeParse(body.value);
    if (!parsed.success) {
      return jsonResponse(400, {
        error: "Invalid payload",
        issues: parsed.error.issues,
      });
    }
    const application = parsed.data;

    let id: string;
    try {
      if (!(await objectExists(env, CV_BUCKET, application.cvPath))) {
        return jsonResponse(400, {
          error: "cvPath does not name an uploaded CV",
        });
      }
      id = await insertRow(env, "job_applications", {
        job_id: application.jobId,
        job_title: application.jobTitle,
        name: application.name,
        email: application.email,
        comment: application.comment || null,
        cv_file_name: application.cvFileName,
        cv_path: application.cvPath,
      });
    } catch (error) {
      console.error(`[job-application] ${String(error)}`);
      await removeObject(env, CV_BUCKET, application.cvPath).catch(
        (removal: unknown) =>
          console.error(`[job-application] ${String(removal)}`),
      );
      return jsonResponse(500, {
        error: "The application could not be stored",
      });
    }

    afterResponse(
      notifyTeam(
        env,
        {
          subject: `Application for ${application.jobTitle} from ${application.name}`,
          replyTo: application.email,
          text: [
            `${application.name} <${application.email}> applied for ${application.jobTitle} (job ${application.jobId}).`,
            "",
            application.comment
              ? `Comment:\n${application.comment}\n`
              : "No comment.\n",
            `CV: ${application.cvFileName}, stored as ${CV_BUCKET}/${application.cvPath}.`,
            `Stored as job_applications ${id}.`,
          ].join("\n"),
        },
        providerFetch,
      ),
    );
    return jsonResponse(200, { ok: true });
  };
}

export default createJobApplicationHandler();
