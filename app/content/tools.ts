// Every word of the team's app frame (app/routes/tools/tools-layout.tsx)
// and the one list of its tools. A new tool (jobs, subscribers, analytics)
// is one more entry in TOOLS_NAV: the navigation, its order and who sees it
// come from here.

import { JOBS_ADMIN_COPY, JOBS_ADMIN_PATH } from "#app/content/admin-jobs.ts";
import { ANALYTICS_COPY, ANALYTICS_PATH } from "#app/content/analytics.ts";
import { ADMIN_PATH, INBOX_PATH } from "#app/content/inbox.ts";
import {
  NEWSLETTER_ADMIN_PATH,
  SUBSCRIBERS_COPY,
} from "#app/content/newsletter.ts";

/** Who may open a tool: every author (team members are authors too), or team members only. */
export type ToolAudience = "author" | "admin";

export type ToolNavItem = {
  to: string;
  label: string;
  audience: ToolAudience;
  /** Shows the number of submissions nobody has handled yet. */
  showsNewCount?: boolean;
  /** Active only on exactly this path, not on the paths below it. */
  end?: boolean;
};

export const TOOLS_NAV: readonly ToolNavItem[] = [
  { to: "/write", label: "Write", audience: "author" },
  { to: ADMIN_PATH, label: "Platform Users", audience: "admin", end: true },
  { to: INBOX_PATH, label: "Inbox", audience: "admin", showsNewCount: true },
  { to: JOBS_ADMIN_PATH, label: JOBS_ADMIN_COPY.title, audience: "admin" },
  { to: ANALYTICS_PATH, label: ANALYTICS_COPY.title, audience: "admin" },
  {
    to: NEWSLETTER_ADMIN_PATH,
    label: SUBSCRIBERS_COPY.title,
    audience: "admin",
  },
];

export const TOOLS_COPY = {
  /** The navigation's accessible name. */
  navLabel: "Team tools",
  home: "Team",
  homeLabel: "Back to the website",
  skipLink: "Skip to content",
  signedInAs: "Signed in as",
  roles: { admin: "Team member", author: "Author" },
  /** The inbox count stops at 100 (inbox.server.ts, NEW_COUNT_LIMIT). */
  newCount: (count: number) => (count > 99 ? "99+ new" : `${count} new`),
} as const;
