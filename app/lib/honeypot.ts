/** The honeypot's field: hidden from people, filled in by form-filling bots. */
export const HONEYPOT_FIELD = "name__confirm";

/** Its label, for the one reader who meets it (a screen reader told to ignore nothing). */
export const HONEYPOT_LABEL = "Please leave this field blank";
