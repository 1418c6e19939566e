// Every word of /admin/settings: the retention periods and who the site's
// e-mails go to and come from.

export const SETTINGS_PATH = "/admin/settings";

export const SETTINGS_COPY = {
  title: "Settings",
  description:
    "How long submissions and page views are kept, and who the site's e-mails go to and come from.",
  retentionHeading: "Retention",
  retentionHint:
    "The database deletes each kind once its period has passed, every hour.",
  teamMailHeading: "Team e-mails",
  teamMailHint:
    "Left empty, a field uses the address the functions were deployed with.",
  newsletterHeading: "Newsletter",
  fields: {
    keep_applications: "Keep decided applications (months)",
    keep_messages: "Keep handled contact messages (months)",
    keep_analytics: "Keep raw page views (days)",
    contact_email: "Contact messages go to",
    applications_email: "Applications go to",
    sender_name: "Sender name",
    candidate_reply_to: "Candidates' answers go to",
    newsletter_name: "Newsletter name",
    newsletter_from: "Newsletter sent from",
    newsletter_footer: "Newsletter footer",
  },
  hints: {
    keep_applications:
      "Counted from the day an application is rejected or withdrawn.",
    keep_messages: "Counted from the day a message is marked handled.",
    keep_analytics:
      "Only daily totals are kept after this. The privacy notice promises at most 30 days.",
    sender_name: "The name the team's and the candidates' e-mails come from.",
    newsletter_from:
      "An address at a domain verified with the e-mail provider.",
    newsletter_footer:
      "Shown above the unsubscribe link of every newsletter e-mail.",
  },
  currentPeriod: (period: string) => `Now: ${period}.`,
  save: "Save settings",
  saving: "Saving...",
  saved: "The settings were saved.",
  failed: "The settings could not be saved. Please try again.",
  loadFailed: "Failed to load the settings",
} as const;

export const SETTINGS_MESSAGES = {
  email: "Enter an e-mail address, like team@example.com.",
  name: "Use at most 80 characters, without quotes, angle brackets or backslashes.",
  footer: "Use at most 500 characters.",
  months: "Enter a whole number of months from 1 to 60.",
  days: "Enter a whole number of days from 1 to 30.",
} as const;
