import type { PageState } from "./pages.server.ts";

// The page tools' words.

export const PAGES_PATH = "/admin/pages";

export const pagePath = (key: string) => `${PAGES_PATH}/${key}`;

const utc = (iso: string) =>
  `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC`;

export const PAGE_COPY = {
  pages: "Pages",
  pagesIntro:
    "The site's pages, as the team edits them. Each save is a revision; the public page is the newest one published.",
  editTitle: (name: string) => `Edit page: ${name}`,
  backToPages: "All pages",
  revisions: "Revisions",
  viewLive: "View the public page",
  columns: { page: "Page", state: "Status", changed: "Last change", by: "By" },
  state: (state: PageState) =>
    state.kind === "published"
      ? "Published"
      : state.kind === "draft"
        ? "Draft: changes not published yet"
        : `Scheduled for ${utc(state.at)}`,
  time: utc,
  seeded: "the site's first version",
  publishAt: "Publish at (UTC)",
  publishAtHelp: "Only for Schedule: the version goes live by itself then.",
  saveDraft: "Save draft",
  preview: "Preview",
  schedule: "Schedule",
  publish: "Publish",
  saved: {
    draft: "Draft saved. The public page is unchanged.",
    publish: "Published. The public page shows it within a few seconds.",
    schedule: "Scheduled. It publishes itself at the time you gave.",
  },
  conflict:
    "Someone saved this page after you opened it, so nothing was saved. Your words are still in the form: look at the newest version under Revisions, then save again to replace it.",
  failed: "The page could not be saved. Try again in a moment.",
  previewBanner: "Preview: not saved, not published",
  previewNote:
    "This is the page as the form's words would draw it. Save or publish below.",
  makeLink: "Make a preview link",
  linkHelp:
    "Opens the newest saved version for anyone with the link, signed out, for seven days.",
  linkReady: "Preview link (seven days)",
  linkFailed: "The preview link could not be made. Try again in a moment.",
  revisionsTitle: (name: string) => `Revisions: ${name}`,
  backToEditor: "Back to the editor",
  restore: "Restore as a draft",
  restored: "Restored as a draft. Publish it to put it live.",
  restoreConflict:
    "Someone saved this page meanwhile; nothing was restored. Look again and restore.",
  noChange: "No change from the version before.",
  firstVersion: "The first version.",
  publicBanner: "Preview of a page version",
  publicNote: (expires: string) =>
    `Not necessarily published. This link works until ${expires}.`,
} as const;
