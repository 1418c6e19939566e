// Every word the post form shows, fixed by the product; the messages the
// schema and server share are in app/routes/blog/post-messages.ts.

export const POST_FORM_COPY = {
  byline: "Author",
  bylineHint:
    "Shown on the post with their photo and page. Posts written before profiles show the team until someone credits them.",
  bylineTeam: "Recursa Team",
  coAuthor: "Co-author",
  coAuthorNone: "None",
  coAuthorSame: "The co-author must be someone other than the author.",
  personUnknown: "Choose a person from the list.",
  writeHeading: "Write a New Post",
  autosaveNoAnswer: "the server did not answer.",
  editHeading: "Edit Blog Post",
  preview: "Preview",
  newPost: "New Post",
  blueprints: "Blueprints",
  title: "Title",
  titlePlaceholder: "Enter post title",
  cover: "Cover Image",
  coverHint: "PNG, JPEG, GIF or WebP, up to 5 MB.",
  coverPreview: "Chosen cover image",
  currentCover: "Current cover image",
  coverAlt: "Cover description (alt text)",
  coverAltHint:
    "What the image shows, for readers who cannot see it. Needed to publish, unless the cover is decorative.",
  coverDecorative: "The cover is decorative: it needs no description",
  imageAltHeading: "Images to describe",
  coverChooseAgain:
    "Choose the cover image again before publishing: files are not kept between submissions.",
  excerpt: "Excerpt",
  excerptPlaceholder: "A short summary shown on the blog list (optional)",
  content: "Content",
  contentHint: "Without JavaScript, write the post as HTML.",
  tags: "Tags",
  tagsPlaceholder: "Type a tag and press Enter",
  tagsCommaHint: "More tags, separated by commas",
  existingTags: "Existing tags",
  removeTag: (tag: string) => `Remove tag ${tag}`,
  publish: "Publish Post",
  publishing: "Publishing...",
  update: "Update Post",
  updating: "Updating...",
  closePreview: "Close preview",
  viewPost: "View post",
  leaveTitle: "Leave without saving?",
  leaveText:
    "Your changes to this post are not saved yet. If you leave now, they are lost.",
  stay: "Keep writing",
  leave: "Leave",
  previewHeading: "Preview",
  previewLoading: "Preparing the preview...",
  untitled: "Untitled post",
  loadingPost: "Loading the post...",
} as const;

/** How many days of views the list of one's posts shows. */
export const OWN_POST_VIEW_DAYS = 30;

export const BACKSTOP_COPY = {
  title: "Unsaved changes were kept in this browser",
  text: (when: string) =>
    `This post was being edited here on ${when} and not sent. Restore those changes, or discard them and keep the post as it is shown.`,
  restore: "Restore unsaved changes",
  discard: "Discard them",
} as const;

export const SHARE_PREVIEW_COPY = {
  metaDescription: "Meta description",
  metaDescriptionHint:
    "What search results and link previews say of the post. Empty: the excerpt.",
  socialImage: "Social image",
  socialImageHint:
    "Shown when the post is shared (cropped to 1200×630). Empty: the cover's.",
  currentSocialImage: "Current social image",
  heading: "In search results and when shared",
  search: "Search result",
  card: "Link preview",
  cardImage: "The post's social image",
} as const;

export const PUBLICATION_COPY = {
  heading: "Publishing",
  hint: "Publish Post publishes at once. Save draft keeps the post to yourself and the team; Schedule publishes it by itself at the time you choose.",
  publishAt: "Publish at",
  timeZone: "Time zone",
  saveDraft: "Save draft",
  schedule: "Schedule",
  draft: "Draft",
  scheduled: "Scheduled",
  scheduledFor: (when: string) => `Scheduled for ${when}`,
  published: "Published",
  yourPosts: "Your posts",
  yourPostsHint: `Drafts and scheduled posts are seen only by you and the team. Published posts show their views over the last ${OWN_POST_VIEW_DAYS} days.`,
  noPosts: "You have no posts yet.",
  views: ({ views, visitors }: { views: number; visitors: number }) =>
    `${views} ${views === 1 ? "view" : "views"} · ${visitors} ${visitors === 1 ? "visitor" : "visitors"} in ${OWN_POST_VIEW_DAYS} days`,
  edit: (title: string) => `Edit ${title}`,
  previewLinks: "Preview links",
  revisions: "Revisions",
} as const;

