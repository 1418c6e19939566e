import type { ReactNode } from "react";
import classes from "./blog.module.css";
import ui from "#app/components/marketing/marketing.module.css";
import { BLOG_COPY } from "#app/content/blog.ts";

/**
 * Heading and subtitle of the list, then what the list puts under them (the
 * search box and the ways back). Those stay in the list's own chunk: the
 * blog layout renders this hero too, on every blog page.
 */
export function BlogHero({
  tag,
  children,
}: {
  tag: string | null;
  children?: ReactNode;
}) {
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
        {children}
      </div>
    </section>
  );
}
