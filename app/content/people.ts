// Every word of the team page (/admin/people): who is on the team, with
// which role, and the forms that change it.

export const PEOPLE_PATH = "/admin/people";

export const PEOPLE_COPY = {
  title: "People",
  description: "The team, each person's role, and who may open which tool.",
  teamHeading: "The team",
  addHeading: "Add to the team",
  addHint:
    "Give a person who already has an account on this site a role on the team.",
  columns: { person: "Person", role: "Role", actions: "Actions" },
  you: "(you)",
  emailLabel: "E-mail",
  roleLabel: "Role",
  rolesHeading: "What each role opens",
  roleFor: (name: string) => `Role for ${name}`,
  add: "Add to the team",
  adding: "Adding...",
  change: "Change role",
  remove: "Remove from the team",
  /** Read after "Remove from the team" by a screen reader, for each row. */
  removeWho: (name: string) => `(${name})`,
  added: "The person is now on the team.",
  changed: "The role was changed.",
  removed: "The person is no longer on the team and lost every role.",
  noAccount: "No account on this site has that e-mail address.",
  alreadyOnTeam: "That person is already on the team.",
  lastAdmin: "The last admin cannot be removed or given another role.",
  failed: "The team could not be changed. Please try again.",
  loadFailed: "Failed to load team members",
  roleHelp: {
    admin: "Everything, the team and its roles included.",
    editor: "Every post and the newsletter.",
    hiring: "Jobs, applications and the candidates' e-mails.",
    author: "Their own posts.",
  },
} as const;
