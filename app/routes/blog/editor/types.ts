import type { SubmissionResult } from "@conform-to/react";
import type { ToastData } from "#app/utils/toast.ts";
import type { PostTextField } from "./post-schema.ts";

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
  /** Only the post's author may delete it, while an author. */
  deletable: boolean;
  content: string;
  coverImageUrl: string | null;
  tags: string[];
};
