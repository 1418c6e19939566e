import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  countConversion,
  type ConversionKind,
} from "#app/utils/analytics.server.ts";
import { getClientIp } from "#app/utils/client-ip.server.ts";
import {
  discardBody,
  readFormBody,
  type FormBodyProblem,
} from "#app/utils/form-body.server.ts";
import { isSpam, SPAM_MESSAGE } from "#app/utils/honeypot.server.ts";
import { type RateLimiter } from "#app/utils/rate-limit.server.ts";
import { countShared } from "#app/utils/shared-rate-limit.server.ts";
import { formBudgetLeft, invokeFunction } from "#app/utils/supabase.server.ts";
import type { ToastData } from "#app/utils/toast.ts";

// The public forms' actions (contact page, company dialog, job application):
// a capped body, the schema, the honeypot and a per-address rate limit, each
// a refusal shown next to the visitor's values; then the send, and the
// answer the form shows (publicFormAction).

/** A refusal the form renders as its form-level error. */
export type FormRefusal = {
  status: number;
  message: string;
  headers?: HeadersInit;
};

export const SMALL_FORM_MAX_BYTES = 64 * 1024;
export const TOO_LARGE_MESSAGE =
  "Your submission is too long to send. Please shorten it and try again.";
export const UNREADABLE_MESSAGE =
  "Your submission could not be read. Please try again.";
export const FORM_RATE_LIMIT_MESSAGE =
  "Too many submissions from your address. Please wait a minute and try again.";

/** A body the reader gave up on, as the refusal a form shows. */
export function bodyRefusal(problem: FormBodyProblem): FormRefusal {
  return problem === "unreadable"
    ? { status: 400, message: UNREADABLE_MESSAGE }
    : { status: 413, message: TOO_LARGE_MESSAGE };
}

/**
 * The body of a form without files, refused past SMALL_FORM_MAX_BYTES
 * whether or not the client declared its length.
 */
export async function readSmallForm(
  request: Request,
): Promise<
  | { formData: FormData; refusal: null }
  | { formData: null; refusal: FormRefusal }
> {
  const { formData, problem } = await readFormBody(request, {
    maxFields: 50,
    maxFieldBytes: SMALL_FORM_MAX_BYTES,
    maxTotalBytes: SMALL_FORM_MAX_BYTES,
    maxFiles: 0,
  });
  return problem
    ? { formData: null, refusal: bodyRefusal(problem) }
    : { formData, refusal: null };
}

/**
 * readSmallForm for actions that render no form of their own around a
 * refusal (sign-in, admin, delete): the refusal is thrown and the route's
 * error boundary shows its message. request.formData() would instead throw a
 * TypeError on a wrong content type and read a body of any size.
 */
export async function requireSmallForm(request: Request) {
  const { formData, refusal } = await readSmallForm(request);
  if (refusal) {
    throw data(
      { message: refusal.message },
      { status: refusal.status, headers: refusal.headers },
    );
  }
  return formData;
}

