import { postDescription } from "#app/routes/blog/post-description.ts";
import { POST_FORM_COPY } from "./labels.ts";
import type { SharePreviewData } from "./types.ts";

/** The form's words that its search result and link preview show. */
export type ShareText = {
  title: string;
  excerpt: string;
  metaDescription: string;
};

export function readShareText(form: HTMLFormElement): ShareText {
  const data = new FormData(form);
  const text = (name: keyof ShareText) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    title: text("title"),
    excerpt: text("excerpt"),
    metaDescription: text("metaDescription"),
  };
}

/** The previews' data by the page's own rules (post-description.ts). */
export function sharePreviewData({
  text: { title, excerpt, metaDescription },
  url,
  imageUrl,
}: {
  text: ShareText;
  url: string;
  imageUrl: string;
}): SharePreviewData {
  const shown = title.trim() || POST_FORM_COPY.untitled;
  return {
    title: shown,
    description: postDescription({
      title: shown,
      excerpt,
      meta_description: metaDescription,
    }),
    url,
    imageUrl,
  };
}
