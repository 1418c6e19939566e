// Every link of the top navigation and the footer, so the header, the footer
// and the tests agree on one list.
import type { IconName } from "#app/components/icon.tsx";

export type NavItem = { to: string; label: string };

export type AgentNavItem = NavItem & { role: string };

export const PRIMARY_NAV = {
  home: { to: "/", label: "Home" },
  agentsMenuLabel: "AI SWE Agents",
  agents: [
    { to: "/agents/data-engineer", label: "Peter", role: "Data Engineer" },
    { to: "/agents/data-analyst", label: "Zara", role: "Data Analyst" },
    { to: "/agents/ml-engineer", label: "Jeremy", role: "ML Engineer" },
  ] satisfies AgentNavItem[],
  after: [
    { to: "/company", label: "Company" },
    { to: "/careers", label: "Careers" },
  ] satisfies NavItem[],
  requestDemo: { to: "/contact-us", label: "Request Demo" },
} as const;

export const MOBILE_MENU_LABELS = {
  open: "Open menu",
  close: "Close menu",
} as const;

export type ExternalLink = {
  href: string;
  label: string;
  icon: IconName;
};

export const FOOTER_COLUMNS: { heading: string; links: NavItem[] }[] = [
  {
    heading: "Agents",
    links: PRIMARY_NAV.agents.map(({ to, label, role }) => ({
      to,
      label: `${label}, ${role}`,
    })),
  },
  {
    heading: "Company",
    links: [
      { to: "/company", label: "About us" },
      { to: "/careers", label: "Careers" },
      { to: "/contact-us", label: "Contact" },
      // What the site counts and how (app/content/privacy.ts).
      { to: "/privacy", label: "Privacy" },
    ],
  },
  {
    heading: "Resources",
    links: [
      { to: "/blueprints", label: "Implementation Blueprints" },
      { to: "/blueprint-showcase", label: "Blueprint Showcase" },
    ],
  },
];

export const CONNECT_HEADING = "Connect";

export const CONNECT_LINKS: ExternalLink[] = [
  { href: "https://github.com/recursa-ai", label: "GitHub", icon: "github" },
  { href: "https://x.com/recursa_ai", label: "X (Twitter)", icon: "x-logo" },
  {
    href: "https://www.linkedin.com/company/recursa-ai",
    label: "LinkedIn",
    icon: "linkedin",
  },
  { href: "https://discord.gg/recursa", label: "Discord", icon: "discord" },
];
