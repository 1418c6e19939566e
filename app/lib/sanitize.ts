import sanitizeHtml from "sanitize-html";

// The one allow-list for post bodies, the product's toolbar. It runs when a post
// is saved and again when it is rendered, so a row written by any other client
// still cannot put script, event handlers or foreign frames on the page.

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"];
const ALIGNABLE = [...HEADINGS, "p", "li", "blockquote"];

const ALLOWED_TAGS = [
  ...HEADINGS,
  "p",
  "br",
  "strong",
  "em",
  "u",
  "s",
  "sub",
  "sup",
  "ul",
  "ol",
  "li",
  "blockquote",
  "pre",
  "code",
  "a",
  "img",
  // The editor wraps a YouTube iframe in <div data-youtube-video>; keeping the
  // wrapper lets the post open again in the editor with its video.
  "div",
  "iframe",
  "span",
  "mark",
];

export const LINK_REL = "noopener noreferrer nofollow";

const YOUTUBE_HOSTS = new Set(["www.youtube.com", "www.youtube-nocookie.com"]);
const YOUTUBE_EMBED_PATH = /^\/embed\/[A-Za-z0-9_-]{1,64}$/;
const YOUTUBE_SANDBOX =
  "allow-scripts allow-same-origin allow-presentation allow-popups";

const IMAGE_PATH = /\.(?:jpe?g|gif|png)$/i;
const IMAGE_DATA_URL =
  /^data:image\/(?:png|jpe?g|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

// Browsers drop tabs and newlines inside URLs and treat "\" like "/", so
// "java\tscript:" and "/\evil.example" are not what they look like.
const URL_TRICKS = /[\u0000-\u001F\u007F\\]/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const RELATIVE_BASE = "https://relative.invalid/";

/** An http(s) URL, or a path on this site that cannot escape to another host. */
export function safeLinkUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const value = raw.trim();
  if (value === "" || URL_TRICKS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, RELATIVE_BASE);
  } catch {
    return null;
  }
  if (SCHEME.test(value)) {
    return url.protocol === "http:" || url.protocol === "https:" ? value : null;
  }
  if (value.startsWith("//")) return null;
  return url.origin === new URL(RELATIVE_BASE).origin ? value : null;
}

/** Images: URLs ending in jpg/jpeg/gif/png, or base64 png/jpeg/gif data URLs. */
export function safeImageUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const value = raw.trim();
  if (value.toLowerCase().startsWith("data:")) {
    return IMAGE_DATA_URL.test(value) ? value : null;
  }
  const link = safeLinkUrl(value);
  if (link === null) return null;
  // The path decides, so "evil.php?x=.png" is not an image.
  return IMAGE_PATH.test(new URL(link, RELATIVE_BASE).pathname) ? link : null;
}

/** A base64 png/jpeg/gif data URL, the only data: URL a link may point to. */
export function safeImageDataUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  return value && IMAGE_DATA_URL.test(value) ? value : null;
}

/** Only https YouTube embed URLs on the two official hosts. */
export function safeYoutubeEmbedUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const value = raw.trim();
  if (URL_TRICKS.test(value) || !/^https:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password || url.port) return null;
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  if (!YOUTUBE_EMBED_PATH.test(url.pathname)) return null;
  return url.toString();
}

// Variants of an uploaded image (decision 087): only objects of our own
// public blog-images bucket on the same host as the image's src, so a
// srcset can never load from anywhere the src could not.
const VARIANT_PATH =
  /^\/storage\/v1\/object\/public\/blog-images\/[^?#]+\.(?:webp|jpe?g|png)$/i;
const SRCSET_CANDIDATE = /^(\S+)\s+(\d{1,5})w$/;
// "(min-width: 820px) 780px, 100vw": width conditions and lengths only.
const SIZES_ENTRY =
  "(?:\\(\\s*(?:min|max)-width:\\s*\\d{1,5}(?:px|r?em)\\s*\\)\\s+)?\\d{1,5}(?:px|vw)";
const SIZES_VALUE = new RegExp(
  `^${SIZES_ENTRY}(?:\\s*,\\s*${SIZES_ENTRY}){0,5}$`,
);

/** The srcset of an uploaded image, or null when any candidate is not ours. */
export function safeVariantSrcSet(
  raw: string | undefined,
  src: string | null,
): string | null {
  const value = raw?.trim();
  if (!value || !src || URL_TRICKS.test(value)) return null;
  let origin: string;
  try {
    origin = new URL(src).origin;
  } catch {
    return null;
  }
  const candidates = value.split(",").map((candidate) => candidate.trim());
  const safe = candidates.every((candidate) => {
    const match = SRCSET_CANDIDATE.exec(candidate);
    const url = match ? httpUrl(match[1]!) : null;
    return url?.origin === origin && VARIANT_PATH.test(url.pathname);
  });
  return safe && candidates.length <= 4 ? candidates.join(", ") : null;
}

function httpUrl(value: string): URL | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const COLOR_VALUES = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d{1,4}|\d{1,3}%)\s*)?\)$/i,
  /^hsla?\(\s*\d{1,3}(?:deg)?\s*,\s*\d{1,3}%\s*,\s*\d{1,3}%\s*(?:,\s*(?:0|1|0?\.\d{1,4}|\d{1,3}%)\s*)?\)$/i,
  // Named colours and keywords such as "inherit": letters only, so no url() or expression().
  /^[a-z]{3,20}$/i,
];
const TEXT_ALIGN_VALUES = [/^(?:left|right|center|justify|start|end)$/];
// The editor's paragraph indent: whole em steps only.
const INDENT_VALUES = [/^\d{1,2}em$/];
const DIMENSION = /^\d{1,4}%?$/;
const DIRECTIONS = new Set(["ltr", "rtl", "auto"]);

