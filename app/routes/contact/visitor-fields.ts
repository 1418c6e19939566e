// Fields the public forms share: the same trimming, limits and control-
// character refusal everywhere, each form with the product's own message.
import "#app/lib/zod-config.ts";
import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
} from "#supabase/functions/_shared/limits.ts";
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasNoControlCharacters,
  hasNoLineBreaks,
  LINE_BREAKS_MESSAGE,
} from "#supabase/functions/_shared/text.ts";

/** Free text, trimmed, between `min` and `max` characters, no control characters. */
export function visitorText({
  min = 0,
  max,
  message,
  tooLong,
}: {
  min?: number;
  max: number;
  message?: string;
  tooLong: string;
}) {
  return z
    .string(message ? { error: message } : undefined)
    .trim()
    .min(min, message)
    .max(max, tooLong)
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE);
}

/** A name: one line of visitor text. */
export function visitorName(message: string) {
  return visitorText({
    min: NAME_MIN_LENGTH,
    max: NAME_MAX_LENGTH,
    message,
    tooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  }).refine(hasNoLineBreaks, LINE_BREAKS_MESSAGE);
}

export function visitorEmail(message: string) {
  return z.email({ error: message }).max(EMAIL_MAX_LENGTH, message);
}
