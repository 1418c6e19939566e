import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { env } from "#app/utils/env.server.ts";

const NAME_FIELD = "name__confirm";
const VALID_FROM_FIELD = "from__confirm";

export const honeypot = new Honeypot({
  nameFieldName: NAME_FIELD,
  validFromFieldName: VALID_FROM_FIELD,
  encryptionSeed: env.HONEYPOT_SECRET,
});

export const SPAM_MESSAGE =
  "Your submission could not be accepted. Please reload the page and try again.";

/**
 * True for a form post that filled the hidden field, came back too fast, or
 * left out the honeypot fields altogether (remix-utils lets that pass, but a
 * real browser always sends them because every public form renders them).
 */
export async function isSpam(formData: FormData) {
  try {
    if (!formData.has(NAME_FIELD) || !formData.has(VALID_FROM_FIELD)) {
      throw new SpamError("Honeypot fields missing");
    }
    await honeypot.check(formData);
    return false;
  } catch (error) {
    // A forged or truncated timestamp fails inside the decryption, not as a
    // SpamError; the check reads nothing but the posted fields, so every
    // failure of it is a bad submission.
    if (!(error instanceof SpamError)) {
      console.warn(`Honeypot check failed: ${String(error)}`);
    }
    return true;
  }
}
