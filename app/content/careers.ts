// The careers pages' own words beyond each job's text (which the jobs table
// holds and the team edits at /admin/jobs).

export const CAREERS_PATH = "/careers";

export const CLOSED_JOB_COPY = {
  title: (jobTitle: string) => `${jobTitle}: position closed`,
  heading: "This position is closed",
  text: "Thank you for your interest. We are no longer taking applications for this role. Our other open positions are on the careers page.",
  back: "See open positions",
  /** Shown when an application reaches a job that closed meanwhile; nothing was stored. */
  refused:
    "This position closed before your application arrived, so we did not store it. Our other open positions are on the careers page.",
} as const;

export const JOB_PAY_LABEL = "Pay";
