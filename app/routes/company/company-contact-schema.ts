// The company page's "Get in Touch" dialog. The product fixes its messages and toasts.
import { z } from "zod";
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
} from "#supabase/functions/_shared/limits.ts";
import {
  visitorEmail,
  visitorName,
  visitorText,
} from "#app/routes/contact/visitor-fields.ts";

export const COMPANY_NAME_MESSAGE = "Name must be at least 2 characters";
export const COMPANY_EMAIL_MESSAGE = "Invalid email address";
export const COMPANY_MESSAGE_MESSAGE = "Message must be at least 10 characters";

export const CompanyContactSchema = z.object({
  name: visitorName(COMPANY_NAME_MESSAGE),
  email: visitorEmail(COMPANY_EMAIL_MESSAGE),
  message: visitorText({
    min: MESSAGE_MIN_LENGTH,
    max: MESSAGE_MAX_LENGTH,
    message: COMPANY_MESSAGE_MESSAGE,
    tooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  }),
});

export const COMPANY_CONTACT_SUCCESS = {
  title: "Message sent!",
  description: "We'll get back to you soon.",
} as const;

export const COMPANY_CONTACT_FAILURE = {
  title: "Error",
  description: "Something went wrong. Please try again.",
} as const;

/** What replaces the form once the message is stored. */
export const COMPANY_CONTACT_SENT = {
  title: "Thank you, your message is with our team",
  text: "We reply by e-mail to the address you gave, usually within one business day.",
} as const;
