// The honeypot: a field hidden from people (app/components/honeypot-field.tsx)
// that form-filling bots fill in. It carries no per-visitor value, so a page
// with a form is the same bytes for every visitor and is stored like any
// other (decision 090).

import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";

export const SPAM_MESSAGE =
  "Your submission could not be accepted. Please reload the page and try again.";

/**
 * True for a form post that filled the hidden field or left it out: every
 * public form renders it, so a real browser always sends it, empty.
 */
export function isSpam(formData: FormData) {
  return formData.get(HONEYPOT_FIELD) !== "";
}
