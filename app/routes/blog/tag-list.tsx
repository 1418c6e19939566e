import { Link } from "react-router";
import classes from "./blog.module.css";
import { BLOG_PATH } from "#app/content/blog.ts";
import { listHref } from "#app/lib/pagination.ts";

/** Tag chips, each a link to the list filtered by that tag. */
export function TagList({ tags, label }: { tags: string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={classes.tags} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={listHref(BLOG_PATH, { tag })} className={classes.tag}>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
