import type { IconName } from "#app/components/icon.tsx";
import { BRAND_NAME, TAGLINE } from "#app/content/site.ts";

// Words of the home page, fixed by the product: keep them word for word.

/**
 * "Start Now" leads here on the platform host. A constant of its own: the
 * hook that builds the link runs in the browser, and reading it off HERO
 * would ship HERO's words in the route module besides the loader data.
 */
export const START_NOW_PATH = "/auth";

export const HERO = {
  badge: "Organizational Superintelligence",
  headline: TAGLINE,
  text: "AI agents that learn your organizational knowledge and expert playbooks, then ship on your existing stack.",
  checklist: [
    "Organizational Wiki",
    "Top-2% Engineering Playbooks",
    "Enterprise Ready",
    "AI Autonomous Exploration",
  ],
  startNow: "Start Now",
  /** Appended to the platform origin from the environment. */
  startNowPath: START_NOW_PATH,
  secondary: { label: "See the results", href: "#results" },
  clusterLabel: "Meet the agents",
  liveStatus: "Online",
} as const;

export const YC_BADGE = {
  src: "/images/yc-badge.svg",
  width: 212,
  height: 44,
  alt: "Backed by Y Combinator",
} as const;

export const HOW_IT_WORKS = {
  eyebrow: "How it works",
  title: "Agents that get better every week they work for you",
  steps: [
    {
      icon: "bulb",
      title: "Learn your organization",
      text: "Agents read your code, tickets, docs and data catalogues and build an Organizational Wiki that captures how your company really works.",
    },
    {
      icon: "sparkles",
      title: "Apply expert playbooks",
      text: "Every task follows the engineering playbooks of the top 2% of practitioners, from design reviews to testing and rollout.",
    },
    {
      icon: "arrow-right",
      title: "Ship on your stack",
      text: "Work arrives as reviewed pull requests, pipelines and dashboards in the tools you already use. No migration, no new platform to learn.",
    },
  ] satisfies { icon: IconName; title: string; text: string }[],
} as const;

export type Result = { value: string; label: string; detail: string };

export const RESULTS = {
  eyebrow: "Results",
  title: "Measured in shipped work, not demos",
  items: [
    {
      value: "40x",
      label: "ROI",
      detail: "Return on investment measured across production deployments.",
    },
    {
      value: "2x",
      label: "output at half the cost",
      detail:
        "Twice the delivered work for half the spend of a traditional team.",
    },
    {
      value: "3 weeks",
      label: "instead of 9 months",
      detail: "Deployment is 97% faster than a typical in-house build.",
    },
    {
      value: "93%",
      label: "backlog cut",
      detail: "A data team's backlog went from 42 items to 3.",
    },
    {
      value: "1B pounds",
      label: "portfolio validation",
      detail: "Validated in portfolio companies worth over 1B pounds.",
    },
    {
      value: "Top 2%",
      label: "engineering playbooks",
      detail: "Agents work to the standards of the top 2% of engineers.",
    },
  ] satisfies Result[],
} as const;

export type DeploymentOption = {
  icon: IconName;
  name: string;
  summary: string;
  points: string[];
};

export const DEPLOYMENT = {
  eyebrow: "Deployment",
  title: "Your infrastructure, your choice",
  intro:
    "Run the agents as a dedicated platform we operate for you, or inside your own environment with full control.",
  options: [
    {
      icon: "cloud",
      name: "Dedicated SaaS Platform",
      summary: "A single-tenant platform, operated and updated by us.",
      points: [
        "Annual blueprint subscriptions",
        "Pooled AI credit bank",
        "Usage tracking",
        "Unlimited users",
        "No seat fees",
        "Automatic updates",
      ],
    },
    {
      icon: "server",
      name: "On-Premise Licence",
      summary: "The whole platform inside your own infrastructure.",
      points: [
        "Full data control",
        "Compliance support",
        "Unlimited users and environments",
        "Optional forward-deployed engineer",
      ],
    },
  ] satisfies DeploymentOption[],
} as const;

export const BLUEPRINT_TEASER = {
  eyebrow: "Blueprints",
  title: "Start from a proven blueprint",
  text: "Pre-built blueprints package complete solutions, from churn prediction to real-time analytics, that your agents adapt to your data.",
  linkLabel: "Explore the blueprint showcase",
  linkTo: "/blueprint-showcase",
} as const;

export const CLOSING_CTA = {
  title: "Ready to meet your new data team?",
  text: `See how ${BRAND_NAME} agents learn your organization and ship their first improvements in weeks.`,
  requestDemo: { label: "Request Demo", to: "/contact-us" },
} as const;

export const SCREEN_READER_SUMMARY = {
  heading: `About the ${BRAND_NAME} platform`,
  platform: `${BRAND_NAME} is an Organizational Superintelligence platform of continuously learning AI agents. The agents learn your organizational knowledge and the engineering playbooks of the top 2% of experts, explore autonomously, and ship on your existing stack. The team includes Peter, a data engineer; Zara, a data analyst; and Jeremy, an ML engineer.`,
  blueprintsHeading: "Twelve pre-built blueprints",
  deploymentHeading: "Deployment options",
  resultsHeading: "Results",
} as const;
