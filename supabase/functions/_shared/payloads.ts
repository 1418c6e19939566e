// The JSON bodies the contact-us and job-application functions accept. The
// app validates the same rules on its forms; the functions check again because
// anyone holding the public anon key can call them directly.
import { z } from "zod";
import { CV_DISPLAY_NAME_MAX_LENGTH, CV_PATH_PATTERN } from "./cv-name.ts";
import {
  CV_FILE_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
} from "./limits.ts";
import {
  hasNoControlCharacters,
  hasNoLineBreaks,
  plainFileName,
} from "./text.ts";

/** One line: names and the like refuse line breaks as well as control characters. */
const line = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine(hasNoControlCharacters)
    .refine(hasNoLineBreaks);

const name = line(NAME_MIN_LENGTH, NAME_MAX_LENGTH);
const email = z.email().max(EMAIL_MAX_LENGTH);

export const ContactPayloadSchema = z.object({
  name,
  email,
  message: z
    .string()
    .trim()
    .min(MESSAGE_MIN_LENGTH)
    .max(MESSAGE_MAX_LENGTH)
    .refine(hasNoControlCharacters),
  // The contact page sends company as an empty string (as the product fixes it); the
  // company page's dialog leaves it out.
  company: line(0, NAME_MAX_LENGTH).optional(),
});

export type ContactPayload = z.infer<typeof ContactPayloadSchema>;

export const JobApplicationPayloadSchema = z.object({
  name,
  email,
  comment: z.string().max(MESSAGE_MAX_LENGTH).refine(hasNoControlCharacters),
  jobTitle: line(1, NAME_MAX_LENGTH),
  jobId: z.string().trim().min(1).max(64),
  // A caller other than the app may send a disguised name: whatever comes in
  // is stored and mailed without control or format characters.
  cvFileName: z
    .string()
    .transform(plainFileName)
    .pipe(z.string().min(1).max(CV_DISPLAY_NAME_MAX_LENGTH)),
  cvPath: z
    .string()
    .max(CV_FILE_NAME_MAX_LENGTH + 20)
    .regex(CV_PATH_PATTERN),
});

export type JobApplicationPayload = z.infer<typeof JobApplicationPayloadSchema>;
