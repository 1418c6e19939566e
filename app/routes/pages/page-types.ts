import type { IconName } from "#app/components/icon.tsx";
import {
  choice,
  group,
  image,
  link,
  list,
  number,
  text,
  type ContentOf,
  type Fields,
} from "#app/lib/content-model.ts";

// Every page the team edits, defined once (decision 236). A page's key names
// it in /admin/pages/{key} and in the database; its fields are the JSON its
// published version stores (public.page_content_keys() holds the top-level
// keys too, so Postgres refuses any other shape). Adding a field inside a
// group is this file and the component that shows it.

const ICONS = [
  "arrow-right",
  "bulb",
  "chart-pie",
  "check",
  "cloud",
  "eye",
  "flask",
  "gauge",
  "heart",
  "link",
  "scale",
  "server",
  "shield-check",
  "sparkles",
  "target",
  "world",
] as const satisfies readonly IconName[];

const heading = {
  eyebrow: text("Eyebrow", {
    max: 60,
    help: "The small line above the title.",
  }),
  title: text("Title", { max: 120 }),
};

export const HOME_FIELDS = {
  hero: group("Hero", {
    badge: text("Badge", { max: 60 }),
    headline: text("Headline", {
      max: 120,
      help: "The page's one h1: search engines and share cards read it.",
    }),
    text: text("Text", { max: 300, multiline: true }),
    checklist: list("Checklist", text("Item", { max: 60 }), {
      itemLabel: "item",
      min: 1,
      max: 6,
    }),
    startNow: text("Start button", {
      max: 40,
      help: "Leads to the platform's sign-in; the address is the platform's.",
    }),
    secondary: link("Second button"),
    backing: image("Backing badge", "Links to the Y Combinator profile."),
    clusterLabel: text("Agent cluster label", { max: 60 }),
    liveStatus: text("Agent status", { max: 30 }),
  }),
  howItWorks: group("How it works", {
    ...heading,
    steps: list(
      "Steps",
      group("Step", {
        icon: choice("Icon", ICONS),
        title: text("Title", { max: 80 }),
        text: text("Text", { max: 300, multiline: true }),
      }),
      { itemLabel: "step", min: 1, max: 6 },
    ),
  }),
  results: group("Results", {
    ...heading,
    items: list(
      "Figures",
      group("Figure", {
        value: text("Value", { max: 20 }),
        label: text("Label", { max: 60 }),
        detail: text("Detail", {
          max: 200,
          multiline: true,
          help: "Where the figure comes from.",
        }),
      }),
      { itemLabel: "figure", min: 1, max: 9 },
    ),
  }),
  deployment: group("Deployment", {
    ...heading,
    intro: text("Introduction", { max: 300, multiline: true }),
    options: list(
      "Options",
      group("Option", {
        icon: choice("Icon", ICONS),
        name: text("Name", { max: 80 }),
        summary: text("Summary", { max: 200 }),
        points: list("Points", text("Point", { max: 80 }), {
          itemLabel: "point",
          min: 1,
          max: 10,
        }),
      }),
      { itemLabel: "option", min: 1, max: 4 },
    ),
  }),
  teaser: group("Blueprint teaser", {
    ...heading,
    text: text("Text", { max: 300, multiline: true }),
    link: link("Link"),
  }),
  closingCta: group("Closing call to action", {
    title: text("Title", { max: 120 }),
    text: text("Text", { max: 300, multiline: true }),
    button: link("Button"),
  }),
  summary: group(
    "Screen-reader summary",
    {
      heading: text("Heading", { max: 120 }),
      platform: text("Platform", { max: 1000, multiline: true }),
      blueprintsHeading: text("Blueprints heading", { max: 120 }),
      deploymentHeading: text("Deployment heading", { max: 120 }),
      resultsHeading: text("Results heading", { max: 120 }),
    },
    "Read by screen readers and crawlers, not shown.",
  ),
} satisfies Fields;

export type HomeContent = ContentOf<typeof HOME_FIELDS>;

