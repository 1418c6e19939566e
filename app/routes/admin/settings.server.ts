import { z } from "zod";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import {
  wholeDays,
  wholeMonths,
  type SettingsInput,
} from "./settings-schema.ts";

// The site's settings, read and saved with the admin's own token: row-level
// security lets only an admin change them, and the database writes each
// change to the audit log. The edge functions read the same row with the
// secret key (supabase/functions/_shared/settings.ts).

const RowSchema = z.object({
  contact_email: z.string().nullable(),
  applications_email: z.string().nullable(),
  candidate_reply_to: z.string().nullable(),
  sender_name: z.string().nullable(),
  newsletter_name: z.string().nullable(),
  newsletter_from: z.string().nullable(),
  newsletter_footer: z.string().nullable(),
});

const PeriodsSchema = z.array(
  z.object({
    kind: z.enum(["application", "message", "analytics"]),
    keep_for: z.string(),
  }),
);

export type StoredSettings = {
  /** The form's values: a period the form cannot show in its unit is left empty. */
  values: Record<string, string | number | undefined>;
  /** Each period as Postgres states it. */
  periods: Record<"application" | "message" | "analytics", string>;
};

/** The settings row and the three retention periods; null when unreadable. */
export async function readSettings(
  supabase: TypedSupabaseClient,
): Promise<StoredSettings | null> {
  const [row, periods] = await Promise.all([
    supabase
      .from("site_settings")
      .select(Object.keys(RowSchema.shape).join(","))
      .maybeSingle(),
    supabase.from("retention_periods").select("kind, keep_for"),
  ]);
  const settings = RowSchema.safeParse(row.data);
  const kept = PeriodsSchema.safeParse(periods.data);
  if (row.error || periods.error || !settings.success || !kept.success) {
    console.error(
      "Reading the settings failed:",
      row.error?.message ?? periods.error?.message ?? "unexpected rows",
    );
    return null;
  }
  const period = Object.fromEntries(
    kept.data.map(({ kind, keep_for }) => [kind, keep_for]),
  ) as StoredSettings["periods"];
  return {
    values: {
      ...Object.fromEntries(
        Object.entries(settings.data).map(([key, value]) => [
          key,
          value ?? undefined,
        ]),
      ),
      keep_applications: wholeMonths(period.application ?? "") ?? undefined,
      keep_messages: wholeMonths(period.message ?? "") ?? undefined,
      keep_analytics: wholeDays(period.analytics ?? "") ?? undefined,
    },
    periods: period,
  };
}

/** Saves the form in one transaction; false when refused or failed. */
export async function saveSettings(
  supabase: TypedSupabaseClient,
  { keep_applications, keep_messages, keep_analytics, ...mail }: SettingsInput,
) {
  const period = (count: number | undefined, unit: string) =>
    count === undefined ? null : `${count} ${unit}`;
  const { error } = await supabase.rpc("save_site_settings", {
    p_settings: {
      contact_email: mail.contact_email ?? null,
      applications_email: mail.applications_email ?? null,
      candidate_reply_to: mail.candidate_reply_to ?? null,
      sender_name: mail.sender_name ?? null,
      newsletter_name: mail.newsletter_name ?? null,
      newsletter_from: mail.newsletter_from ?? null,
      newsletter_footer: mail.newsletter_footer ?? null,
      keep_application: period(keep_applications, "months"),
      keep_message: period(keep_messages, "months"),
      keep_analytics: period(keep_analytics, "days"),
    },
  });
  if (error) {
    console.error("Saving the settings failed:", error.message);
    return false;
  }
  return true;
}