/** A form-level error for a submission whose fields were never read. */
export function refusalResult(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

export function spamRefusal(formData: FormData): FormRefusal | null {
  return isSpam(formData) ? { status: 400, message: SPAM_MESSAGE } : null;
}

/**
 * Counts one submission from the request's address, on this machine and then
 * in the count all machines share (on the form's clock); a refusal once
 * either is over the limit.
 */
export async function rateLimitRefusal(
  request: Request,
  context: Readonly<RouterContextProvider>,
  limiter: RateLimiter,
  message = FORM_RATE_LIMIT_MESSAGE,
): Promise<FormRefusal | null> {
  const ip = getClientIp(request);
  const local = limiter.hit(ip);
  let retryAfter = local.allowed ? 0 : local.retryAfter;
  if (retryAfter === 0 && limiter.name) {
    const key = `${limiter.name}:${ip}`;
    const counts = await countShared(
      [key],
      limiter.windowMs,
      1,
      AbortSignal.timeout(formBudgetLeft(context)),
    );
    const shared = counts?.get(key);
    if (shared && shared.hits > limiter.limit) retryAfter = shared.retryAfter;
  }
  if (retryAfter === 0) return null;
  return {
    status: 429,
    message,
    headers: { "Retry-After": String(retryAfter) },
  };
}

type Copy = { readonly title: string; readonly description: string };

/**
 * What a send came to: stored, or the same submission already stored
 * (decision 090), which the visitor is thanked for again but which is no
 * second conversion; false when it failed.
 */
export type SendResult = boolean | "duplicate";

/** A function's answer to a stored submission: `duplicate: true` for one already stored. */
export function sendResult(data: unknown): SendResult {
  return typeof data === "object" &&
    data !== null &&
    (data as { duplicate?: unknown }).duplicate === true
    ? "duplicate"
    : true;
}

/**
 * Hands a submission to a form's edge function `name`, which stores it and
 * tells the team. Only whether it failed matters to the visitor, as the
 * product fixes it; the reason goes to the log. The same submission sent
 * again is "duplicate": stored once, counted as one conversion.
 */
export async function sendToFunction(
  context: Readonly<RouterContextProvider>,
  name: string,
  payload: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<SendResult> {
  try {
    const { data, error } = await invokeFunction(
      context,
      name,
      payload,
      headers,
    );
    if (!error) return sendResult(data);
    console.error(`${name} failed: ${error.message}`);
  } catch (error) {
    console.error(`${name} failed: ${String(error)}`);
  }
  return false;
}

/** The page a form was posted from: with JavaScript, its data URL. */
export function formPagePath(request: Request) {
  const { pathname } = new URL(request.url);
  if (!pathname.endsWith(".data")) return pathname;
  return pathname === "/_.data" ? "/" : pathname.slice(0, -".data".length);
}

/** What a public form's action answers, with JavaScript (a fetcher) or without. */
export type PublicFormData = {
  result: SubmissionResult<string[]>;
  toast: ToastData | null;
  /** Stored: the form gives way to its confirmation. */
  sent: boolean;
};

function toast(copy: Copy, type: ToastData["type"]): ToastData {
  return { id: crypto.randomUUID(), ...copy, type };
}

function answer(
  result: SubmissionResult<string[]>,
  status = 400,
  {
    headers,
    toast = null,
  }: { headers?: HeadersInit; toast?: ToastData | null } = {},
) {
  const body: PublicFormData = { result, toast, sent: status === 200 };
  return data(body, { status, headers });
}

/**
 * A form that uploads one file. Reading it costs up to `maxBytes` of the
 * visitor's bandwidth and ours, so `attempts` counts every post before the
 * body is read; a refusal after the file was read asks for it again, since
 * a browser never refills a file input.
 */
export type FileUpload = {
  field: string;
  maxBytes: number;
  tooLarge: string;
  missing: string;
  attempts: RateLimiter;
  chooseAgain: string;
};

/**
 * The whole action of a public form: read the capped body, refuse spam, an
 * invalid submission or one over the address's limit (each with the
 * visitor's values kept), then `send` the values; 502 and the failure toast
 * when that fails, or the success toast, an emptied form and `sent`.
 * `check` refuses what only the server can judge (a file's real type).
 */
export async function publicFormAction<Schema extends z.ZodObject>({
  request,
  context,
  schema,
  limiter,
  upload,
  check,
  send,
  success,
  failure,
  conversion,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  schema: Schema;
  /** Counts the valid submissions of one address. */
  limiter: RateLimiter;
  upload?: FileUpload;
  check?: (value: z.output<Schema>) => Promise<Record<string, string[]> | null>;
  send: (value: z.output<Schema>) => Promise<SendResult>;
  success: Copy;
  failure: Copy;
  /**
   * What an accepted form counts as in the team's analytics (decision 160);
   * null where the conversion comes later (a newsletter's confirmation).
   */
  conversion: ConversionKind | null;
}) {
  if (upload) {
    const attempt = await rateLimitRefusal(request, context, upload.attempts);
    if (attempt) {
      await discardBody(request);
      return answer(refusalResult(attempt.message), attempt.status, attempt);
    }
  }
  const { formData, problem, multipart } = await readFormBody(request, {
    maxFields: 50,
    maxFieldBytes: upload?.maxBytes ?? SMALL_FORM_MAX_BYTES,
    maxTotalBytes: (upload?.maxBytes ?? 0) + SMALL_FORM_MAX_BYTES,
    maxFiles: upload ? 1 : 0,
  });
  // A body that never carried the file is refused as a whole.
  if (problem && !(upload && multipart)) {
    const refusal = bodyRefusal(problem);
    return answer(refusalResult(refusal.message), refusal.status);
  }
  const submission = parseWithZod(formData, { schema });
  const spam = spamRefusal(formData);
  if (spam) {
    return answer(
      submission.reply({ formErrors: [spam.message] }),
      spam.status,
    );
  }
  // What went wrong while the file streamed in replaces what the schema said of it.
  if (upload && problem === "too-large") {
    return answer(
      submission.reply({ fieldErrors: { [upload.field]: [upload.tooLarge] } }),
      413,
    );
  }
  if (upload && problem === "too-many-files") {
    return answer(
      submission.reply({ fieldErrors: { [upload.field]: [upload.missing] } }),
    );
  }
  if (problem) {
    return answer(submission.reply({ formErrors: [UNREADABLE_MESSAGE] }));
  }
  if (submission.status !== "success") return answer(submission.reply());
  const fieldErrors = await check?.(submission.value);
  if (fieldErrors) return answer(submission.reply({ fieldErrors }));
  const again = upload ? [upload.chooseAgain] : [];
  const limited = await rateLimitRefusal(request, context, limiter);
  if (limited) {
    return answer(
      submission.reply({ formErrors: [limited.message, ...again] }),
      limited.status,
      limited,
    );
  }
  const sent = await send(submission.value);
  if (!sent) {
    return answer(submission.reply({ formErrors: again }), 502, {
      toast: toast(failure, "error"),
    });
  }
  if (sent === true && conversion) {
    countConversion(request, conversion, formPagePath(request));
  }
  return answer(submission.reply({ resetForm: true }), 200, {
    toast: toast(success, "success"),
  });
}
