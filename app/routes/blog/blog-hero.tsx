import { Form, Link } from "react-router";
import classes from "./blog.module.css";
import ui from "#app/components/marketing/marketing.module.css";
import { BLOG_COPY, BLOG_PATH, MAX_SEARCH_LENGTH } from "#app/content/blog.ts";
import { listHref } from "#app/lib/pagination.ts";

/**
 * Heading, subtitle, the search box and, when a tag or a search is set, the
 * way back without it. The search is a plain GET form, so it works before
 * (and without) JavaScript; a set tag rides along as a hidden field.
 */
export function BlogHero({ tag, q }: { tag: string | null; q: string | null }) {
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
        <Form
          method="get"
          action={BLOG_PATH}
          role="search"
          className={classes.search}
        >
          {tag ? <input type="hidden" name="tag" value={tag} /> : null}
          <input
            key={q}
            type="search"
            name="q"
            defaultValue={q ?? ""}
            maxLength={MAX_SEARCH_LENGTH}
            aria-label={BLOG_COPY.searchLabel}
            placeholder={BLOG_COPY.searchLabel}
            className={classes.searchInput}
          />
          <button type="submit" className={ui.button}>
            {BLOG_COPY.searchButton}
          </button>
        </Form>
        {tag || q ? (
          <div className={classes.heroActions}>
            {tag ? (
              <Link
                to={listHref(BLOG_PATH, { q })}
                className={ui.buttonSecondary}
              >
                {BLOG_COPY.clearTagFilter}
              </Link>
            ) : null}
            {q ? (
              <Link
                to={listHref(BLOG_PATH, { tag })}
                className={ui.buttonSecondary}
              >
                {BLOG_COPY.clearSearch}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
