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
  return withoutControlCharacters(value).replace(FORMAT_CHARACTERS, "");
}
