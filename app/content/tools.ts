// Every word of the team's app frame (app/routes/tools/tools-layout.tsx)
// and the one list of its tools. A new tool is one more entry in TOOLS_NAV
// naming the capability that opens it (app/lib/roles.ts), the same one its
// route's guard asks requireAccess for: the navigation, its order and who
// sees it come from here.

import { JOBS_ADMIN_COPY, JOBS_ADMIN_PATH } from "#app/content/admin-jobs.ts";
import { ANALYTICS_COPY, ANALYTICS_PATH } from "#app/content/analytics.ts";
import { AUDIT_COPY, AUDIT_PATH } from "#app/content/audit.ts";
import { ADMIN_PATH, INBOX_PATH } from "#app/content/inbox.ts";
import {
  NEWSLETTER_ADMIN_PATH,
  SUBSCRIBERS_COPY,
} from "#app/content/newsletter.ts";
import { PEOPLE_COPY, PEOPLE_PATH } from "#app/content/people.ts";
import { PROFILE_COPY, PROFILE_PATH } from "#app/content/profile.ts";
import { SETTINGS_COPY, SETTINGS_PATH } from "#app/content/settings.ts";
import {
  may,
  ROLE_LABELS,
  type Capability,
  type Role,
} from "#app/lib/roles.ts";

export type ToolNavItem = {
  to: string;
  label: string;
  /** What a person's role must allow for the tool to be listed. */
  capability: Capability;
  /** Shows the number of submissions nobody has handled yet. */
  showsNewCount?: boolean;
  /** Active only on exactly this path, not on the paths below it. */
  end?: boolean;
};

export const TOOLS_NAV: readonly ToolNavItem[] = [
  { to: "/write", label: "Write", capability: "posts" },
  { to: "/admin/pages", label: "Pages", capability: "pages" },
  { to: ADMIN_PATH, label: "Platform Users", capability: "people", end: true },
  { to: PEOPLE_PATH, label: PEOPLE_COPY.title, capability: "people" },
  { to: INBOX_PATH, label: "Inbox", capability: "inbox", showsNewCount: true },
  { to: JOBS_ADMIN_PATH, label: JOBS_ADMIN_COPY.title, capability: "jobs" },
  { to: ANALYTICS_PATH, label: ANALYTICS_COPY.title, capability: "analytics" },
  {
    to: NEWSLETTER_ADMIN_PATH,
    label: SUBSCRIBERS_COPY.title,
    capability: "newsletter",
  },
  { to: SETTINGS_PATH, label: SETTINGS_COPY.title, capability: "settings" },
  { to: AUDIT_PATH, label: AUDIT_COPY.title, capability: "audit" },
  { to: PROFILE_PATH, label: PROFILE_COPY.title, capability: "posts" },
];

/** The tools a role opens, in the navigation's order. */
export function toolsFor(role: Role | null) {
  return TOOLS_NAV.filter((item) => may(role, item.capability));
}

/** Where a person lands after signing in: /admin for an admin, else their first tool. */
export function toolsHome(role: Role | null): string | null {
  if (may(role, "people")) return ADMIN_PATH;
  return toolsFor(role)[0]?.to ?? null;
}

export const TOOLS_COPY = {
  /** The navigation's accessible name. */
  navLabel: "Team tools",
  home: "Team",
  homeLabel: "Back to the website",
  skipLink: "Skip to content",
  signedInAs: "Signed in as",
  roles: ROLE_LABELS,
  /** The inbox count stops at 100 (inbox.server.ts, NEW_COUNT_LIMIT). */
  newCount: (count: number) => (count > 99 ? "99+ new" : `${count} new`),
} as const;
