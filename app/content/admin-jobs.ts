// Every word of the team's job pages (/admin/jobs).

export const JOBS_ADMIN_PATH = "/admin/jobs";

export const JOB_FORM_MESSAGES = {
  required: "This field is required",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  itemTooLong: "Please keep each line under 500 characters",
  tooManyItems: "Please list at most 30 items",
  countryCode:
    "Use two-letter country codes (GB, US, DE), or EU for the member states",
  dateTime: "Enter a date and time (UTC)",
  payNumber: "Enter an amount greater than zero",
  currency: "Use a three-letter currency code (EUR, GBP, USD)",
  payAll: "Give the whole pay range: minimum, maximum, currency and period",
  payOrder: "The maximum must not be below the minimum",
  payRequired:
    "A job open to the EU or the UK must show its pay range: give the minimum, maximum, currency and period",
  officeRequired:
    "An on-site or hybrid job needs its office's city and country",
  remoteCountries:
    "A remote job needs the countries it may be done from (two-letter codes, or EU)",
  closesAfterPosted: "The closing time must come after the posting time",
  gendered: (words: [string, string][]) =>
    `The title uses gendered wording: ${words
      .map(([word, neutral]) => `"${word}" (try "${neutral}")`)
      .join(", ")}. Job ads must address every gender.`,
} as const;

export const JOBS_ADMIN_COPY = {
  title: "Jobs",
  description: "Open, edit, close and preview the positions on /careers.",
  newJob: "New job",
  empty: "No jobs yet.",
  columns: {
    title: "Title",
    state: "State",
    closes: "Closes",
    actions: "Actions",
  },
  states: { draft: "Draft", open: "Open", closed: "Closed" },
  never: "No closing date",
  edit: "Edit",
  preview: "Preview",
  open: "Open",
  close: "Close now",
  opened: "The job is open and on /careers.",
  closed: "The job is closed.",
  saved: "Job saved.",
  created: "Job created.",
  failed: "The job could not be saved. Please try again.",
  notFound: "No such job.",
  editTitle: (title: string) => `Edit: ${title}`,
  newTitle: "New job",
  save: "Save job",
  saving: "Saving…",
  previewBanner:
    "Preview: this is how the job's page reads. Visitors see it only while the job is open.",
  backToJobs: "Back to jobs",
  fields: {
    title: "Title",
    description: "Summary (the card on /careers)",
    location: "Location as shown",
    duration: "Duration",
    employment_type: "Employment type",
    about: "About the role",
    responsibilities: "Responsibilities (one per line)",
    qualifications: "Qualifications (one per line)",
    benefits: "What we offer (one per line)",
    location_type: "Where the work is done",
    office_locality: "Office city",
    office_country: "Office country (two-letter code)",
    remote_countries: "Remote from (two-letter codes, or EU)",
    pay_min: "Pay from",
    pay_max: "Pay up to",
    pay_currency: "Currency",
    pay_unit: "Per",
    posted_at: "Posted (UTC)",
    closes_at: "Closes (UTC, optional)",
    published: "Published (open on the site until it closes)",
  },
  locationTypes: { "on-site": "On site", hybrid: "Hybrid", remote: "Remote" },
  payUnits: {
    HOUR: "hour",
    DAY: "day",
    WEEK: "week",
    MONTH: "month",
    YEAR: "year",
  },
  payHint:
    "Required for a job open to the EU or the UK (pay transparency): the range the ad shows.",
} as const;
