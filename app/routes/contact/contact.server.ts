import type { RouterContextProvider } from "react-router";
import {
  COMPANY_CONTACT_FAILURE,
  COMPANY_CONTACT_SUCCESS,
  CompanyContactSchema,
} from "#app/routes/company/company-contact-schema.ts";
import {
  publicFormAction,
  sendResult,
  type SendResult,
} from "#app/utils/public-form.server.ts";
import {
  RATE_LIMIT_WINDOW_MS,
  RateLimiter,
} from "#app/utils/rate-limit.server.ts";
import { invokeFunction } from "#app/utils/supabase.server.ts";
import type { ContactPayload } from "#supabase/functions/_shared/payloads.ts";

/** Accepted submissions per address and minute, per form. */
export const contactPageLimiter = new RateLimiter(
  5,
  RATE_LIMIT_WINDOW_MS,
  "contact-page",
);
export const companyContactLimiter = new RateLimiter(
  5,
  RATE_LIMIT_WINDOW_MS,
  "company-dialog",
);

/**
 * Hands a contact message to the contact-us function, which stores it and
 * tells the team. Only whether it failed matters to the visitor, as the
 * product fixes it; the reason goes to the log. The same message sent again
 * is "duplicate": stored once, counted as one conversion.
 */
export async function sendContactMessage(
  context: Readonly<RouterContextProvider>,
  payload: ContactPayload,
): Promise<SendResult> {
  try {
    const { data, error } = await invokeFunction(
      context,
      "contact-us",
      payload,
    );
    if (!error) return sendResult(data);
    console.error(`contact-us failed: ${error.message}`);
  } catch (error) {
    console.error(`contact-us failed: ${String(error)}`);
  }
  return false;
}

/** The company page's "Get in Touch" form: the same post with or without the dialog. */
export function companyContactAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  return publicFormAction({
    request,
    context,
    schema: CompanyContactSchema,
    limiter: companyContactLimiter,
    send: (message) => sendContactMessage(context, message),
    success: COMPANY_CONTACT_SUCCESS,
    failure: COMPANY_CONTACT_FAILURE,
    conversion: "contact",
  });
}
