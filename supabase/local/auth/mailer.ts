import { createHash, randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ServerContext } from "../context.ts";

// What GoTrue's mailer does for the e-mails the app needs: the redirect a
// link may carry (utilities.GetReferrer, IsRedirectURLValid), the token and
// its hash (crypto.GenerateOtp, GenerateTokenHash) and the template, the
// same file supabase/config.toml names for the CLI's Auth.

const INVITE_TEMPLATE = new URL("../../templates/invite.html", import.meta.url);
export const INVITE_SUBJECT = "You have been invited to the Recursa team";

const LOOPBACK_NAMES = new Set([
  "localhost",
  "127.0.0.1",
  "::1",
  "0.0.0.0",
  "::",
]);

/** A glob compiled as gobwas/glob does with '.' and '/' as separators. */
function globPattern(glob: string) {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const character = glob[i]!;
    if (character === "*" && glob[i + 1] === "*") {
      source += ".*";
      i++;
    } else if (character === "*") source += "[^./]*";
    else if (character === "?") source += "[^./]";
    else source += character.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "s");
}

function hostnameOf(url: URL) {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/** GoTrue's IsRedirectURLValid: back to the site, to loopback, or on the allow-list. */
export function isRedirectAllowed(ctx: ServerContext, redirect: string) {
  if (!redirect) return false;
  let base: URL;
  let target: URL;
  try {
    base = new URL(ctx.siteUrl);
    target = new URL(redirect);
  } catch {
    return false;
  }
  const host = hostnameOf(target);
  if (
    hostnameOf(base) === host &&
    base.protocol === target.protocol &&
    (base.port === target.port || LOOPBACK_NAMES.has(host.toLowerCase()))
  )
    return true;
  if (/^[0-9]+$/.test(host)) return false;
  if (/^[\d.]+$/.test(host) || host.includes(":"))
    return host.startsWith("127.") || host === "::1";
  const http = target.protocol === "http:" || target.protocol === "https:";
  if (http && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(host))
    return false;
  const withoutFragment = redirect.split("#")[0]!;
  return ctx.redirectUrls.some((glob) =>
    globPattern(glob).test(withoutFragment),
  );
}

/** GoTrue's GetReferrer: the asked-for redirect, else the Referer, when allowed; else SITE_URL. */
export function referrer(ctx: ServerContext, request: Request) {
  const url = new URL(request.url);
  const asked =
    request.headers.get("redirect_to") ||
    url.searchParams.get("redirect_to") ||
    "";
  if (isRedirectAllowed(ctx, asked)) return asked;
  const referer = request.headers.get("referer") ?? "";
  if (isRedirectAllowed(ctx, referer)) return referer;
  return ctx.siteUrl;
}

/** A six-digit code and the hash a link carries: hex SHA-224 of address and code. */
export function newEmailToken(email: string) {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return { otp, tokenHash: emailTokenHash(email, otp) };
}

export function emailTokenHash(email: string, otp: string) {
  return createHash("sha224").update(`${email}${otp}`).digest("hex");
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&#34;",
  "'": "&#39;",
};

/** The template's {{ .Name }} and {{ .Data.key }} fields, escaped for HTML. */
export function renderTemplate(
  template: string,
  data: Record<string, unknown>,
) {
  return template.replace(
    /\{\{\s*\.([A-Za-z]+)(?:\.([A-Za-z0-9_]+))?\s*\}\}/g,
    (_, name: string, key?: string) => {
      const field = data[name];
      const value =
        key === undefined
          ? field
          : (field as Record<string, unknown> | undefined)?.[key];
      const text =
        value === undefined || value === null
          ? ""
          : typeof value === "string"
            ? value
            : JSON.stringify(value);
      return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
    },
  );
}

/** The invite e-mail, with the fields GoTrue's InviteMail gives its template. */
export function sendInviteMail(
  ctx: ServerContext,
  user: { email: string; metadata: Record<string, unknown> },
  token: { otp: string; tokenHash: string },
  redirectTo: string,
) {
  const confirmation = new URL(`${ctx.url}/auth/v1/verify`);
  confirmation.search = `token=${encodeURIComponent(token.tokenHash)}&type=invite&redirect_to=${/[&=#]/.test(redirectTo) ? encodeURIComponent(redirectTo) : redirectTo}`;
  const html = renderTemplate(readFileSync(INVITE_TEMPLATE, "utf8"), {
    SiteURL: ctx.siteUrl,
    ConfirmationURL: confirmation.toString(),
    Email: user.email,
    Token: token.otp,
    TokenHash: token.tokenHash,
    Data: user.metadata,
    RedirectTo: redirectTo,
  });
  ctx.sendMail({ to: user.email, subject: INVITE_SUBJECT, html });
}
