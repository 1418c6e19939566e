// A readable difference between two revisions of a post, made on the
// server: each field as lines of text (a post's HTML as its blocks' text),
// compared line by line, so a reader sees which paragraphs changed.

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** Past this many lines on either side a field is shown as replaced whole. */
const MAX_LINES = 2000;

const LINE_ENDS = new Set([
  "/p",
  "/h1",
  "/h2",
  "/h3",
  "/h4",
  "/h5",
  "/h6",
  "/li",
  "/blockquote",
  "/pre",
  "/div",
  "/figure",
  "/figcaption",
  "/tr",
  "br",
]);

/** The tag's name as written, `/` first for an end tag, lower-cased. */
function tagName(tag: string) {
  let end = tag.startsWith("/") ? 1 : 0;
  while (end < tag.length && /[\da-z]/i.test(tag.charAt(end))) end++;
  return tag.slice(0, end).toLowerCase();
}

/** An `alt="…"` attribute's value in a tag's text, found by scanning. */
function altText(tag: string) {
  const lower = tag.toLowerCase();
  for (let at = lower.indexOf('alt="'); at !== -1;) {
    if (/\s/.test(lower.charAt(at - 1))) {
      const close = tag.indexOf('"', at + 5);
      return close === -1 ? null : tag.slice(at + 5, close);
    }
    at = lower.indexOf('alt="', at + 1);
  }
  return null;
}

/**
 * A post's HTML as one line of text per block (paragraph, heading, item).
 * The HTML may be what a form sent, so it is read by one scan from `<` to
 * `>`: a pattern over tags would retry every unclosed one to the end.
 */
export function htmlLines(html: string): string[] {
  let text = "";
  for (let from = 0; from < html.length;) {
    const open = html.indexOf("<", from);
    const close = open === -1 ? -1 : html.indexOf(">", open + 1);
    if (close === -1) {
      text += html.slice(from);
      break;
    }
    text += html.slice(from, open);
    const tag = html.slice(open + 1, close);
    const name = tagName(tag);
    if (name === "img") {
      const alt = altText(tag);
      text += alt === null ? "\n[image]\n" : `\n[image: ${alt}]\n`;
    } else if (LINE_ENDS.has(name)) {
      text += "\n";
    }
    from = close + 1;
  }
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "");
}

/** The lines of `after` against `before`: a longest common subsequence. */
export function diffLines(before: string[], after: string[]): DiffLine[] {
  if (before.length > MAX_LINES || after.length > MAX_LINES) {
    return [
      ...before.map((text) => ({ kind: "removed" as const, text })),
      ...after.map((text) => ({ kind: "added" as const, text })),
    ];
  }
  const rows = before.length + 1;
  const cols = after.length + 1;
  // lengths[i * cols + j]: the common lines of before[i..] and after[j..].
  const lengths = new Uint32Array(rows * cols);
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      lengths[i * cols + j] =
        before[i] === after[j]
          ? lengths[(i + 1) * cols + j + 1]! + 1
          : Math.max(lengths[(i + 1) * cols + j]!, lengths[i * cols + j + 1]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length && j < after.length) {
    if (before[i] === after[j]) {
      lines.push({ kind: "same", text: before[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * cols + j]! >= lengths[i * cols + j + 1]!) {
      lines.push({ kind: "removed", text: before[i]! });
      i++;
    } else {
      lines.push({ kind: "added", text: after[j]! });
      j++;
    }
  }
  for (; i < before.length; i++)
    lines.push({ kind: "removed", text: before[i]! });
  for (; j < after.length; j++) lines.push({ kind: "added", text: after[j]! });
  return lines;
}

export type RevisionFields = {
  title: string;
  excerpt: string | null;
  content: string;
  cover_image_url: string | null;
  tags: string[];
};

export type FieldDiff = { field: string; lines: DiffLine[]; changed: boolean };

/** Every shown field of two revisions, each with its lines compared. */
export function revisionDiff(
  before: RevisionFields,
  after: RevisionFields,
  labels: Record<keyof RevisionFields, string>,
): FieldDiff[] {
  const asLines = (value: string | null) => (value ? [value] : []);
  const pairs: [keyof RevisionFields, string[], string[]][] = [
    ["title", [before.title], [after.title]],
    ["excerpt", asLines(before.excerpt), asLines(after.excerpt)],
    [
      "cover_image_url",
      asLines(before.cover_image_url),
      asLines(after.cover_image_url),
    ],
    ["tags", before.tags, after.tags],
    ["content", htmlLines(before.content), htmlLines(after.content)],
  ];
  return pairs.map(([field, from, to]) => {
    const lines = diffLines(from, to);
    return {
      field: labels[field],
      lines,
      changed: lines.some((line) => line.kind !== "same"),
    };
  });
}
