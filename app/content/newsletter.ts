import { HONEYPOT_FIELD, HONEYPOT_LABEL } from "#app/lib/honeypot.ts";

// The newsletter's words on the site. Each form's wording is what a
// subscriber's consent evidence records, so a form's words change here only.

export const NEWSLETTER_PATH = "/newsletter";

/** The forms that sign up, by the key each posts as `form`. */
export const SUBSCRIBE_FORMS = {
  "newsletter-page": {
    wording:
      "Get new blueprints by e-mail. We send each new post once, nothing else; every e-mail has a one-click unsubscribe.",
  },
  "blog-list": {
    wording:
      "New blueprints by e-mail: each new post once, nothing else. Unsubscribe in one click.",
  },
  "blog-post": {
    wording:
      "Liked this blueprint? Get the next ones by e-mail: each new post once, nothing else. Unsubscribe in one click.",
  },
} as const;

export type SubscribeFormKey = keyof typeof SUBSCRIBE_FORMS;

export const NEWSLETTER_COPY = {
  title: "Newsletter",
  heading: "Blueprints by e-mail",
  description:
    "Each new blueprint from the Recursa team, in your inbox when it is published.",
  emailLabel: "Email",
  button: "Subscribe",
  busy: "Subscribing...",
  smallHeading: "Blueprints by e-mail",
} as const;

export const EMAIL_MESSAGE = "Please enter a valid email address";

/** The same answer for every valid address, subscribed or not. */
export const SUBSCRIBE_SENT = {
  title: "Check your inbox",
  text: "If this address can subscribe, a confirmation e-mail is on its way. Open it and press the button on the page it links to; nothing is sent until you do.",
} as const;

export const SUBSCRIBE_SUCCESS = {
  title: "Check your inbox",
  description: "Confirm your subscription from the e-mail we sent.",
} as const;

export const SUBSCRIBE_FAILURE = {
  title: "Error",
  description: "Something went wrong. Please try again in a moment.",
} as const;

export const CONFIRM_COPY = {
  title: "Confirm your subscription",
  text: "Press the button to receive new blueprints by e-mail.",
  button: "Confirm subscription",
  done: "You are subscribed",
  doneText:
    "New blueprints will reach you by e-mail. Every e-mail has a link to unsubscribe.",
  unchanged: "Nothing to confirm",
  unchangedText:
    "This address is confirmed already, or left the newsletter since. Sign up again on the newsletter page to rejoin.",
} as const;

export const UNSUBSCRIBE_COPY = {
  title: "Unsubscribe",
  text: "Press the button to stop receiving blueprints by e-mail.",
  button: "Unsubscribe",
  done: "You are unsubscribed",
  doneText: "No more newsletter e-mails will be sent to this address.",
} as const;

export const BAD_LINK_COPY = {
  title: "This link does not work",
  text: "The link is incomplete or was not made by us. Copy the whole link from the e-mail, or sign up again on the newsletter page.",
} as const;

/**
 * A blog page's small subscribe form's words, sent with the page's data
 * rather than built into its script (those pages' JavaScript is at its
 * budget).
 */
export function subscribeFormCopy(form: "blog-list" | "blog-post") {
  return {
    form,
    heading: NEWSLETTER_COPY.smallHeading,
    wording: SUBSCRIBE_FORMS[form].wording,
    label: NEWSLETTER_COPY.emailLabel,
    button: NEWSLETTER_COPY.button,
    honeypot: HONEYPOT_FIELD,
    honeypotLabel: HONEYPOT_LABEL,
  };
}

export type SubscribeFormCopy = ReturnType<typeof subscribeFormCopy>;

/** The team's pages: sending a post, and the subscribers. */
export const NEWSLETTER_ADMIN_PATH = "/admin/newsletter";

export const SEND_COPY = {
  pageTitle: "Send to subscribers",
  link: "Send to subscribers",
  intro:
    "Sends this post by e-mail to every confirmed subscriber, once. Send a test to yourself first.",
  notPublished:
    "Only a published post can be sent. Publish it, or wait for its scheduled time.",
  test: "Send a test to me",
  testSent: (email: string) => `A test was sent to ${email}.`,
  testFailed: "The test e-mail could not be sent. Please try again.",
  review: (count: number) =>
    `Send to ${count.toLocaleString("en-US")} subscribers…`,
  confirmQuestion: (count: number) =>
    `Send this post to ${count.toLocaleString("en-US")} confirmed subscribers now? It cannot be called back.`,
  confirm: (count: number) =>
    `Yes, send to ${count.toLocaleString("en-US")} subscribers`,
  cancel: "Cancel",
  failed: "The send could not be started. Please try again.",
  alreadySent: "This post was sent already.",
  progress: (sent: number, total: number) =>
    `${sent.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} sent`,
  failures: (count: number) =>
    count === 1 ? "1 batch failed" : `${count} batches failed`,
  finished: "Finished",
  sending: "Sending…",
  refresh: "Refresh",
  backToPost: "Back to the post",
  testPrefix: "[Test] ",
} as const;

export const SUBSCRIBER_STATUSES = [
  "pending",
  "confirmed",
  "unsubscribed",
  "suppressed",
] as const;

export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** The subscribers a search shows at most. */
export const SUBSCRIBER_PAGE_SIZE = 100;

export const SUBSCRIBERS_COPY = {
  title: "Subscribers",
  description:
    "The newsletter's subscribers by status, their consent evidence, and erasure on request.",
  statuses: {
    pending: "Pending",
    confirmed: "Confirmed",
    unsubscribed: "Unsubscribed",
    suppressed: "Suppressed",
  },
  search: "Search by address",
  searchButton: "Search",
  export: "Export CSV",
  columns: {
    email: "Address",
    status: "Status",
    requested: "Asked",
    confirmed: "Confirmed",
    form: "Form",
  },
  none: "No subscriber matches.",
  shown: (shown: number) => `Showing the first ${shown} matches.`,
  eraseHeading: "Erase an address",
  eraseHint:
    "Removes the address and its consent evidence for good, as its owner may ask.",
  eraseLabel: "Address to erase",
  erase: "Erase",
  erased: "The address was erased.",
  notFound: "No subscriber has that address.",
  failed: "That did not work. Please try again.",
} as const;
