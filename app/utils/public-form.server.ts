import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { $ZodType } from "zod/v4/core";
import { getClientIp } from "#app/utils/client-ip.server.ts";
import {
  readFormBody,
  type FormBodyProblem,
} from "#app/utils/form-body.server.ts";
import { isSpam, SPAM_MESSAGE } from "#app/utils/honeypot.server.ts";
import { type RateLimiter } from "#app/utils/rate-limit.server.ts";
import { countShared } from "#app/utils/shared-rate-limit.server.ts";
import { formBudgetLeft } from "#app/utils/supabase.server.ts";

// Guards shared by the public forms (contact page, company dialog, job
// application): a capped body, the honeypot and a per-address rate limit,
// each a value (a refusal or null) the form shows next to the visitor's values.

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
export const FORM_EXPIRED_MESSAGE =
  "This form has expired. Please reload the page and send it again.";
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The rendered form's submission key (app/components/submission-key.tsx), or null. */
export function submissionKeyOf(formData: FormData) {
  const key = formData.get("submissionKey");
  return typeof key === "string" && UUID.test(key) ? key.toLowerCase() : null;
}

/** A form-level error for a submission whose fields were never read. */
export function refusalResult(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

export async function spamRefusal(
  formData: FormData,
): Promise<FormRefusal | null> {
  return (await isSpam(formData))
    ? { status: 400, message: SPAM_MESSAGE }
    : null;
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

/**
 * What every small public form checks before its own work: the capped body,
 * the schema, the honeypot, the submission key and, for a valid submission,
 * the per-address limit. Either the accepted values and key, or the response
 * that refuses them with the visitor's values kept.
 */
export async function acceptSmallForm<Schema extends $ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: Schema,
  limiter: RateLimiter,
) {
  const { formData, refusal: bodyRefusal } = await readSmallForm(request);
  if (!formData) {
    return {
      refused: data(
        { result: refusalResult(bodyRefusal.message), toast: null },
        { status: bodyRefusal.status },
      ),
    } as const;
  }
  const submission = parseWithZod(formData, { schema });
  const submissionKey = submissionKeyOf(formData);
  const refusal =
    (await spamRefusal(formData)) ??
    (submissionKey === null
      ? { status: 400, message: FORM_EXPIRED_MESSAGE }
      : null) ??
    (submission.status === "success"
      ? await rateLimitRefusal(request, context, limiter)
      : null);
  if (refusal || submissionKey === null) {
    return {
      refused: data(
        {
          result: submission.reply({
            formErrors: [refusal?.message ?? FORM_EXPIRED_MESSAGE],
          }),
          toast: null,
        },
        { status: refusal?.status ?? 400, headers: refusal?.headers },
      ),
    } as const;
  }
  if (submission.status !== "success") {
    return {
      refused: data(
        { result: submission.reply(), toast: null },
        { status: 400 },
      ),
    } as const;
  }
  return { refused: null, submission, submissionKey } as const;
}
