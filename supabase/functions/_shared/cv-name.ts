import { CV_FILE_NAME_MAX_LENGTH } from "./limits.ts";

// Characters Supabase Storage accepts in object keys and that need no quoting
// anywhere the name is shown; everything else becomes "_".
const UNSAFE = /[^A-Za-z0-9._ ()-]/g;

/**
 * The visitor's file name made safe for an object key: no directories, no
 * control characters, no leading dots, at most CV_FILE_NAME_MAX_LENGTH
 * characters with the extension kept.
 */
export function safeFileName(original: string) {
  const base = original.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(UNSAFE, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim();
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 ? cleaned.slice(dot).toLowerCase() : "";
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).trim() || "cv";
  return (
    stem.slice(0, CV_FILE_NAME_MAX_LENGTH - extension.length).trimEnd() +
    extension
  );
}

/** The object name SPEC.md gives a CV: `{millisecond timestamp}-{original file name}`. */
export function cvObjectName(original: string, now = Date.now()) {
  return `${now}-${safeFileName(original)}`;
}

export const CV_PATH_PATTERN =
  /^\d{13,}-[A-Za-z0-9_(-][A-Za-z0-9._ ()-]*\.(pdf|docx?)$/i;
