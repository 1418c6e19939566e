// Every word of the audit log's page (/admin/audit), and the kinds of entry
// the database writes (supabase/migrations: the audit_* triggers).

export const AUDIT_PATH = "/admin/audit";

/** Each kind the filter offers, with its label; entries of other kinds show their code. */
export const AUDIT_KINDS = {
  "post.publish": "Post published",
  "post.schedule": "Post scheduled",
  "post.unpublish": "Post unpublished",
  "post.delete": "Post deleted",
  "job.publish": "Job published",
  "job.unpublish": "Job unpublished",
  "job.delete": "Job deleted",
  "role.grant": "Role given",
  "role.change": "Role changed",
  "role.remove": "Role removed",
  "invitation.send": "Invitation sent",
  "invitation.resend": "Invitation resent",
  "invitation.revoke": "Invitation revoked",
  "invitation.accept": "Invitation accepted",
  "submission.delete": "Submission deleted",
  "settings.change": "Settings changed",
  "newsletter.send": "Newsletter sent",
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Failed sign-in",
} as const;

export type AuditKind = keyof typeof AUDIT_KINDS;

export const AUDIT_COPY = {
  title: "Audit log",
  description:
    "Who changed what and when, as the database recorded it. Entries are kept for two years and cannot be changed.",
  filtersLabel: "Filter the audit log",
  personLabel: "Person",
  anyone: "Anyone",
  kindLabel: "Kind",
  anyKind: "Every kind",
  fromLabel: "From",
  toLabel: "To (inclusive)",
  filter: "Show",
  columns: { when: "When", who: "Who", what: "What", summary: "Change" },
  system: "The database",
  noEntries: "No entries match these filters.",
  pagerLabel: "Audit log pages",
  loadFailed: "The audit log could not be loaded. Please try again.",
} as const;
