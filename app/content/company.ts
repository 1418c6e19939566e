import { BRAND_NAME, FOUNDING_YEAR } from "#app/content/site.ts";
import type { CompanyContent } from "#app/routes/pages/page-types.ts";

// The company page as the product fixed it, word for word: the seeded
// published version (supabase/migrations/20261202400100_pages_as_content.sql
// holds the same JSON, compared by app/routes/pages/page-types.test.ts), and
// what the page shows while the database cannot be read and nothing newer was.

/** The section the contact link and the no-JavaScript form land on. */
export const JOIN_SECTION_ID = "get-in-touch";

export const COMPANY_SEED = {
  hero: {
    eyebrow: `About ${BRAND_NAME}`,
    title: "Building the Future of AI",
    text: "We build AI agents that learn the way great engineers do: continuously, from experience, and in the open.",
  },
  mission: {
    heading: "Our Mission",
    paragraphs: [
      `${BRAND_NAME} was founded in ${FOUNDING_YEAR} to give every organization a superintelligence of its own. Our agents learn an organization's knowledge and the playbooks of its best experts, then put that knowledge to work on real systems, shipping improvements every week instead of every quarter.`,
      "We believe the most valuable AI is not the one that knows the most about the world, but the one that understands your company best and keeps learning from every task it completes.",
    ],
  },
  values: {
    heading: "Our Values",
    intro:
      "The principles behind every agent we build and every decision we make.",
    items: [
      {
        name: "Mastery",
        icon: "target",
        description:
          "We hold ourselves to the standard of the best engineers in the world and keep practising until the hard things look easy.",
        quote: {
          text: "",
          author: "",
        },
      },
      {
        name: "Compassion",
        icon: "heart",
        description:
          "We build for people. We listen to customers and colleagues with care, and we assume good intent.",
        quote: {
          text: "",
          author: "",
        },
      },
      {
        name: "Constructive",
        icon: "bulb",
        description:
          "We criticise ideas, never people, and every critique comes with a way forward.",
        quote: {
          text: "",
          author: "",
        },
      },
      {
        name: "Transparency",
        icon: "eye",
        description:
          "We share context, decisions and mistakes openly, so everyone can do their best work with the full picture.",
        quote: {
          text: "",
          author: "",
        },
      },
      {
        name: "Science First",
        icon: "flask",
        description:
          "We form hypotheses, run experiments and let the evidence decide, even when it disagrees with us.",
        quote: {
          text: "It doesn't matter how beautiful your theory is, it doesn't matter how smart you are. If it doesn't agree with experiment, it's wrong.",
          author: "Richard Feynman",
        },
      },
      {
        name: "Honesty",
        icon: "scale",
        description:
          "We say what we know, admit what we don't, and never overstate what our agents can do.",
        quote: {
          text: "",
          author: "",
        },
      },
    ],
  },
  join: {
    heading: "Join Our Journey",
    text: "We are a small team of researchers and engineers working on one of the most interesting problems in AI. Come build it with us, or tell us what you would like our agents to learn.",
    careers: { label: "View Careers", href: "/careers" },
    contact: {
      label: "Get in Touch",
      href: `/company?contact=1#${JOIN_SECTION_ID}`,
    },
  },
} satisfies CompanyContent;