export const COMPANY_FIELDS = {
  hero: group("Hero", {
    ...heading,
    title: text("Title", {
      max: 120,
      help: "The page's one h1; the page's title reads it too.",
    }),
    text: text("Text", {
      max: 300,
      multiline: true,
      help: "Also the start of the page's description for search engines.",
    }),
  }),
  mission: group("Mission", {
    heading: text("Heading", { max: 120 }),
    paragraphs: list(
      "Paragraphs",
      text("Paragraph", {
        max: 1000,
        multiline: true,
        help: "The first one describes the company to search engines.",
      }),
      { itemLabel: "paragraph", min: 1, max: 6 },
    ),
  }),
  values: group("Values", {
    heading: text("Heading", { max: 120 }),
    intro: text("Introduction", { max: 300, multiline: true }),
    items: list(
      "Values",
      group("Value", {
        name: text("Name", { max: 60 }),
        icon: choice("Icon", ICONS),
        description: text("Description", { max: 300, multiline: true }),
        quote: group(
          "Quote",
          {
            text: text("Words", { max: 400, multiline: true, optional: true }),
            author: text("Who said it", { max: 80, optional: true }),
          },
          "Leave the words empty for no quote.",
        ),
      }),
      { itemLabel: "value", min: 1, max: 9 },
    ),
  }),
  join: group("Join us", {
    heading: text("Heading", { max: 120 }),
    text: text("Text", { max: 500, multiline: true }),
    careers: link("Careers button"),
    contact: link(
      "Contact button",
      "With JavaScript it opens the contact form in a dialog.",
    ),
  }),
} satisfies Fields;

export type CompanyContent = ContentOf<typeof COMPANY_FIELDS>;

export const AGENT_FIELDS = {
  intro: group("Introduction", {
    headline: text("Headline", { max: 120, help: "Under the agent's name." }),
    summary: text("Summary", {
      max: 500,
      multiline: true,
      help: "Also the page's description for search engines and share cards.",
    }),
    videoLabel: text("Video description", {
      max: 200,
      help: "What the looping video shows, read to those who cannot see it.",
    }),
  }),
  capabilities: group("Capabilities", {
    items: list(
      "Capabilities",
      group("Capability", {
        name: text("Name", { max: 60 }),
        description: text("Description", { max: 300, multiline: true }),
        progress: number("Learning progress", {
          min: 0,
          max: 100,
          help: "In percent: how far the agent has learned it.",
        }),
      }),
      { itemLabel: "capability", min: 1, max: 9 },
    ),
  }),
  technologies: group("Technologies", {
    items: list("Technologies", text("Technology", { max: 40 }), {
      itemLabel: "technology",
      min: 1,
      max: 16,
    }),
  }),
} satisfies Fields;

export type AgentContent = ContentOf<typeof AGENT_FIELDS>;

export const PRIVACY_FIELDS = {
  notice: group("Notice", {
    title: text("Title", {
      max: 120,
      help: "The page's one h1 and its title in search results.",
    }),
    summary: text("Summary", {
      max: 300,
      multiline: true,
      help: "Under the title; also the page's description for search engines.",
    }),
    body: text("Notice", {
      max: 6000,
      multiline: true,
      help: "An empty line starts a new paragraph. Keep it true to the retention periods in Settings.",
    }),
  }),
} satisfies Fields;

export type PrivacyContent = ContentOf<typeof PRIVACY_FIELDS>;

export type PageType = {
  /** What the tools call it. */
  name: string;
  /** Where the public page is. */
  path: string;
  fields: Fields;
};

export const PAGE_TYPES = {
  home: { name: "Home", path: "/", fields: HOME_FIELDS },
  company: { name: "Company", path: "/company", fields: COMPANY_FIELDS },
  privacy: { name: "Privacy notice", path: "/privacy", fields: PRIVACY_FIELDS },
  // An agent page's key is its slug (app/content/agents.ts).
  "data-engineer": {
    name: "Agent: Peter, Data Engineer",
    path: "/agents/data-engineer",
    fields: AGENT_FIELDS,
  },
  "data-analyst": {
    name: "Agent: Zara, Data Analyst",
    path: "/agents/data-analyst",
    fields: AGENT_FIELDS,
  },
  "ml-engineer": {
    name: "Agent: Jeremy, ML Engineer",
    path: "/agents/ml-engineer",
    fields: AGENT_FIELDS,
  },
} satisfies Record<string, PageType>;

export type PageKey = keyof typeof PAGE_TYPES;

export const PAGE_KEYS = Object.keys(PAGE_TYPES) as PageKey[];

export function isPageKey(value: string): value is PageKey {
  return Object.hasOwn(PAGE_TYPES, value);
}
