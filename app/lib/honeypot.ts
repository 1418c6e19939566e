/** The honeypot's field: hidden from people, filled in by form-filling bots. */
export const HONEYPOT_FIELD = "name__confirm";
