// A readable difference between two revisions of a post, made on the
// server: each field as lines of text (a post's HTML as its blocks' text),
// compared line by line, so a reader sees which paragraphs changed.

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** Past this many lines on either side a field is shown as replaced whole. */
const MAX_LINES = 2000;

/** A post's HTML as one line of text per block (paragraph, heading, item). */
export function htmlLines(html: string): string[] {
  return html
    .replace(/<img\b[^>]*?\balt="([^"]*)"[^>]*>/gi, "\n[image: $1]\n")
    .replace(/<img\b[^>]*>/gi, "\n[image]\n")
    .replace(
      /<\/(p|h[1-6]|li|blockquote|pre|div|figure|figcaption|tr)>|<br\s*\/?>/gi,
      "\n",
    )
    .replace(/<[^>]*>/g, "")
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
