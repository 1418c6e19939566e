// The subscribe forms' one field, and which form it came from (a fixed value
// per page, so a stored page stays the same for every visitor).
import { z } from "zod";
import { visitorEmail } from "#app/routes/contact/visitor-fields.ts";
import {
  EMAIL_MESSAGE,
  SUBSCRIBE_FORMS,
  type SubscribeFormKey,
} from "#app/content/newsletter.ts";

const FORM_KEYS = Object.keys(SUBSCRIBE_FORMS) as [
  SubscribeFormKey,
  ...SubscribeFormKey[],
];

export const SubscribeSchema = z.object({
  email: visitorEmail(EMAIL_MESSAGE),
  form: z.enum(FORM_KEYS).catch("newsletter-page"),
});
