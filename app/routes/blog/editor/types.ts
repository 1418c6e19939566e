import type { SubmissionResult } from "@conform-to/react";
import type { Byline } from "#app/routes/blog/authors.server.ts";
import type { ToastData } from "#app/utils/toast.ts";
import type { PostTextField } from "./post-schema.ts";
import type { PostState } from "./publication.ts";
import type { FieldDiff } from "./revision-diff.ts";

/** The preview the server renders for the Preview button (with or without JavaScript). */
export type PostPreviewData = Record<PostTextField, string | null> & {
  /** Sanitized exactly as it would be stored. */
  html: string;
  coverUrl: string | null;
  /** The time of the preview, shown as the creation date. */
  createdAt: string;
  tags: string[];
  /** As the post page will show it; null if the words could not be counted. */
  readingTime: string | null;
  /** Its byline as the post's page shows it; none: the team's. */
  authors: Byline[];
  /** The post form's previews have it; a preview link's page does not. */
  share?: SharePreviewData;
};

/** What the post's meta tags will say: its search result and link preview. */
export type SharePreviewData = {
  title: string;
  description: string;
  /** The post's address (the blog's for a post not saved yet). */
  url: string;
  imageUrl: string;
};

/** A save refused because the post changed since the form was made. */
export type PostConflict = {
  /** The post's version now: saving again with it keeps the author's. */
  updatedAt: string;
  /** What the refused submission asked, to ask it again. */
  intent: "publish" | "draft" | "schedule";
  /** Field by field, from the saved version to the author's. */
  changes: FieldDiff[];
};

/** What the /write and /edit/{id} actions answer when they do not redirect. */
export type PostActionData = {
  result: SubmissionResult<string[]>;
  toast: ToastData | null;
  preview: PostPreviewData | null;
  conflict?: PostConflict;
  /** An autosave's answer: the post it saved, now at this version. */
  autosaved?: { id: string; updatedAt: string };
};

/** The post being edited, as the form needs it. */
export type EditablePost = Record<PostTextField, string | null> & {
  id: string;
  /** Only the post's author may delete it, while an author. */
  deletable: boolean;
  /** The editor may send it to the newsletter (an editor or admin). */
  sendsNewsletter: boolean;
  content: string;
  coverImageUrl: string | null;
  coverAlt: string | null;
  coverDecorative: boolean;
  metaDescription: string | null;
  /** Whom it is credited to (null: the team) and its co-author. */
  bylineId: string | null;
  coAuthorId: string | null;
  /** The author's own social image, and the one the post shows now. */
  socialImage: { own: string | null; current: string | null };
  tags: string[];
  publication: EditablePublication;
  /** The version the form is made from (the row's updated_at). */
  updatedAt: string;
};

/** Where a post being edited stands, as the publishing section shows it. */
export type EditablePublication = {
  state: PostState;
  /** A scheduled post's time as the datetime-local field shows it, in `timeZone`. */
  publishAt: string | null;
  timeZone: string | null;
  /** The state in words, with the time for a scheduled post. */
  label: string;
};
