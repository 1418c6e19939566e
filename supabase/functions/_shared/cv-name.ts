import { CV_FILE_NAME_MAX_LENGTH } from "./limits.ts";
import { plainFileName } from "./text.ts";

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
    .trim();
  // The extension is taken before leading dots go, so ".pdf" stays a PDF.
  const dot = cleaned.lastIndexOf(".");
  const extension = dot >= 0 ? cleaned.slice(dot).toLowerCase() : "";
  const stem =
    (dot >= 0 ? cleaned.slice(0, dot) : cleaned)
      .replace(/^[.\s]+/, "")
      .trim() || "cv";
  return (
    stem.slice(0, CV_FILE_NAME_MAX_LENGTH - extension.length).trimEnd() +
    extension
  );
}

/** The object name the product fixes for a CV: `{millisecond timestamp}-{original file name}`. */
export function cvObjectName(original: string, now = Date.now()) {
  return `${now}-${safeFileName(original)}`;
}

export const CV_PATH_PATTERN =
  /^\d{13,}-[A-Za-z0-9_(-][A-Za-z0-9._ ()-]*\.(pdf|docx?)$/i;

/** How long the original file name may be in the notification to the team. */
export const CV_DISPLAY_NAME_MAX_LENGTH = CV_FILE_NAME_MAX_LENGTH * 2;

/**
 * The visitor's file name as the team sees it: as given, minus control
 * characters (Postgres refuses NUL) and format characters (a right-to-left
 * override would disguise the extension), cut to CV_DISPLAY_NAME_MAX_LENGTH so
 * an absurd name does not fail the whole application.
 */
export function cvDisplayName(original: string) {
  return plainFileName(original).slice(0, CV_DISPLAY_NAME_MAX_LENGTH);
}
