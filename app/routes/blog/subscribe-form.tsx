import classes from "./blog.module.css";
import ui from "#app/components/marketing/marketing.module.css";
import type { SubscribeFormCopy } from "#app/content/newsletter.ts";
import { InlineField } from "./inline-field.tsx";

/**
 * The blog's subscribe form: a plain HTML post to /newsletter, whose page
 * answers it, with JavaScript or without. Its words and its honeypot's name
 * come with the page's data, so its script is the markup alone; the browser
 * checks the address, the server checks it again.
 */
export function SubscribeForm({ copy }: { copy: SubscribeFormCopy }) {
  const id = `subscribe-${copy.form}`;
  return (
    <section className={classes.listSection}>
      <form
        method="post"
        action="/newsletter"
        className={`${ui.container} ${classes.subscribe}`}
        aria-labelledby={id}
      >
        <h2 id={id}>{copy.heading}</h2>
        <p>{copy.wording}</p>
        <div className={classes.trap} aria-hidden="true">
          <label htmlFor={copy.honeypot}>{copy.honeypotLabel}</label>
          <input
            id={copy.honeypot}
            name={copy.honeypot}
            defaultValue=""
            autoComplete="off"
            tabIndex={-1}
          />
        </div>
        <input type="hidden" name="form" value={copy.form} />
        <InlineField
          type="email"
          name="email"
          required
          autoComplete="email"
          label={copy.label}
          button={copy.button}
        />
      </form>
    </section>
  );
}
