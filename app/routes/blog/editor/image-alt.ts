// Every image a reader gets must say what it shows, or be marked decorative
// on purpose, before a post goes public (decision 134). An inline image is
// described by its alt text or marked by `data-decorative` (the editor's
// image control sets either; without JavaScript the author writes them in
// the HTML); the cover by the form's two fields.

/** The attribute that marks an inline image decorative (with alt=""). */
export const DECORATIVE_ATTRIBUTE = "data-decorative";

export type ContentImage = {
  src: string;
  alt: string | null;
  decorative: boolean;
};

const ATTRIBUTE =
  /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function decodeEntities(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&amp;/g, "&");
}

/**
 * The attribute text of each `<img …>` tag, by one scan that steps over
 * quoted values: a pattern over quoted attributes retries every unclosed
 * tag to the end, so a post of `<img ` repeated costs its length squared.
 * A tag left open reaches the end: no image closes after it.
 */
function imgTags(html: string): string[] {
  const tags: string[] = [];
  for (let from = 0; ;) {
    const open = html.indexOf("<", from);
    if (open === -1) return tags;
    from = open + 1;
    if (
      html.slice(open + 1, open + 4).toLowerCase() !== "img" ||
      /\w/.test(html.charAt(open + 4))
    )
      continue;
    let quote = "";
    let at = open + 4;
    for (; at < html.length; at++) {
      const char = html.charAt(at);
      if (quote) {
        if (char === quote) quote = "";
      } else if (char === '"' || char === "'") quote = char;
      else if (char === ">") break;
    }
    if (at >= html.length) return tags;
    tags.push(html.slice(open + 4, at));
    from = at + 1;
  }
}

/** The images of a post's HTML, in order, with what describes them. */
export function contentImages(html: string): ContentImage[] {
  const images: ContentImage[] = [];
  for (const attributes of imgTags(html)) {
    const found = new Map<string, string>();
    for (const [, name = "", double, single, bare] of attributes.matchAll(
      ATTRIBUTE,
    )) {
      const key = name.toLowerCase();
      if (!found.has(key)) {
        found.set(key, decodeEntities(double ?? single ?? bare ?? ""));
      }
    }
    images.push({
      src: found.get("src") ?? "",
      alt: found.get("alt") ?? null,
      decorative: found.has(DECORATIVE_ATTRIBUTE),
    });
  }
  return images;
}

/** How the list names an inline image: its place and its file's name. */
function imageName(image: ContentImage, index: number) {
  const place = `image ${index + 1} in the content`;
  if (image.src.startsWith("data:")) return `${place} (pasted)`;
  const file = image.src.split(/[?#]/)[0]?.split("/").pop() ?? "";
  return file ? `${place} (${decodeURIComponent(file).slice(0, 60)})` : place;
}

function described(alt: string | null | undefined) {
  return Boolean(alt?.trim());
}

export const COVER_IMAGE_NAME = "the cover image";

/**
 * The images that are neither described nor marked decorative, named as
 * the refusal lists them; empty when the post may go public.
 */
export function imagesMissingAlt({
  content,
  cover,
}: {
  content: string;
  cover: { present: boolean; alt?: string | null; decorative: boolean };
}): string[] {
  const missing =
    cover.present && !cover.decorative && !described(cover.alt)
      ? [COVER_IMAGE_NAME]
      : [];
  contentImages(content).forEach((image, index) => {
    if (!image.decorative && !described(image.alt)) {
      missing.push(imageName(image, index));
    }
  });
  return missing;
}

/** The refusal: which images still need a description. */
export function missingAltMessage(missing: string[]) {
  return `Before publishing or scheduling, describe each image or mark it decorative: ${missing.join("; ")}.`;
}