function keepDimension(attribs: sanitizeHtml.Attributes, name: string) {
  const value = attribs[name];
  if (value !== undefined && !DIMENSION.test(value.trim()))
    delete attribs[name];
}

// sanitize-html reads allowedEmptyAttributes, but its published types lack it.
const OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    "*": ["dir"],
    ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, ["style"]])),
    a: ["href", "rel", "target", "title"],
    img: [
      "src",
      "srcset",
      "sizes",
      "loading",
      "alt",
      "title",
      "width",
      "height",
      // The author's mark that an image is decorative (decision 134).
      "data-decorative",
    ],
    iframe: [
      "src",
      "width",
      "height",
      "allowfullscreen",
      "sandbox",
      "loading",
      "referrerpolicy",
      "title",
    ],
    div: ["data-youtube-video"],
    ol: ["start"],
    span: ["style"],
    mark: ["style", "data-color"],
    code: ["class"],
  },
  allowedClasses: { code: [/^language-[A-Za-z0-9_+-]{1,32}$/] },
  allowedStyles: {
    "*": {
      color: COLOR_VALUES,
      "background-color": COLOR_VALUES,
      "text-align": TEXT_ALIGN_VALUES,
      "margin-inline-start": INDENT_VALUES,
    },
  },
  allowedSchemes: ["http", "https"],
  // Editor links may use data: (the product allows it), but only for the same
  // inert base64 images an <img> may show; the transform below enforces it.
  allowedSchemesByTag: {
    img: ["http", "https", "data"],
    a: ["http", "https", "data"],
  },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  allowedEmptyAttributes: [
    "alt",
    "allowfullscreen",
    "data-youtube-video",
    "data-decorative",
  ],
  disallowedTagsMode: "discard",
  transformTags: {
    "*": (tagName, attribs) => {
      if (attribs.dir === undefined || DIRECTIONS.has(attribs.dir)) {
        return { tagName, attribs };
      }
      const { dir: _dropped, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
    a: (tagName, attribs) => {
      const href = safeLinkUrl(attribs.href) ?? safeImageDataUrl(attribs.href);
      const next: sanitizeHtml.Attributes = { ...attribs, rel: LINK_REL };
      if (next.target !== "_blank") delete next.target;
      // A link with a scheme outside the allow-list stays as text with no destination.
      if (href === null) delete next.href;
      else next.href = href;
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const src = safeImageUrl(attribs.src);
      const next = { ...attribs };
      if (src === null) delete next.src;
      else next.src = src;
      const srcset = safeVariantSrcSet(attribs.srcset, src);
      if (srcset === null) delete next.srcset;
      else next.srcset = srcset;
      if (srcset === null || !SIZES_VALUE.test(next.sizes ?? "")) {
        delete next.sizes;
      }
      // Uploaded images load as the reader scrolls to them (decision 087).
      if (next.loading !== "lazy") delete next.loading;
      keepDimension(next, "width");
      keepDimension(next, "height");
      return { tagName, attribs: next };
    },
    iframe: (tagName, attribs) => {
      const src = safeYoutubeEmbedUrl(attribs.src);
      const next: sanitizeHtml.Attributes = {
        width: attribs.width ?? "640",
        height: attribs.height ?? "360",
        allowfullscreen: "",
        sandbox: YOUTUBE_SANDBOX,
        loading: "lazy",
        referrerpolicy: "strict-origin-when-cross-origin",
        title: "YouTube video",
      };
      if (src !== null) next.src = src;
      keepDimension(next, "width");
      keepDimension(next, "height");
      return { tagName, attribs: next };
    },
    mark: (tagName, attribs) => {
      const next = { ...attribs };
      const color = attribs["data-color"];
      if (color !== undefined && !COLOR_VALUES.some((re) => re.test(color))) {
        delete next["data-color"];
      }
      return { tagName, attribs: next };
    },
  },
  // Images and frames whose source did not survive are dropped altogether.
  exclusiveFilter: (frame) =>
    (frame.tag === "img" || frame.tag === "iframe") && !frame.attribs.src,
};

/**
 * A post's HTML as it may be stored. Postgres refuses NUL in text and no
 * control character belongs in a post: the caller removes them first
 * (sanitize-worker.ts), so its depth check reads these same characters.
 */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * The sanitiser's policy version, stored with each post's sanitised HTML
 * (public.post_html): change it with OPTIONS, and every post is sanitised
 * again once, on its next view.
 */
export const SANITIZER_VERSION = 3;
