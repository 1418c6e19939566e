// What each role may do: the one definition the route guards
// (app/utils/permissions.server.ts) and the team's navigation
// (app/content/tools.ts) read. Row-level security asks the same rules in SQL
// (private.role_rules(), supabase/migrations/20261201400000_roles.sql);
// app/lib/roles.test.ts holds the two equal.
//
// A team member's role is their row in team_members; a platform user with
// is_author and no team role is an author. A new tool names the capability
// that opens it (its guard calls requireAccess with it, its TOOLS_NAV entry
// carries it); a new capability is one more key here and one more row per
// role in private.role_rules().

/** Roles a team member holds (team_members.role). */
export const TEAM_ROLES = ["admin", "editor", "hiring"] as const;

export const ROLES = [...TEAM_ROLES, "author"] as const;

export type TeamRole = (typeof TEAM_ROLES)[number];
export type Role = (typeof ROLES)[number];

export const RULES = {
  /** The team, roles and author status: /admin. */
  people: ["admin"],
  /** Contact messages and the combined inbox. */
  inbox: ["admin"],
  /** The site's numbers. */
  analytics: ["admin"],
  /** Retention periods and the site's settings. */
  settings: ["admin"],
  /** The audit log. */
  audit: ["admin"],
  /** Writing, editing and deleting one's own posts. */
  posts: ["admin", "editor", "author"],
  /** Reading and editing every post. */
  "all-posts": ["admin", "editor"],
  /** The site's pages: /admin/pages. */
  pages: ["admin", "editor"],
  /** Subscribers and newsletter sends. */
  newsletter: ["admin", "editor"],
  /** Jobs, their applications, notes, CVs and the candidate e-mails. */
  jobs: ["admin", "hiring"],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof RULES;

export const CAPABILITIES = Object.keys(RULES) as Capability[];

/** Whether a person holding `role` (null: no role) may use `capability`. */
export function may(role: Role | null, capability: Capability): boolean {
  return role !== null && (RULES[capability] as readonly Role[]).includes(role);
}

export function isTeamRole(value: unknown): value is TeamRole {
  return (TEAM_ROLES as readonly unknown[]).includes(value);
}

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  editor: "Editor",
  author: "Author",
  hiring: "Hiring",
};
