// The form of /admin/settings, run by Conform in the browser and by the
// action alike. Conform reads an empty field as absent: an empty address
// or name is stored as null, which the
// functions read as "the deployed default"; an empty period keeps the one
// stored. The database's checks (20261202350000_site_settings.sql) say the
// same, so neither REST nor this form stores what the other would refuse.
import "#app/lib/zod-config.ts";
import { z } from "zod";
import { SETTINGS_MESSAGES as M } from "#app/content/settings.ts";

const email = z.email(M.email).max(254, M.email).optional();

/** A name for a From header: no quotes, brackets, backslashes or line breaks. */
const headerName = z
  .string()
  .trim()
  .max(80, M.name)
  .regex(/^[^<>"\\\r\n]+$/, M.name)
  .optional();

const count = (max: number, message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .optional();

export const SettingsSchema = z.object({
  keep_applications: count(60, M.months),
  keep_messages: count(60, M.months),
  keep_analytics: count(30, M.days),
  contact_email: email,
  applications_email: email,
  sender_name: headerName,
  candidate_reply_to: email,
  newsletter_name: headerName,
  newsletter_from: email,
  newsletter_footer: z.string().trim().max(500, M.footer).optional(),
});

export type SettingsInput = z.infer<typeof SettingsSchema>;

export const SETTINGS_FIELDS = Object.keys(
  SettingsSchema.shape,
) as (keyof SettingsInput)[];

/** Postgres's text of a period in whole months ("6 mons", "1 year 2 mons"), else null. */
export function wholeMonths(period: string) {
  const match = /^(?:(\d+) years?)? ?(?:(\d+) mons?)?$/.exec(period.trim());
  if (!match || (!match[1] && !match[2])) return null;
  return Number(match[1] ?? 0) * 12 + Number(match[2] ?? 0);
}

/** Postgres's text of a period in whole days ("30 days"), else null. */
export function wholeDays(period: string) {
  const match = /^(\d+) days?$/.exec(period.trim());
  return match ? Number(match[1]) : null;
}
