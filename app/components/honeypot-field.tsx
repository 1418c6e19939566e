import classes from "./honeypot-field.module.css";
import { HONEYPOT_FIELD, HONEYPOT_LABEL } from "#app/lib/honeypot.ts";

/**
 * The honeypot every public form and the sign-in form start with
 * (app/utils/honeypot.server.ts reads it). Ours rather than remix-utils'
 * HoneypotInputs, which writes a <style> element into <body> and an
 * autocomplete token ("nope") that HTML does not define; "off" keeps
 * browsers from filling it in, and its rule is in the page's stylesheet.
 */
export function HoneypotField() {
  return (
    <div className={classes.honeypot} aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>{HONEYPOT_LABEL}</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        defaultValue=""
        autoComplete="off"
        tabIndex={-1}
      />
    </div>
  );
}
