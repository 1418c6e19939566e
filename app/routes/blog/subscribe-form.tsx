import classes from "./blog.module.css";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import type { SubscribeFormCopy } from "#app/content/newsletter.ts";

/**
 * The blog's subscribe form: a plain HTML post to /newsletter, whose page
 * answers it, with JavaScript or without. Its words come with the page's
 * data; the browser checks the address, the server checks it again.
 */
export function SubscribeForm({ copy }: { copy: SubscribeFormCopy }) {
  const id = `subscribe-${copy.form}`;
  return (
    <form
      method="post"
      action="/newsletter"
      className={classes.subscribe}
      aria-labelledby={id}
    >
      <h2 id={id} className={classes.footerHeading}>
        {copy.heading}
      </h2>
      <p>{copy.wording}</p>
      <HoneypotField />
      <input type="hidden" name="form" value={copy.form} />
      <input
        type="email"
        name="email"
        required
        autoComplete="email"
        aria-label={copy.label}
        placeholder={copy.label}
      />
      <button type="submit" className={ui.button}>
        {copy.button}
      </button>
    </form>
  );
}
