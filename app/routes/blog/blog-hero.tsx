import { Link } from "react-router";
import classes from "./blog.module.css";
import ui from "#app/components/marketing/marketing.module.css";
import { BLOG_COPY, BLOG_PATH } from "#app/content/blog.ts";

/** Heading, subtitle and, when a tag is set, the way back to every post. */
export function BlogHero({ tag }: { tag: string | null }) {
  return (
    <section
      aria-labelledby="blog-heading"
      className={`${ui.underNav} ${ui.heroBackground} ${classes.hero}`}
    >
      <div className={ui.container}>
        <h1 id="blog-heading" className={classes.title}>
          {BLOG_COPY.heading}
        </h1>
        <p className={classes.subtitle}>
          {tag ? BLOG_COPY.taggedWith(tag) : BLOG_COPY.tagline}
        </p>
        {tag ? (
          <div className={classes.heroActions}>
            <Link to={BLOG_PATH} className={ui.buttonSecondary}>
              {BLOG_COPY.clearTagFilter}
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}
