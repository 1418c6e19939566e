import { Link } from "react-router";
import classes from "./blog.module.css";
import ui from "#app/components/marketing/marketing.module.css";
import { LIST_COPY } from "#app/content/blog-list.ts";

type PaginationProps = {
  /** Where the neighbouring pages are, made by the loader; null at either end. */
  prev: string | null;
  next: string | null;
  /** "Page 2" or "Page 2 of 9"; empty past the end. */
  status: string;
};

export function Pagination({ prev, next, status }: PaginationProps) {
  if (prev === null && next === null) return null;
  return (
    <nav aria-label={LIST_COPY.pagination} className={classes.pagination}>
      {prev !== null ? (
        <Link rel="prev" to={prev} className={ui.buttonSecondary}>
          {LIST_COPY.previousPage}
        </Link>
      ) : (
        <span className={classes.pageLinkPlaceholder} />
      )}
      {status ? <span className={classes.pageStatus}>{status}</span> : null}
      {next !== null ? (
        <Link rel="next" to={next} className={ui.buttonSecondary}>
          {LIST_COPY.nextPage}
        </Link>
      ) : (
        <span className={classes.pageLinkPlaceholder} />
      )}
    </nav>
  );
}
