import { createHash } from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import {
  SUBSCRIBE_FORMS,
  type SubscribeFormKey,
} from "#app/content/newsletter.ts";
import { getClientIp } from "#app/utils/client-ip.server.ts";
import { env } from "#app/utils/env.server.ts";
import { type SendResult } from "#app/utils/public-form.server.ts";
import {
  RATE_LIMIT_WINDOW_MS,
  RateLimiter,
} from "#app/utils/rate-limit.server.ts";
import { getServiceClient } from "#app/utils/service-client.server.ts";
import { countShared } from "#app/utils/shared-rate-limit.server.ts";
import { invokeFunction } from "#app/utils/supabase.server.ts";
import type { NewsletterPayload } from "#supabase/functions/newsletter/handler.ts";

/** Accepted sign-ups per network address and window. */
export const subscribeLimiter = new RateLimiter(
  5,
  RATE_LIMIT_WINDOW_MS,
  "newsletter",
);

/**
 * Sign-ups per e-mail address and window, whoever sends them: past it the
 * visitor is thanked as always and nothing happens, so the limit says
 * nothing about the address either.
 */
const perEmail = new RateLimiter(3, RATE_LIMIT_WINDOW_MS);

async function emailOverLimit(email: string) {
  if (!perEmail.hit(email).allowed) return true;
  const key = `newsletter-email:${email}`;
  const counts = await countShared([key], RATE_LIMIT_WINDOW_MS);
  return (counts?.get(key)?.hits ?? 0) > perEmail.limit;
}

/** The network address a sign-up came from, as the consent evidence keeps it. */
export function addressHash(request: Request) {
  return createHash("sha256").update(getClientIp(request)).digest("hex");
}

/**
 * Records a sign-up; the newsletter function e-mails the confirmation link
 * when one is due. True whatever the address's state: only a failure to
 * record or to send is false.
 */
export async function subscribe(
  context: Readonly<RouterContextProvider>,
  request: Request,
  { email, form }: { email: string; form: SubscribeFormKey },
): Promise<SendResult> {
  const normalized = email.trim().toLowerCase();
  if (await emailOverLimit(normalized)) return "duplicate";
  const payload: NewsletterPayload = {
    action: "subscribe",
    email: normalized,
    form,
    wording: SUBSCRIBE_FORMS[form].wording,
    addressHash: addressHash(request),
    siteUrl: env.SITE_URL,
  };
  try {
    const { error } = await invokeFunction(context, "newsletter", payload);
    if (!error) return true;
    console.error(`newsletter failed: ${error.message}`);
  } catch (error) {
    console.error(`newsletter failed: ${String(error)}`);
  }
  return false;
}

export type LinkPurpose = "confirm" | "unsubscribe";

function requireService() {
  const service = getServiceClient();
  if (!service) {
    throw data(
      { message: "The newsletter needs the server's secret key." },
      { status: 503 },
    );
  }
  return service;
}

/** Whether a link's token is good; reading it changes nothing. */
export async function tokenIsValid(token: string, purpose: LinkPurpose) {
  const { data: valid, error } = await requireService().rpc(
    "newsletter_token_valid",
    { p_token: token, p_purpose: purpose },
  );
  if (error) throw new Error(`newsletter_token_valid: ${error.message}`);
  return valid === true;
}

/** A press of a link page's button: what it changed, or null for a bad token. */
export async function applyLink(token: string, purpose: LinkPurpose) {
  const { data: outcome, error } = await requireService().rpc(
    purpose === "confirm" ? "newsletter_confirm" : "newsletter_unsubscribe",
    { p_token: token },
  );
  if (error) throw new Error(`newsletter ${purpose}: ${error.message}`);
  return outcome as "confirmed" | "unsubscribed" | "unchanged" | null;
}
