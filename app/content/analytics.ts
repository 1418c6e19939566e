// Every word of the team's analytics dashboard (/admin/analytics). The
// privacy notice on what the site counts is in site.ts, with the footer.

export const ANALYTICS_PATH = "/admin/analytics";

/** The ranges the dashboard offers, in days; "custom" takes two dates. */
export const ANALYTICS_RANGES = ["7", "30", "90", "custom"] as const;
export const DEFAULT_RANGE = "30";
/** The longest custom range, in days: a year and a day. */
export const MAX_RANGE_DAYS = 366;

export const ANALYTICS_COPY = {
  title: "Analytics",
  description:
    "Visitors, page views, sources and conversions, counted on the server without cookies.",
  rangeLegend: "Period",
  rangeLabels: {
    "7": "Last 7 days",
    "30": "Last 30 days",
    "90": "Last 90 days",
    custom: "Custom range",
  },
  from: "From",
  to: "To",
  apply: "Show",
  showing: (from: string, to: string) => `${from} to ${to} (UTC)`,
  freshness:
    "Today's figures include views from the last few seconds. Visitors are counted per day: someone who comes back on another day counts again.",
  totals: {
    visitors: "Visitors",
    views: "Page views",
    conversions: "Conversions",
  },
  overTime: "Visitors and page views per day",
  chartLabel: (days: number, visitors: number, views: number) =>
    `Line chart over ${days} days: ${visitors} visitors and ${views} page views in all. The table below lists each day.`,
  dayTable: "Each day",
  columns: {
    day: "Day",
    visitors: "Visitors",
    views: "Page views",
    page: "Page",
    post: "Post",
    referrer: "Referrer",
    source: "Source",
    medium: "Medium",
    campaign: "Campaign",
    country: "Country",
    device: "Device",
    landing: "Landing page",
    landed: "Visitors who landed there",
    contact: "Contact messages",
    application: "Job applications",
    newsletter: "Newsletter sign-ups",
    rate: "Conversion rate",
  },
  sections: {
    pages: "Top pages",
    posts: "Top posts",
    referrers: "Referrers",
    campaigns: "Campaigns",
    countries: "Countries",
    devices: "Devices",
    conversions: "Conversions by landing page",
  },
  devices: { desktop: "Desktop", mobile: "Mobile", tablet: "Tablet" } as Record<
    string,
    string
  >,
  none: "Nothing counted in this period.",
  /** The rate of a landing page no counted visitor arrived on. */
  noRate: "–",
  noCountries:
    "No countries: the site learns a visitor's country only from a CDN in front of it.",
  loadFailed: "The analytics could not be loaded. Try again in a moment.",
  errors: {
    from: "Choose a start date.",
    to: "Choose an end date.",
    order: "The start date must be on or before the end date.",
    tooLong: `A range can cover at most ${MAX_RANGE_DAYS} days.`,
    future: "The end date cannot be after today.",
  },
} as const;
