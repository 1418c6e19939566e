// The words of a draft's preview page (/preview/{token}).
export const PREVIEW_PAGE_COPY = {
  banner: "Draft preview",
  bannerText: (expires: string) =>
    `This post is not published. This private link works until ${expires}; please do not share it.`,
  description: "A preview of a post that is not published yet.",
  unavailable: "The preview is unavailable right now. Please try again.",
} as const;
