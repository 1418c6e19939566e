// The /contact-us form. The messages are SPEC.md's, word for word.
import "#app/lib/zod-config.ts";
import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
} from "#supabase/functions/_shared/limits.ts";
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasNoControlCharacters,
} from "#supabase/functions/_shared/text.ts";

export const NAME_MESSAGE = "Name must be at least 2 characters";
export const COMPANY_EMAIL_MESSAGE = "Please enter a valid email address";
export const PROJECT_DESCRIPTION_MESSAGE =
  "Please tell us more about your team's needs (at least 10 characters)";

export const ContactSchema = z.object({
  name: z
    .string({ error: NAME_MESSAGE })
    .trim()
    .min(NAME_MIN_LENGTH, NAME_MESSAGE)
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE),
  companyEmail: z
    .email({ error: COMPANY_EMAIL_MESSAGE })
    .max(EMAIL_MAX_LENGTH, COMPANY_EMAIL_MESSAGE),
  projectDescription: z
    .string({ error: PROJECT_DESCRIPTION_MESSAGE })
    .trim()
    .min(MESSAGE_MIN_LENGTH, PROJECT_DESCRIPTION_MESSAGE)
    .max(
      MESSAGE_MAX_LENGTH,
      `Please keep it under ${MESSAGE_MAX_LENGTH} characters`,
    )
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE),
});

export const CONTACT_SUCCESS = {
  title: "Message sent successfully!",
  description: "Thank you for reaching out. We'll get back to you soon.",
} as const;

export const CONTACT_FAILURE = {
  title: "Error",
  description: "Something went wrong. Please try again or email us directly.",
} as const;
