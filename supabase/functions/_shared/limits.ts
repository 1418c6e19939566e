// Limits shared by the app's forms and the edge functions that receive them,
// so a rule tightened in one place holds in both.

export const NAME_MIN_LENGTH = 2;
export const MESSAGE_MIN_LENGTH = 10;

// Generous caps on free text: nobody needs a 20,000-character name, and the
// notification e-mail should stay readable.
export const NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 320;
export const MESSAGE_MAX_LENGTH = 10_000;

/** The product fixes a CV at 5 MB at most (5*1024*1024 bytes). */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_EXTENSIONS = [".pdf", ".doc", ".docx"] as const;
export const CV_FILE_NAME_MAX_LENGTH = 120;

export const CV_BUCKET = "cv-uploads";

/**
 * The header that carries the id Storage gave the CV's upload. Only the
 * uploader learns it, so it binds an application to its own upload: a cvPath
 * alone (a timestamp and a file name) could be guessed.
 */
export const CV_OBJECT_ID_HEADER = "x-cv-object-id";

/** How old a CV upload may be when its application arrives; the app sends it right after uploading. */
export const CV_CLAIM_WINDOW_MS = 15 * 60 * 1000;

/** Where notifications go when TEAM_NOTIFICATION_EMAIL is unset; the same address as SALES_EMAIL in app/content/site.ts. */
export const DEFAULT_TEAM_EMAIL = "sales@recursa.ai";

/**
 * Calls one address may make to a public function per window with the
 * publishable key, which is public: a direct caller meets these, the app
 * server (secret key) its own per-visitor limits (decision 092).
 */
export const FUNCTION_CALLS_PER_ADDRESS = { calls: 5, windowSeconds: 60 };
