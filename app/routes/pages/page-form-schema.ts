import { z } from "zod";
import { schemaOf } from "#app/lib/content-model.ts";
import { PAGE_TYPES, type PageKey } from "./page-types.ts";

// The page editor's form: the page's content as its type defines it, the
// version the editor started from, and what to do with it. The same schema
// checks it in the browser and in the action.

export const PAGE_INTENTS = [
  "draft",
  "publish",
  "schedule",
  "preview",
] as const;

/** A `datetime-local` value, read as UTC. */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

export const PAGE_FORM_MESSAGES = {
  publishAt: "Give the date and time (UTC) to publish at.",
  future: "A scheduled time must be in the future; publish now instead.",
};

export function pageFormSchema(key: PageKey) {
  return z
    .object({
      content: schemaOf(PAGE_TYPES[key].fields),
      base: z.number().int().positive(),
      intent: z.enum(PAGE_INTENTS),
      publishAt: z
        .string()
        .regex(LOCAL_TIME, PAGE_FORM_MESSAGES.publishAt)
        .optional(),
    })
    .superRefine((value, context) => {
      if (value.intent !== "schedule") return;
      if (value.publishAt === undefined) {
        context.addIssue({
          code: "custom",
          path: ["publishAt"],
          message: PAGE_FORM_MESSAGES.publishAt,
        });
      } else if (Date.parse(`${value.publishAt}Z`) <= Date.now()) {
        context.addIssue({
          code: "custom",
          path: ["publishAt"],
          message: PAGE_FORM_MESSAGES.future,
        });
      }
    });
}
