import "#app/lib/zod-config.ts";
import { z } from "zod";
import { PIPELINE_COPY, PIPELINE_STATUSES } from "#app/content/pipeline.ts";

// The application page's three forms, told apart by their submit button's
// intent, so each is a plain post without JavaScript.

export const MoveSchema = z.object({
  intent: z.literal("move"),
  status: z.enum(PIPELINE_STATUSES),
});

export const NoteSchema = z.object({
  intent: z.literal("note"),
  body: z
    .string({ error: PIPELINE_COPY.noteRequired })
    .trim()
    .min(1, PIPELINE_COPY.noteRequired)
    .max(5000, PIPELINE_COPY.noteTooLong)
    // A browser posting a plain form sends a textarea's line breaks as CRLF.
    .transform((body) => body.replace(/\r\n?/g, "\n")),
});

export const ReplySchema = z.object({
  intent: z.literal("reply"),
  subject: z
    .string({ error: PIPELINE_COPY.subjectRequired })
    .trim()
    .min(1, PIPELINE_COPY.subjectRequired)
    .max(200, PIPELINE_COPY.subjectTooLong)
    .transform((subject) => subject.replace(/\s+/g, " ")),
  body: z
    .string({ error: PIPELINE_COPY.replyRequired })
    .trim()
    .min(1, PIPELINE_COPY.replyRequired)
    .max(20000, PIPELINE_COPY.replyTooLong)
    .transform((body) => body.replace(/\r\n?/g, "\n")),
});

export const PipelineActionSchema = z.discriminatedUnion("intent", [
  MoveSchema,
  NoteSchema,
  ReplySchema,
]);

/** A status filter from the query string, or null for all. */
export function statusFilter(value: string | null) {
  const parsed = z.enum(PIPELINE_STATUSES).safeParse(value);
  return parsed.success ? parsed.data : null;
}
