// The brand and the site-wide constants of SPEC.md live here and nowhere else,
// so a rename is a one-line change.
export const BRAND_NAME = "Recursa";

export const TAGLINE = "Continuous Learning. Continuous Shipping";

export const DEFAULT_TITLE = `${BRAND_NAME} - Continuous Learning AI Agents. Continuous Shipping. | Enterprise Superintelligence`;

export const DEFAULT_DESCRIPTION =
  "Continuously learning AI agents that absorb your organizational knowledge and top-2% engineering playbooks, then ship on your existing stack: 40x ROI, deployed on-premise or as a dedicated SaaS platform.";

export const SALES_EMAIL = "sales@recursa.ai";

export const COPYRIGHT_YEAR = 2024;
export const FOUNDING_YEAR = 2024;

export const MOBILE_BREAKPOINT_PX = 768;
export const NAVBAR_SCROLL_THRESHOLD_PX = 10;

// An SVG keeps the card editable as text; crawlers that want a bitmap fall back
// to the title and description.
export const DEFAULT_SOCIAL_IMAGE_PATH = "/social-card.png";

export const FOOTER_BLURB =
  "Continuously learning AI agents that turn your organization's knowledge into shipped work.";

export const YC_PROFILE_URL = "https://www.ycombinator.com/companies/recursa";

/** The privacy notice (/privacy, linked from the footer): what the site counts and how (decisions 160, 162). */
export const PRIVACY_PATH = "/privacy";
export const PRIVACY_LINK_LABEL = "Privacy";
export const PRIVACY_NOTICE = {
  title: "Privacy: what we count",
  summary:
    "This site counts visits without cookies and keeps nothing in your browser.",
  body: "We count page views on our own servers, without cookies and without storing anything in your browser. To tell visitors apart for one day, we keep a one-way hash of your IP address and browser name mixed with a random value that changes daily and is deleted after two days; your IP address itself is never stored. We keep which page you viewed, the site that linked to it, any campaign tags in the link, your device type (desktop, mobile or tablet) and, where our content delivery network tells us, your country. When you send us a form, we note the page you first arrived on that day and the site that sent you there, not who you are. Page views are deleted after 30 days; only daily totals are kept. Signed-in team members and known bots are not counted.",
} as const;
