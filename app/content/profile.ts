// Every word of a writer's profile: the page where they edit it
// (/admin/profile) and the public page that lists their posts
// (/blueprints/authors/{slug}).

export const PROFILE_PATH = "/admin/profile";

export const AUTHORS_PATH = "/blueprints/authors";

export const authorPath = (slug: string) => `${AUTHORS_PATH}/${slug}`;

export const PROFILE_COPY = {
  title: "Your profile",
  description:
    "The name, photo, bio and links readers see on your posts and your author page.",
  fields: {
    display_name: "Display name",
    slug: "Page address",
    bio: "Short bio",
    photo: "Photo",
    removePhoto: "Remove the photo",
    links: "Links",
  },
  hints: {
    slug: (example: string) =>
      `Lowercase letters, digits and hyphens: ${example}. Left empty, it is made from your name.`,
    bio: "At most 500 characters.",
    photo: "PNG, JPEG, GIF or WebP, 5 MB at most. It is shown small and round.",
    links:
      "Up to five https addresses, one per line (your site, GitHub, LinkedIn).",
  },
  notPublicYet:
    "Readers see your profile once a public post is credited to you.",
  viewPage: "View your author page",
  photoAlt: (name: string) => `Photo of ${name}`,
  save: "Save profile",
  saving: "Saving...",
  saved: "Your profile was saved.",
  failed: "Your profile could not be saved. Please try again.",
  slugTaken: "Another person's page already has that address.",
  photoFailed: "The photo could not be stored. Please try another.",
  loadFailed: "Failed to load your profile",
} as const;

export const PROFILE_MESSAGES = {
  nameRequired: "Enter the name readers should see.",
  nameTooLong: "Use at most 80 characters.",
  slug: "Use lowercase letters, digits and single hyphens, at most 60 characters.",
  bio: "Use at most 500 characters.",
  links: "Enter at most five https:// addresses, one per line, without spaces.",
  photoSize: "The photo must be 5 MB or smaller.",
  photoType: "The photo must be a still PNG, JPEG, GIF or WebP image.",
} as const;

export const AUTHOR_PAGE_COPY = {
  postsHeading: (name: string) => `Posts by ${name}`,
  linksLabel: (name: string) => `${name} elsewhere`,
  notFoundTitle: "Author not found",
  notFoundMessage: "No author has a page at this address.",
  errorTitle: "Author unavailable",
  errorFallback: "We could not load this author right now.",
  description: (name: string, bio: string | null) =>
    bio ?? `Blueprints written by ${name}.`,
} as const;
