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
