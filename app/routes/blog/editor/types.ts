import type { SubmissionResult } from "@conform-to/react";
import type { ToastData } from "#app/utils/toast.ts";
import type { PostTextField } from "./post-schema.ts";
import type { PostState } from "./publication.ts";

/** The preview the server renders for the Preview button (with or without JavaScript). */
export type PostPreviewData = {
  title: string;
  /** Sanitized exactly as it would be stored. */
  html: string;
  coverUrl: string | null;
  /** The time of the preview, shown as the creation date. */
  createdAt: string;
};

/** What the /write and /edit/{id} actions answer when they do not redirect. */
export type PostActionData = {
  result: SubmissionResult<string[]>;
  toast: ToastData | null;
  preview: PostPreviewData | null;
};

/** The post being edited, as the form needs it. */
export type EditablePost = Record<PostTextField, string | null> & {
  id: string;
  content: string;
  coverImageUrl: string | null;
  tags: string[];
  publication: EditablePublication;
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
