import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  ContactSchema,
} from "./contact-schema.ts";
import {
  COMPANY_CONTACT_FAILURE,
  COMPANY_CONTACT_SUCCESS,
  CompanyContactSchema,
} from "#app/routes/company/company-contact-schema.ts";
import {
  publicFormAction,
  sendToFunction,
} from "#app/utils/public-form.server.ts";
import {
  RATE_LIMIT_WINDOW_MS,
  RateLimiter,
} from "#app/utils/rate-limit.server.ts";
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

type ActionArgs = {
  request: Request;
  context: Readonly<RouterContextProvider>;
};

/**
 * A contact form's action: the values, as the `message` they make, go to
 * the contact-us function; an accepted one counts as a contact.
 */
function contactFormAction<Schema extends z.ZodObject>(
  { request, context }: ActionArgs,
  {
    message,
    ...form
  }: Pick<
    Parameters<typeof publicFormAction<Schema>>[0],
    "schema" | "limiter" | "success" | "failure"
  > & { message: (value: z.output<Schema>) => ContactPayload },
) {
  return publicFormAction({
    request,
    context,
    ...form,
    send: (value) => sendToFunction(context, "contact-us", message(value)),
    conversion: "contact",
  });
}

/** The company page's "Get in Touch" form: the same post with or without the dialog. */
export function companyContactAction(args: ActionArgs) {
  return contactFormAction(args, {
    schema: CompanyContactSchema,
    limiter: companyContactLimiter,
    message: (message) => message,
    success: COMPANY_CONTACT_SUCCESS,
    failure: COMPANY_CONTACT_FAILURE,
  });
}

/** The /contact-us page's form. */
export function contactPageAction(args: ActionArgs) {
  return contactFormAction(args, {
    schema: ContactSchema,
    limiter: contactPageLimiter,
    // The page's own names for two fields; any other field passes as it is.
    message: ({ companyEmail, projectDescription, ...fields }) => ({
      ...fields,
      email: companyEmail,
      message: projectDescription,
      company: "",
    }),
    success: CONTACT_SUCCESS,
    failure: CONTACT_FAILURE,
  });
}
