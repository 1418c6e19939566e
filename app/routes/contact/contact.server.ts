import { data, type RouterContextProvider } from "react-router";
import type { ToastData } from "#app/utils/toast.ts";
import {
  COMPANY_CONTACT_FAILURE,
  COMPANY_CONTACT_SUCCESS,
  CompanyContactSchema,
} from "#app/routes/company/company-contact-schema.ts";
import { acceptSmallForm } from "#app/utils/public-form.server.ts";
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

export function formToast(
  toast: { title: string; description: string },
  type: ToastData["type"],
): ToastData {
  return { id: crypto.randomUUID(), ...toast, type };
}

/**
 * Hands a contact message to the contact-us function, which stores it and
 * tells the team. Only whether it failed matters to the visitor (SPEC.md
 * section 7); the reason goes to the log.
 */
export async function sendContactMessage(
  context: Readonly<RouterContextProvider>,
  payload: ContactPayload,
): Promise<boolean> {
  try {
    const { error } = await invokeFunction(context, "contact-us", payload);
    if (!error) return true;
    console.error(`contact-us failed: ${error.message}`);
  } catch (error) {
    console.error(`contact-us failed: ${String(error)}`);
  }
  return false;
}

/** The company page's "Get in Touch" form: the same post with or without the dialog. */
export async function companyContactAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const { refused, submission, submissionKey } = await acceptSmallForm(
    request,
    context,
    CompanyContactSchema,
    companyContactLimiter,
  );
  if (refused) return refused;
  const sent = await sendContactMessage(context, {
    ...submission.value,
    submissionKey,
  });
  if (!sent) {
    return data(
      {
        result: submission.reply(),
        toast: formToast(COMPANY_CONTACT_FAILURE, "error"),
      },
      { status: 502 },
    );
  }
  return data({
    result: submission.reply({ resetForm: true }),
    toast: formToast(COMPANY_CONTACT_SUCCESS, "success"),
  });
}

export type CompanyContactActionData = Awaited<
  ReturnType<typeof companyContactAction>
>["data"];