export const CONFLICT_COPY = {
  changesHeading: "Their saved version, and what yours changes in it",
  keepMine: "Save my version",
  keepMineHint:
    "Saving yours replaces theirs; theirs stays in the post's revisions.",
  takeTheirs: "Use their version",
} as const;

export const REVISIONS_COPY = {
  pageTitle: "Revisions",
  intro:
    "Every save keeps a revision (the newest 100). Compare any two, or restore one: the post as it is now stays in this list.",
  from: "Compare from",
  to: "to",
  compare: "Compare",
  restore: "Restore",
  restoreLabel: (when: string) => `Restore the revision of ${when}`,
  savedBy: (you: boolean) => (you ? "by you" : "by another editor"),
  autosaved: (you: boolean) =>
    you ? "autosaved by you" : "autosaved by another editor",
  current: "current",
  noRevisions: "This post has no revisions yet.",
  unavailable: "The revisions are unavailable right now. Please try again.",
  diffHeading: (from: string, to: string) => `Changes from ${from} to ${to}`,
  unchanged: "No changes.",
  restored: (when: string) => ({
    title: "Revision restored",
    description: `The post is as it was on ${when}.`,
  }),
  restoreFailed: "The revision could not be restored. Please try again.",
  fields: {
    title: "Title",
    excerpt: "Excerpt",
    content: "Content",
    cover_image_url: "Cover image",
    tags: "Tags",
  },
  backToPost: "Back to the post",
} as const;

export const PREVIEW_LINKS_COPY = {
  pageTitle: "Preview links",
  intro:
    "A preview link opens this post for anyone who has it, without an account, for 7 days. Revoking closes every link of the post at once.",
  create: "Create preview link",
  revoke: "Revoke all links",
  created: "Your preview link. Copy it now: it is shown only once.",
  link: "Preview link",
  revoked: "Every preview link of this post is closed.",
  failed: "The preview link could not be saved. Please try again.",
  published:
    "This post is published: share its address instead of a preview link.",
  open: (count: number) =>
    count === 0
      ? "No preview link of this post is open."
      : `${count} preview ${count === 1 ? "link is" : "links are"} open; the next expires on`,
  backToPost: "Back to the post",
} as const;

export const EDITOR_LABELS = {
  textStyle: "Text style",
  paragraph: "Normal text",
  paragraphShort: "Text",
  heading: (level: number) => `Heading ${level}`,
  more: "More formatting",
  strike: "Strikethrough",
  subscript: "Subscript",
  superscript: "Superscript",
  blockquote: "Blockquote",
  codeBlock: "Code block",
  unlink: "Remove link",
  clearFormatting: "Clear formatting",
  indent: "Indent",
  outdent: "Outdent",
  rtl: "Right-to-left text",
  backgroundColor: "Background color",
  backgroundColorSwatch: (color: string) => `Set background color ${color}`,
  clearBackground: "Remove background color",
  image: "Insert image",
  imageRefused: "Only PNG, JPEG, GIF and WebP images can be added.",
  video: "Insert YouTube video",
  videoPrompt: "YouTube video URL",
  videoRefused: "Please enter a valid YouTube URL.",
  imageDescription: "Describe image",
  imageDescriptionHint: "Select an image in the content first.",
  imageAlt: "Image alt text",
  imageDecorative: "Decorative image: no description",
  applyDescription: "Apply",
} as const;

/** An autosave of a post that is no longer a draft, refused. */
export const AUTOSAVE_DRAFTS_ONLY = {
  title: "Not saved automatically",
  description:
    "Only drafts are saved automatically. Use the buttons below to save this post.",
} as const;

/** The post form's autosave status line. */
export const AUTOSAVE_COPY = {
  saving: "Saving…",
  saved: (time: string) => `Draft saved at ${time}`,
  failed: (reason: string) =>
    `The draft was not saved: ${reason} Your work is still kept in this browser.`,
  stopped:
    "Not saved automatically: someone else saved this post. Choose a version above; your work is still kept in this browser.",
} as const;
