import { Form, Link } from "react-router";
import ui from "#app/components/marketing/marketing.module.css";
import { NEWSLETTER_PATH } from "#app/content/newsletter.ts";

// The page a newsletter e-mail's link opens: its words and one button. Only
// the button's POST acts, so a mail scanner that opens every link changes
// nothing. A plain form: it works before and without JavaScript.

export function LinkPage({
  title,
  text,
  button,
  done,
}: {
  title: string;
  text: string;
  /** The button's label; none once the press is done. */
  button: string | null;
  done: boolean;
}) {
  return (
    <section
      className={`${ui.underNav} ${ui.heroBackground}`}
      aria-labelledby="newsletter-link-heading"
    >
      <div
        className={ui.container}
        style={{ maxWidth: 620, paddingBottom: "6rem" }}
        role={done ? "status" : undefined}
      >
        <h1 id="newsletter-link-heading">{title}</h1>
        <p>{text}</p>
        {button ? (
          <Form method="post">
            <button type="submit" className={ui.button}>
              {button}
            </button>
          </Form>
        ) : (
          <Link to={NEWSLETTER_PATH} className={ui.buttonSecondary}>
            Newsletter
          </Link>
        )}
      </div>
    </section>
  );
}
