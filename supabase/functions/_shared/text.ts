// Control characters a person never types into a name, a message or a file
// name: C0 controls other than tab, line feed and carriage return, and DEL.
// Postgres refuses NUL in text outright, so one that got through would turn a
// submission into a server error instead of a message.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");

export const CONTROL_CHARACTERS_MESSAGE =
  "Please remove the invisible control characters from this field";

export function hasNoControlCharacters(value: string) {
  return !CONTROL_CHARACTER.test(value);
}

// Line breaks in a field that is one line (a name, a company, a title):
// in a mail header or a greeting they start a line the writer controls.
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;

const LINE_BREAKS = new RegExp(LINE_BREAK.source, "g");

export const LINE_BREAKS_MESSAGE = "Please keep this field on one line";

export function hasNoLineBreaks(value: string) {
  return !LINE_BREAK.test(value);
}

export function withoutControlCharacters(value: string) {
  return value.replace(CONTROL_CHARACTERS, "");
}

// Unicode format characters (category Cf): bidirectional overrides and
// isolates, zero-width joiners, the byte order mark. In a file name they
// make "cv\u202Efdp.docx" show as "cvxcod.pdf"; they are never part of a
// name a person means.
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/** A file name as it may be stored and shown: no control or format characters. */
export function plainFileName(value: string) {
  return withoutControlCharacters(value)
    .replace(FORMAT_CHARACTERS, "")
    .replace(LINE_BREAKS, " ");
}

// Scans for what a pattern ending in `+$` or spanning `<[^>]*>` would find:
// a regular expression retries such a pattern from every position of a
// run it cannot finish, so a long run (of spaces, of `<`) costs its length
// squared. Each of these reads each character once.

/** `value` without the run of any of `characters` at its end. */
export function trimEndOf(value: string, characters: string) {
  let end = value.length;
  while (end > 0 && characters.includes(value.charAt(end - 1))) end--;
  return value.slice(0, end);
}

/** `value` without each `<` and what follows it up to the next `>`; a `<` with no `>` after it stays. */
export function withoutTags(value: string) {
  let out = "";
  let from = 0;
  for (;;) {
    const open = value.indexOf("<", from);
    if (open === -1) break;
    const close = value.indexOf(">", open + 1);
    if (close === -1) break;
    out += value.slice(from, open);
    from = close + 1;
  }
  return out + value.slice(from);
}
