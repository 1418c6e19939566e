import { BRAND_NAME, FOUNDING_YEAR } from "#app/content/site.ts";

// Words of /company, fixed by the product: keep them word for word.

export const COMPANY_HERO = {
  eyebrow: `About ${BRAND_NAME}`,
  title: "Building the Future of AI",
  text: "We build AI agents that learn the way great engineers do: continuously, from experience, and in the open.",
} as const;

export const MISSION = {
  heading: "Our Mission",
  paragraphs: [
    `${BRAND_NAME} was founded in ${FOUNDING_YEAR} to give every organization a superintelligence of its own. Our agents learn an organization's knowledge and the playbooks of its best experts, then put that knowledge to work on real systems, shipping improvements every week instead of every quarter.`,
    "We believe the most valuable AI is not the one that knows the most about the world, but the one that understands your company best and keeps learning from every task it completes.",
  ],
} as const;

export const VALUES_SECTION = {
  heading: "Our Values",
  intro:
    "The principles behind every agent we build and every decision we make.",
} as const;

export const JOIN_SECTION = {
  id: "get-in-touch",
  heading: "Join Our Journey",
  text: "We are a small team of researchers and engineers working on one of the most interesting problems in AI. Come build it with us, or tell us what you would like our agents to learn.",
  careers: { label: "View Careers", to: "/careers" },
  contact: { label: "Get in Touch", to: "/company?contact=1#get-in-touch" },
} as const;
