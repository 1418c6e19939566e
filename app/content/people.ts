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
  removeWho: (name: string) => name,
  added: "The person is now on the team.",
  changed: "The role was changed.",
  removed: "The person is no longer on the team and lost every role.",
  noAccount: "No account on this site has that e-mail address.",
  alreadyOnTeam: "That person is already on the team.",
  lastAdmin: "The last admin cannot be removed or given another role.",
  failed: "The team could not be changed. Please try again.",
  loadFailed: "Failed to load team members",
  inviteHeading: "Invite a person",
  inviteHint:
    "Send an invitation to someone without an account: the e-mail's link lets them choose a password and opens the team's tools with the role given here. The link works for 24 hours.",
  invite: "Send invitation",
  inviting: "Sending...",
  invitationsHeading: "Invitations",
  noInvitations: "No invitations yet.",
  invitationColumns: {
    email: "E-mail",
    role: "Role",
    state: "State",
    expires: "Expires",
    actions: "Actions",
  },
  states: {
    pending: "Pending",
    accepted: "Accepted",
    expired: "Expired",
    revoked: "Revoked",
  },
  resend: "Resend",
  revoke: "Revoke",
  /** Read after "Resend" or "Revoke" by a screen reader, for each row. */
  invitationOf: (email: string) => `(invitation of ${email})`,
  invited: (email: string) => `An invitation was sent to ${email}.`,
  resent: "A new invitation was sent; the earlier link no longer works.",
  revoked: "The invitation was revoked; its link no longer works.",
  alreadyInvited:
    "That address already has a pending invitation: resend it from the list below.",
  hasAccount:
    "That address already has an account on this site: add it to the team instead.",
  notPending: "That invitation was already accepted or revoked.",
  inviteUnavailable:
    "Invitations need the server's Supabase secret key (SUPABASE_SECRET_KEY).",
  inviteFailed: "The invitation could not be sent. Please try again.",
  invitationsFailed: "Failed to load the invitations",
  roleHelp: {
    admin: "Everything, the team and its roles included.",
    editor: "Every post and the newsletter.",
    hiring: "Jobs, applications and the candidates' e-mails.",
    author: "Their own posts.",
  },
} as const;
