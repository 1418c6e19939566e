// The provider writes a text part from the HTML when a send has none
// (Resend: "If not provided, the HTML will be used to generate a plain text
// version"), so the mailbox shows a recipient the same two parts.

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

export function decodeEntities(text: string) {
  return text.replace(
    /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi,
    (entity, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X"
            ? parseInt(name.slice(2), 16)
            : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    },
  );
}

export function htmlToText(html: string) {
  return decodeEntities(
    html
      .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, "")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(
        /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi,
        (
          _,
          double: string | undefined,
          single: string | undefined,
          label: string,
        ) => {
          const href = double ?? single ?? "";
          const text = label.replace(/<[^>]*>/g, "").trim();
          return !text || text === href ? href : `${text} (${href})`;
        },
      )
      .replace(/<li\b[^>]*>/gi, "\n* ")
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/(p|h[1-6]|blockquote|table|ul|ol)\s*>/gi, "\n\n")
      .replace(/<\/(div|tr)\s*>|<hr\b[^>]*>/gi, "\n")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/[ \t\f\r]+/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
