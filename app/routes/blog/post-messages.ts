// The product's words for writing and deleting posts (keep them word for word), shared
// by the server and the browser. No imports, so a page that only needs a
// message (the blog list's delete button) does not pull in the form's schema.

export const MISSING_INFORMATION = {
  title: "Missing information",
  description: "Please provide a title and content for your post.",
} as const;

export const TITLE_REQUIRED_MESSAGE = "Please provide a title for your post.";
export const CONTENT_REQUIRED_MESSAGE = "Please provide content for your post.";
export const CONTENT_TOO_DEEP_MESSAGE = `Your post's formatting is nested too deeply (more than 32 levels of lists, quotes or blocks inside each other). Please simplify it.`;

export const POST_PUBLISHED = {
  title: "Your post has been published.",
} as const;
export const POST_UPDATED = { title: "Your post has been updated." } as const;
export const POST_DRAFT_SAVED = {
  title: "Your draft has been saved.",
  description: "Only you and the team can see it until it is published.",
} as const;
export function postScheduled(when: string) {
  return {
    title: "Your post has been scheduled.",
    description: `It will be published on ${when}.`,
  };
}
export const EDIT_CONFLICT = {
  title: "This post changed while you were editing",
  description:
    "Someone saved it after you opened it. Nothing of yours was saved yet: compare the two versions and choose.",
} as const;
export const PUBLISH_AT_REQUIRED_MESSAGE =
  "Please choose the date and time to publish at.";
export const PUBLISH_AT_PAST_MESSAGE =
  "Please choose a time in the future, or publish the post now.";
export const TIME_ZONE_UNKNOWN_MESSAGE =
  "Please choose a time zone from the list.";
export const PUBLISHED_STAYS_MESSAGE =
  "This post is published: it stays published, and saving it updates it.";
export const POST_FORM_TOO_MANY = {
  title: "Error",
  description:
    "Too many saves and previews at once. Please wait a minute and try again.",
} as const;
export const PUBLISH_FAILED = "Failed to publish post. Please try again.";
export const UPDATE_FAILED = "Failed to update post. Please try again.";

export const AUTHENTICATION_ERROR = {
  title: "Authentication Error",
  description: "Please sign in to publish posts",
} as const;
export const UPLOAD_ERROR = {
  title: "Upload Error",
  description: "Failed to upload image. Please try again.",
} as const;

export const LOAD_FAILED = {
  title: "Error",
  description: "Failed to load blog post.",
} as const;
export const POST_NOT_FOUND = {
  title: "Not Found",
  description: "Blog post not found.",
} as const;

export const POST_DELETED = {
  title: "Success",
  description: "Post deleted successfully",
} as const;
export const DELETE_FAILED = {
  title: "Error",
  description: "Failed to delete post",
} as const;

export const TAGS_TYPE_MESSAGE = "Tags must be text, separated by commas.";
export const COVER_SIZE_MESSAGE = "The cover image must be 5 MB or smaller.";
export const COVER_TYPE_MESSAGE =
  "The cover image must be a PNG, JPEG, GIF or WebP image.";
export const COVER_PIXELS_MESSAGE =
  "The cover image can be at most 25 megapixels, with 8 bits per colour. Please export it smaller, as a JPEG or an 8-bit PNG.";
export const CONTENT_SIZE_MESSAGE =
  "Your post is too large to save. Please use fewer or smaller inline images.";
