import type { SupabaseClient } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";
import type { Job } from "./job-posting.ts";
import {
  CV_MIME_TYPES,
  cvKind,
} from "#supabase/functions/_shared/file-type.ts";
import {
  APPLICATION_FAILURE,
  APPLICATION_SUCCESS,
  CHOOSE_FILE_AGAIN_MESSAGE,
  CV_REQUIRED_MESSAGE,
  CV_SIZE_MESSAGE,
  CV_TYPE_MESSAGE,
  JobApplicationSchema,
} from "./job-application-schema.ts";
import {
  publicFormAction,
  sendToFunction,
  type SendResult,
} from "#app/utils/public-form.server.ts";
import {
  RATE_LIMIT_WINDOW_MS,
  RateLimiter,
} from "#app/utils/rate-limit.server.ts";
import { getFormsClient } from "#app/utils/supabase.server.ts";
import {
  cvDisplayName,
  cvObjectName,
} from "#supabase/functions/_shared/cv-name.ts";
import {
  CV_BUCKET,
  CV_MAX_BYTES,
  CV_OBJECT_ID_HEADER,
} from "#supabase/functions/_shared/limits.ts";

/**
 * Two budgets per address: reading an upload costs up to 5 MB of bandwidth,
 * so every attempt counts against the first; the second counts applications
 * that reach storage, like the other public forms.
 */
export const uploadAttemptLimiter = new RateLimiter(
  20,
  RATE_LIMIT_WINDOW_MS,
  "cv-upload",
);
export const applicationLimiter = new RateLimiter(
  5,
  RATE_LIMIT_WINDOW_MS,
  "application",
);

/** How many later milliseconds a CV's object name may move to. */
const CV_NAME_ATTEMPTS = 5;

/**
 * Stores the CV under the name the product gives it. Two applicants sending files
 * of the same name in the same millisecond (on one machine or several) would
 * share that name, and Storage refuses the second with "Duplicate": the next
 * millisecond is still a timestamp, so the second CV moves there instead of
 * failing the application.
 */
export async function uploadCv(
  supabase: SupabaseClient,
  cv: File,
  contentType: string,
) {
  const bucket = supabase.storage.from(CV_BUCKET);
  const now = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    const objectName = cvObjectName(cv.name, now + attempt);
    const upload = await bucket.upload(
      objectName,
      new File([cv], objectName, { type: contentType }),
      { contentType, upsert: false },
    );
    // Storage says "Duplicate" with statusCode "409" in the body.
    const duplicate =
      upload.error !== null &&
      "statusCode" in upload.error &&
      upload.error.statusCode === "409";
    if (!duplicate || attempt + 1 === CV_NAME_ATTEMPTS) return upload;
  }
}

/** Uploads the CV, then hands the application to the job-application function. */
async function store(
  context: Readonly<RouterContextProvider>,
  job: Pick<Job, "id" | "title">,
  application: { name: string; email: string; comment?: string; cv: File },
): Promise<SendResult> {
  const { cv } = application;
  const kind = cvKind(cv.name, new Uint8Array(await cv.arrayBuffer()));
  if (!kind) return false;
  // With the secret key when the server has it: anonymous uploads are
  // capped for direct callers (decision 092), and this visitor passed the
  // app's own per-address limits.
  const supabase = getFormsClient(context);
  try {
    const upload = await uploadCv(supabase, cv, CV_MIME_TYPES[kind]);
    if (upload.error) {
      console.error(`Failed to upload CV: ${upload.error.message}`);
      return false;
    }
    return await sendToFunction(
      context,
      "job-application",
      {
        name: application.name,
        email: application.email,
        comment: application.comment ?? "",
        jobTitle: job.title,
        jobId: String(job.id),
        cvFileName: cvDisplayName(cv.name),
        cvPath: upload.data.path,
      },
      { [CV_OBJECT_ID_HEADER]: upload.data.id },
    );
  } catch (error) {
    console.error(`Failed to upload CV: ${String(error)}`);
    return false;
  }
}

export function submitApplication({
  request,
  context,
  job,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  job: Pick<Job, "id" | "title">;
}) {
  return publicFormAction({
    request,
    context,
    schema: JobApplicationSchema,
    limiter: applicationLimiter,
    upload: {
      field: "cv",
      maxBytes: CV_MAX_BYTES,
      tooLarge: CV_SIZE_MESSAGE,
      missing: CV_REQUIRED_MESSAGE,
      attempts: uploadAttemptLimiter,
      chooseAgain: CHOOSE_FILE_AGAIN_MESSAGE,
    },
    // The bytes must be the PDF, DOC or DOCX the name says.
    check: async ({ cv }) =>
      cvKind(cv.name, new Uint8Array(await cv.arrayBuffer()))
        ? null
        : { cv: [CV_TYPE_MESSAGE] },
    send: (application) => store(context, job, application),
    success: APPLICATION_SUCCESS,
    failure: APPLICATION_FAILURE,
    conversion: "application",
  });
}
