import { Link } from "react-router";
import classes from "./blog.module.css";
import ui from "#app/components/marketing/marketing.module.css";
import { BLOG_PATH } from "#app/content/blog.ts";
import { LIST_COPY } from "#app/content/blog-list.ts";
import { listHref, type PageLinks } from "#app/lib/pagination.ts";

type PaginationProps = PageLinks & {
  page: number;
  tag: string | null;
  q: string | null;
};

export function Pagination({
  page,
  prev,
  next,
  last,
  tag,
  q,
}: PaginationProps) {
  if (prev === null && next === null) return null;
  return (
    <nav aria-label={LIST_COPY.pagination} className={classes.pagination}>
      {prev !== null ? (
        <Link
          rel="prev"
          to={listHref(BLOG_PATH, { tag, q, page: prev })}
          className={ui.buttonSecondary}
        >
          {LIST_COPY.previousPage}
        </Link>
      ) : (
        <span className={classes.pageLinkPlaceholder} />
      )}
      {page <= last ? (
        <span className={classes.pageStatus}>
          {LIST_COPY.pageOf(page, last)}
        </span>
      ) : null}
      {next !== null ? (
        <Link
          rel="next"
          to={listHref(BLOG_PATH, { tag, q, page: next })}
          className={ui.buttonSecondary}
        >
          {LIST_COPY.nextPage}
        </Link>
      ) : (
        <span className={classes.pageLinkPlaceholder} />
      )}
    </nav>
  );
}
