// Every word of the page an invitation's e-mail link opens (/invitation/:id).

export const INVITATION_COPY = {
  title: "Join the team",
  description: "Accept your invitation to the Recursa team.",
  intro: (email: string, role: string) =>
    `You have been invited to the team as ${role}, as ${email}. Choose a password to accept: you will sign in with this address and password from now on.`,
  passwordLabel: "Password",
  passwordHint: "At least 12 characters.",
  confirmLabel: "Repeat the password",
  accept: "Accept and sign in",
  accepting: "Accepting...",
  welcome: "Welcome to the team!",
  states: {
    expired: {
      heading: "This invitation has expired",
      body: "Invitations work for 24 hours. Ask the person who invited you to send a new one from the team's People page.",
    },
    revoked: {
      heading: "This invitation was withdrawn",
      body: "Ask the person who invited you if you should still join.",
    },
    accepted: {
      heading: "This invitation was already accepted",
      body: "Sign in with the address and the password you chose.",
    },
    "not-found": {
      heading: "This invitation does not exist",
      body: "Check that the whole link from the e-mail is in the address bar.",
    },
    incomplete: {
      heading: "This invitation link is incomplete",
      body: "Open the link from the e-mail again, or copy the whole of it into the address bar.",
    },
  },
  signIn: "Go to sign-in",
  linkUsed:
    "This invitation link has expired or was already used. Ask for a new invitation.",
  weakPassword: "Please choose a password of at least 12 characters.",
  failed: "The invitation could not be accepted. Please try again.",
  loadFailed:
    "The invitation could not be checked right now. Please try again in a moment.",
} as const;

export type InvitationPageState = keyof typeof INVITATION_COPY.states;
