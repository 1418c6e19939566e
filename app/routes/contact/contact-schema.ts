// The /contact-us form. The product fixes its messages and toasts word for word.
import { z } from "zod";
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
} from "#supabase/functions/_shared/limits.ts";
import { visitorEmail, visitorName, visitorText } from "./visitor-fields.ts";

export const NAME_MESSAGE = "Name must be at least 2 characters";
export const COMPANY_EMAIL_MESSAGE = "Please enter a valid email address";
export const PROJECT_DESCRIPTION_MESSAGE =
  "Please tell us more about your team's needs (at least 10 characters)";

export const ContactSchema = z.object({
  name: visitorName(NAME_MESSAGE),
  companyEmail: visitorEmail(COMPANY_EMAIL_MESSAGE),
  projectDescription: visitorText({
    min: MESSAGE_MIN_LENGTH,
    max: MESSAGE_MAX_LENGTH,
    message: PROJECT_DESCRIPTION_MESSAGE,
    tooLong: `Please keep it under ${MESSAGE_MAX_LENGTH} characters`,
  }),
});

export const CONTACT_SUCCESS = {
  title: "Message sent successfully!",
  description: "Thank you for reaching out. We'll get back to you soon.",
} as const;

export const CONTACT_FAILURE = {
  title: "Error",
  description: "Something went wrong. Please try again or email us directly.",
} as const;

/** What replaces the form once the message is stored. */
export const CONTACT_SENT = {
  title: "Thank you, your message is with our team",
  text: "We read every message and reply by e-mail to the address you gave, usually within one business day.",
} as const;
