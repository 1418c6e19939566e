import type { IconName } from "#app/components/icon.tsx";

// Pre-built agent blueprints: the six showcase cards of /blueprint-showcase and
// the twelve names the home page's screen-reader text lists; names and capabilities are fixed by the product.

export type ShowcaseBlueprint = {
  name: string;
  icon: IconName;
  description: string;
  capabilities: [string, string, string, string];
};

export const SHOWCASE_BLUEPRINTS: ShowcaseBlueprint[] = [
  {
    name: "Churn Prediction",
    icon: "user-minus",
    description:
      "Spot the customers who are about to leave while there is still time to keep them, with reasons your account teams can act on.",
    capabilities: [
      "Daily churn risk score for every account",
      "Explainable drivers behind each prediction",
      "Automated retention playbooks in your CRM",
      "Continuous retraining as behaviour shifts",
    ],
  },
  {
    name: "KPI Orchestration",
    icon: "gauge",
    description:
      "One governed source of truth for the numbers that run the business, computed on schedule and explained when they move.",
    capabilities: [
      "Versioned metric definitions in code",
      "Scheduled refresh across every data source",
      "Anomaly alerts with root-cause hints",
      "Executive summaries written for each review",
    ],
  },
  {
    name: "Customer Segmentation",
    icon: "chart-pie",
    description:
      "Group customers by what they do, not only by who they are, and keep the segments fresh as your market evolves.",
    capabilities: [
      "Behavioural and value-based clustering",
      "Plain-language profile for every segment",
      "Segment sync to marketing and sales tools",
      "Drift tracking when segments change shape",
    ],
  },
  {
    name: "Data Deduplication",
    icon: "copy",
    description:
      "Find and merge duplicate records across systems with matching that is accurate, auditable and reversible.",
    capabilities: [
      "Fuzzy matching across names and addresses",
      "Configurable survivorship rules",
      "Human review queue for borderline matches",
      "Complete audit trail of every merge",
    ],
  },
  {
    name: "Data Quality",
    icon: "shield-check",
    description:
      "Catch broken, late and surprising data before it reaches a dashboard, a model or a customer.",
    capabilities: [
      "Automated freshness, volume and schema checks",
      "Learned expectations from historical data",
      "Incident routing to the owning team",
      "Quality scorecards for every dataset",
    ],
  },
  {
    name: "Web Data Integration & Enrichment",
    icon: "world",
    description:
      "Enrich your records with trustworthy public web data, collected responsibly and joined to the entities you already have.",
    capabilities: [
      "Firmographic and product data enrichment",
      "Entity resolution against your records",
      "Scheduled, rate-limited collection",
      "Source attribution on every enriched field",
    ],
  },
];

export const ALL_BLUEPRINT_NAMES = [
  "Churn prediction",
  "Customer segmentation",
  "Data deduplication",
  "Data quality engine",
  "Web data integration",
  "Customer 360",
  "Master data hub",
  "Data lineage",
  "KPI orchestration",
  "Live dashboards",
  "Anomaly detection",
  "Real-time analytics",
] as const;

export const SHOWCASE_COPY = {
  eyebrow: "Blueprint Showcase",
  title: "Pre-built blueprints, ready for your stack",
  intro:
    "Each blueprint packages a proven solution with the playbooks of top-2% engineers. Your agents adapt it to your data and systems, and keep improving it after launch.",
  capabilitiesLabel: "Key capabilities",
  ctaHeading: "Need a blueprint for your own use case?",
  ctaText:
    "Tell us about the problem. We will show you how an agent adapts an existing blueprint, or builds a new one, on your infrastructure.",
  ctaLabel: "Request Demo",
  ctaTo: "/contact-us",
  blogLabel: "Read implementation blueprints",
  blogTo: "/blueprints",
} as const;
