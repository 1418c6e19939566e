import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SupabaseClient } from "@supabase/supabase-js";
import { data, type RouterContextProvider } from "react-router";
import type { JobPosting } from "#app/content/jobs.ts";
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
import { formToast } from "#app/routes/contact/contact.server.ts";
import { discardBody, readFormBody } from "#app/utils/form-body.server.ts";
import {
  bodyRefusal,
  rateLimitRefusal,
  refusalResult,
  FORM_EXPIRED_MESSAGE,
  SMALL_FORM_MAX_BYTES,
  submissionKeyOf,
  spamRefusal,
  UNREADABLE_MESSAGE,
} from "#app/utils/public-form.server.ts";
import {
  RATE_LIMIT_WINDOW_MS,
  RateLimiter,
} from "#app/utils/rate-limit.server.ts";
import { getSupabase, invokeFunction } from "#app/utils/supabase.server.ts";
import type { ToastData } from "#app/utils/toast.ts";
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
/** What the application action returns to the form (fetcher or document). */
export type ApplicationActionData = {
  result: SubmissionResult<string[]>;
  toast: ToastData | null;
};

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

function respond(
  result: ApplicationActionData["result"],
  status: number,
  toast: ApplicationActionData["toast"] = null,
  headers?: HeadersInit,
) {
  const body: ApplicationActionData = { result, toast };
  return data(body, { status, headers });
}

/** How many later milliseconds a CV's object name may move to. */
const CV_NAME_ATTEMPTS = 5;

/**
 * Stores the CV under the name SPEC.md gives it. Two applicants sending files
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

/**
 * Whether an application with this key is stored already. When that cannot be
 * told, the upload goes ahead: the function stores one row per key and
 * removes the second upload, so a guess costs nothing but time.
 */
async function alreadyStored(
  context: Readonly<RouterContextProvider>,
  submissionKey: string,
) {
  const { data, error } = await getSupabase(context).rpc("submission_stored", {
    p_key: submissionKey,
  });
  if (error) console.error(`submission_stored failed: ${error.message}`);
  return data === true;
}

/** Uploads the CV, then hands the application to the job-application function. */
async function store(
  context: Readonly<RouterContextProvider>,
  job: JobPosting,
  application: { name: string; email: string; comment?: string; cv: File },
  kind: keyof typeof CV_MIME_TYPES,
  submissionKey: string,
): Promise<boolean> {
  const supabase = getSupabase(context);
  const contentType = CV_MIME_TYPES[kind];
  try {
    const upload = await uploadCv(supabase, application.cv, contentType);
    if (upload.error) {
      console.error(`Failed to upload CV: ${upload.error.message}`);
      return false;
    }
    const { error } = await invokeFunction(
      context,
      "job-application",
      {
        submissionKey,
        name: application.name,
        email: application.email,
        comment: application.comment ?? "",
        jobTitle: job.title,
        jobId: job.id,
        cvFileName: cvDisplayName(application.cv.name),
        cvPath: upload.data.path,
      },
      { [CV_OBJECT_ID_HEADER]: upload.data.id },
    );
    if (error) {
      console.error(`job-application failed: ${error.message}`);
      return false;
    }
    return true;
  } catch (error) {
    console.error(`job-application failed: ${String(error)}`);
    return false;
  }
}

export async function submitApplication({
  request,
  context,
  job,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  job: JobPosting;
}) {
  const attempt = await rateLimitRefusal(
    request,
    context,
    uploadAttemptLimiter,
  );
  if (attempt) {
    await discardBody(request);
    return respond(
      refusalResult(attempt.message),
      attempt.status,
      null,
      attempt.headers,
    );
  }

  // One CV of CV_MAX_BYTES plus a small form's worth of text.
  const { formData, problem, multipart } = await readFormBody(request, {
    maxFields: 50,
    maxFieldBytes: CV_MAX_BYTES,
    maxTotalBytes: CV_MAX_BYTES + SMALL_FORM_MAX_BYTES,
    maxFiles: 1,
  });
  const submission = parseWithZod(formData, { schema: JobApplicationSchema });

  // A body that is not multipart never carried a CV: refused as a small form is.
  if (problem && !multipart) {
    const refusal = bodyRefusal(problem);
    return respond(refusalResult(refusal.message), refusal.status);
  }
  const refusal = await spamRefusal(formData);
  if (refusal)
    return respond(
      submission.reply({ formErrors: [refusal.message] }),
      refusal.status,
    );

  // Problems found while streaming the body replace whatever the schema said about the file.
  if (problem === "too-large") {
    return respond(
      submission.reply({ fieldErrors: { cv: [CV_SIZE_MESSAGE] } }),
      413,
    );
  }
  if (problem === "too-many-files") {
    return respond(
      submission.reply({ fieldErrors: { cv: [CV_REQUIRED_MESSAGE] } }),
      400,
    );
  }
  if (problem === "unreadable") {
    return respond(submission.reply({ formErrors: [UNREADABLE_MESSAGE] }), 400);
  }
  if (submission.status !== "success") return respond(submission.reply(), 400);

  const { cv } = submission.value;
  const kind = cvKind(cv.name, new Uint8Array(await cv.arrayBuffer()));
  if (!kind)
    return respond(
      submission.reply({ fieldErrors: { cv: [CV_TYPE_MESSAGE] } }),
      400,
    );

  const submissionKey = submissionKeyOf(formData);
  if (submissionKey === null) {
    return respond(
      submission.reply({
        formErrors: [FORM_EXPIRED_MESSAGE, CHOOSE_FILE_AGAIN_MESSAGE],
      }),
      400,
    );
  }
  // The same form posted again (a reload, a double click): already stored,
  // so the visitor gets the same thanks and no second CV is uploaded.
  if (await alreadyStored(context, submissionKey)) {
    return respond(
      submission.reply({ resetForm: true }),
      200,
      formToast(APPLICATION_SUCCESS, "success"),
    );
  }

  const limited = await rateLimitRefusal(request, context, applicationLimiter);
  if (limited) {
    return respond(
      submission.reply({
        formErrors: [limited.message, CHOOSE_FILE_AGAIN_MESSAGE],
      }),
      limited.status,
      null,
      limited.headers,
    );
  }

  if (!(await store(context, job, submission.value, kind, submissionKey))) {
    return respond(
      submission.reply({ formErrors: [CHOOSE_FILE_AGAIN_MESSAGE] }),
      502,
      formToast(APPLICATION_FAILURE, "error"),
    );
  }
  return respond(
    submission.reply({ resetForm: true }),
    200,
    formToast(APPLICATION_SUCCESS, "success"),
  );
}
