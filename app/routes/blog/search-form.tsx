import { Form, Link } from "react-router";
import classes from "./blog.module.css";
import ui from "#app/components/marketing/marketing.module.css";
import { BLOG_PATH } from "#app/content/blog.ts";
import { MAX_SEARCH_LENGTH, LIST_COPY } from "#app/content/blog-list.ts";
import { listHref } from "#app/lib/pagination.ts";
import { InlineField } from "./inline-field.tsx";

/**
 * The search box and, when a tag or a search is set, the way back without
 * it. A plain GET form, so it works before (and without) JavaScript; a set
 * tag rides along as a hidden field.
 */
export function SearchForm({
  tag,
  q,
}: {
  tag: string | null;
  q: string | null;
}) {
  return (
    <>
      <Form
        method="get"
        action={BLOG_PATH}
        role="search"
        className={classes.search}
      >
        {tag ? <input type="hidden" name="tag" value={tag} /> : null}
        <InlineField
          key={q}
          type="search"
          name="q"
          defaultValue={q ?? ""}
          maxLength={MAX_SEARCH_LENGTH}
          label={LIST_COPY.searchLabel}
          button={LIST_COPY.searchButton}
        />
      </Form>
      {tag || q ? (
        <div className={classes.heroActions}>
          {tag ? (
            <Link
              to={listHref(BLOG_PATH, { q })}
              className={ui.buttonSecondary}
            >
              {LIST_COPY.clearTagFilter}
            </Link>
          ) : null}
          {q ? (
            <Link
              to={listHref(BLOG_PATH, { tag })}
              className={ui.buttonSecondary}
            >
              {LIST_COPY.clearSearch}
            </Link>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
