// The company page's "Get in Touch" dialog. The messages are SPEC.md's.
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

export const COMPANY_NAME_MESSAGE = "Name must be at least 2 characters";
export const COMPANY_EMAIL_MESSAGE = "Invalid email address";
export const COMPANY_MESSAGE_MESSAGE = "Message must be at least 10 characters";

export const CompanyContactSchema = z.object({
  name: z
    .string({ error: COMPANY_NAME_MESSAGE })
    .trim()
    .min(NAME_MIN_LENGTH, COMPANY_NAME_MESSAGE)
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE),
  email: z
    .email({ error: COMPANY_EMAIL_MESSAGE })
    .max(EMAIL_MAX_LENGTH, COMPANY_EMAIL_MESSAGE),
  message: z
    .string({ error: COMPANY_MESSAGE_MESSAGE })
    .trim()
    .min(MESSAGE_MIN_LENGTH, COMPANY_MESSAGE_MESSAGE)
    .max(
      MESSAGE_MAX_LENGTH,
      `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
    )
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE),
});

export const COMPANY_CONTACT_SUCCESS = {
  title: "Message sent!",
  description: "We'll get back to you soon.",
} as const;

export const COMPANY_CONTACT_FAILURE = {
  title: "Error",
  description: "Something went wrong. Please try again.",
} as const;
