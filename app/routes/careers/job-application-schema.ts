// The job application form. The product fixes its messages and toasts; the server also
// checks the file's first bytes (supabase/functions/_shared/file-type.ts), which the browser
// cannot do synchronously.
import { z } from "zod";
import {
  CV_EXTENSIONS,
  CV_MAX_BYTES,
  MESSAGE_MAX_LENGTH,
} from "#supabase/functions/_shared/limits.ts";
import {
  visitorEmail,
  visitorName,
  visitorText,
} from "#app/routes/contact/visitor-fields.ts";

export const APPLICANT_NAME_MESSAGE = "Name must be at least 2 characters";
export const APPLICANT_EMAIL_MESSAGE = "Please enter a valid email address";
export const CV_REQUIRED_MESSAGE = "CV file is required";
export const CV_SIZE_MESSAGE = "File size must be less than 5MB";
export const CV_TYPE_MESSAGE = "Only PDF, DOC, and DOCX files are accepted";

export const CV_ACCEPT = CV_EXTENSIONS.join(",");

export function hasCvExtension(fileName: string) {
  const lower = fileName.toLowerCase();
  return CV_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

export const JobApplicationSchema = z.object({
  name: visitorName(APPLICANT_NAME_MESSAGE),
  email: visitorEmail(APPLICANT_EMAIL_MESSAGE),
  comment: visitorText({
    max: MESSAGE_MAX_LENGTH,
    tooLong: `Please keep your comment under ${MESSAGE_MAX_LENGTH} characters`,
  }).optional(),
  // One file exactly: a second file makes the value an array, which fails here.
  cv: z
    .file({ error: CV_REQUIRED_MESSAGE })
    .refine((file) => file.size > 0, CV_REQUIRED_MESSAGE)
    .refine((file) => file.size <= CV_MAX_BYTES, CV_SIZE_MESSAGE)
    .refine((file) => hasCvExtension(file.name), CV_TYPE_MESSAGE),
});

export const APPLICATION_SUCCESS = {
  title: "Application submitted successfully!",
  description:
    "Thank you for your interest. We've received your application and will be in touch soon.",
} as const;

export const APPLICATION_FAILURE = {
  title: "Error",
  description: "Failed to submit application. Please try again.",
} as const;

export const CHOOSE_FILE_AGAIN_MESSAGE =
  "Please choose your CV file again before resubmitting.";

/** What replaces the form once the application is stored. */
export const APPLICATION_SENT = {
  title: "Thank you, your application is with our hiring team",
  text: "We read every application and reply by e-mail to the address you gave. If you are invited to interview, that e-mail proposes the next steps.",
} as const;
