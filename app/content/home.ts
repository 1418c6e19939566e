import { BRAND_NAME, TAGLINE } from "#app/content/site.ts";
import type { HomeContent } from "#app/routes/pages/page-types.ts";

// The home page as the product fixed it, word for word: the seeded published
// version (supabase/migrations/20261202400100_pages_as_content.sql holds the
// same JSON, compared by app/routes/pages/page-types.test.ts), and what the
// page shows while the database cannot be read and nothing newer was.

/**
 * "Start Now" leads here on the platform host. A constant of its own: the
 * hook that builds the link runs in the browser, so it is no content.
 */
export const START_NOW_PATH = "/auth";

export const HOME_SEED = {
  hero: {
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
    secondary: {
      label: "See the results",
      href: "#results",
    },
    backing: {
      src: "/images/yc-badge.svg",
      alt: "Backed by Y Combinator",
      decorative: false,
    },
    clusterLabel: "Meet the agents",
    liveStatus: "Online",
  },
  howItWorks: {
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
    ],
  },
  results: {
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
    ],
  },
  deployment: {
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
    ],
  },
  teaser: {
    eyebrow: "Blueprints",
    title: "Start from a proven blueprint",
    text: "Pre-built blueprints package complete solutions, from churn prediction to real-time analytics, that your agents adapt to your data.",
    link: {
      label: "Explore the blueprint showcase",
      href: "/blueprint-showcase",
    },
  },
  closingCta: {
    title: "Ready to meet your new data team?",
    text: `See how ${BRAND_NAME} agents learn your organization and ship their first improvements in weeks.`,
    button: {
      label: "Request Demo",
      href: "/contact-us",
    },
  },
  summary: {
    heading: `About the ${BRAND_NAME} platform`,
    platform: `${BRAND_NAME} is an Organizational Superintelligence platform of continuously learning AI agents. The agents learn your organizational knowledge and the engineering playbooks of the top 2% of experts, explore autonomously, and ship on your existing stack. The team includes Peter, a data engineer; Zara, a data analyst; and Jeremy, an ML engineer.`,
    blueprintsHeading: "Twelve pre-built blueprints",
    deploymentHeading: "Deployment options",
    resultsHeading: "Results",
  },
} satisfies HomeContent;
