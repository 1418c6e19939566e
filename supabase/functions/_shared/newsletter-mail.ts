import type { OutgoingEmail } from "./notify.ts";
import { DEFAULT_NEWSLETTER_NAME } from "./settings.ts";

// The newsletter's e-mails. Each has its HTML with every style inline (mail
// clients drop <style> blocks) and a plain-text part written for reading,
// not taken from the HTML. The newsletter's name and address are the
// site's settings (settings.ts).

/** Where the confirmation and unsubscribe pages live on the site. */
export const confirmUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/newsletter/confirm/${token}`;
export const unsubscribeUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/newsletter/unsubscribe/${token}`;

/** Stands for each recipient's unsubscribe link in a stored newsletter e-mail. */
export const UNSUBSCRIBE_PLACEHOLDER = "{{unsubscribe_url}}";

/** Where the mailto in List-Unsubscribe goes when NEWSLETTER_UNSUBSCRIBE_EMAIL is unset. */
const DEFAULT_UNSUBSCRIBE_EMAIL = "unsubscribe@recursa.ai";

/**
 * One recipient's copy of a newsletter e-mail: their unsubscribe link in the
 * body and in List-Unsubscribe (the HTTPS URL a mail client POSTs to, RFC
 * 8058, and a mailto), and the list's List-Id.
 */
export function newsletterEmail(
  send: { subject: string; html: string; text: string; site_url: string },
  recipient: { email: string; token: string },
  {
    unsubscribeEmail = DEFAULT_UNSUBSCRIBE_EMAIL,
    name = DEFAULT_NEWSLETTER_NAME,
    from,
  }: { unsubscribeEmail?: string; name?: string; from?: string } = {},
): OutgoingEmail {
  const link = unsubscribeUrl(send.site_url, recipient.token);
  const host = new URL(send.site_url).hostname;
  return {
    ...(from ? { from } : {}),
    to: [recipient.email],
    subject: send.subject,
    html: send.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeHtml(link)),
    text: send.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link),
    headers: {
      "List-Unsubscribe": `<${link}>, <mailto:${unsubscribeEmail}?subject=${encodeURIComponent(`unsubscribe ${recipient.token}`)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": `${name} <blueprints.${host}>`,
    },
  };
}

export function escapeHtml(value: string) {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const BODY_STYLE =
  "margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;";
const CARD_STYLE =
  "max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:12px;";
const BUTTON_STYLE =
  "display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold;";
const SMALL_STYLE = "font-size:13px;line-height:1.5;color:#5c5f66;";

export function confirmationEmail(
  email: string,
  siteUrl: string,
  token: string,
  {
    name = DEFAULT_NEWSLETTER_NAME,
    from,
  }: { name?: string; from?: string } = {},
): OutgoingEmail {
  const link = confirmUrl(siteUrl, token);
  return {
    ...(from ? { from } : {}),
    to: [email],
    subject: `Confirm your subscription to ${name}`,
    text: [
      `Someone, hopefully you, asked to receive ${name}, our new posts by e-mail, at this address.`,
      "",
      "To confirm, open this page and press its button:",
      link,
      "",
      "If it was not you, ignore this e-mail: nothing is sent to an address that has not confirmed.",
    ].join("\n"),
    html: `<!doctype html><html><body style="${BODY_STYLE}"><div style="${CARD_STYLE}"><h1 style="margin:0 0 16px;font-size:22px;">Confirm your subscription</h1><p style="line-height:1.6;">Someone, hopefully you, asked to receive ${escapeHtml(name)}, our new posts by e-mail, at this address.</p><p style="margin:24px 0;"><a href="${escapeHtml(link)}" style="${BUTTON_STYLE}">Open the confirmation page</a></p><p style="${SMALL_STYLE}">If it was not you, ignore this e-mail: nothing is sent to an address that has not confirmed.</p></div></body></html>`,
  };
}
