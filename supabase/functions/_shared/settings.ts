import type { Database } from "./database.ts";
import type { FunctionEnv } from "./handler-types.ts";
import { DEFAULT_TEAM_EMAIL } from "./limits.ts";

// The site's settings as the team set them at /admin/settings
// (supabase/migrations/20261202350000_site_settings.sql), read with the
// secret key at each send. A setting left empty, or a database that cannot
// be read, gives what the functions did before the settings existed: the
// function's secret, else the default below. API keys stay secrets.

export type SiteSettings = {
  contact_email: string | null;
  applications_email: string | null;
  candidate_reply_to: string | null;
  sender_name: string | null;
  newsletter_name: string | null;
  newsletter_from: string | null;
  newsletter_footer: string | null;
};

export const NO_SETTINGS: SiteSettings = {
  contact_email: null,
  applications_email: null,
  candidate_reply_to: null,
  sender_name: null,
  newsletter_name: null,
  newsletter_from: null,
  newsletter_footer: null,
};

export const DEFAULT_FROM = "Recursa Website <website@recursa.ai>";
export const DEFAULT_NEWSLETTER_NAME = "Recursa Blueprints";

/** The settings row; NO_SETTINGS (every default) when it cannot be read. */
export async function readSettings(db: Database): Promise<SiteSettings> {
  const { data, error } = await db
    .from("site_settings")
    .select(Object.keys(NO_SETTINGS).join(","))
    .maybeSingle();
  if (error) {
    console.error(`[settings] read failed, using defaults: ${error.message}`);
    return NO_SETTINGS;
  }
  return { ...NO_SETTINGS, ...(data as Partial<SiteSettings> | null) };
}

/** The address the secret TEAM_NOTIFICATION_EMAIL names, else the default. */
function teamSecret(env: FunctionEnv) {
  return env.TEAM_NOTIFICATION_EMAIL || DEFAULT_TEAM_EMAIL;
}

/** Who receives a stored contact message or application. */
export function teamRecipient(
  kind: "message" | "application",
  settings: SiteSettings,
  env: FunctionEnv,
) {
  const set =
    kind === "message" ? settings.contact_email : settings.applications_email;
  return set || teamSecret(env);
}

/** Where a candidate's answer to our e-mail goes. */
export function candidateReplyTo(settings: SiteSettings, env: FunctionEnv) {
  return settings.candidate_reply_to || teamSecret(env);
}

/** "Name <address>" split; a bare address has no name. */
export function splitMailbox(mailbox: string) {
  const text = mailbox.trim();
  const open = text.indexOf("<");
  if (open === -1 || !text.endsWith(">")) return { name: "", address: text };
  return {
    name: text.slice(0, open).trim(),
    address: text.slice(open + 1, -1).trim(),
  };
}

const mailbox = (name: string, address: string) =>
  name ? `${name} <${address}>` : address;

/** The From of the team's and the candidates' e-mails. */
export function senderFrom(settings: SiteSettings, env: FunctionEnv) {
  const fallback = splitMailbox(env.NOTIFY_EMAIL_FROM || DEFAULT_FROM);
  return mailbox(settings.sender_name || fallback.name, fallback.address);
}

export function newsletterName(
  settings: Pick<SiteSettings, "newsletter_name">,
) {
  return settings.newsletter_name || DEFAULT_NEWSLETTER_NAME;
}

/** The From of the newsletter's e-mails: its name at its own address, else the sender's. */
export function newsletterFrom(settings: SiteSettings, env: FunctionEnv) {
  const fallback = splitMailbox(env.NOTIFY_EMAIL_FROM || DEFAULT_FROM);
  return mailbox(
    newsletterName(settings),
    settings.newsletter_from || fallback.address,
  );
}
