import { Link, useLocation } from "react-router";
import classes from "./blog.module.css";
import { DELETE_COPY } from "./delete-copy.ts";

/**
 * The author's delete button on a post card: a link to the confirmation
 * page, which names the post, with or without JavaScript. A dialog here
 * would bring the dialog's code to every reader of the list, within a
 * budget it has no room in (the editor's Delete opens one).
 */
export function DeletePostButton({
  postId,
  title,
}: {
  postId: string;
  title: string;
}) {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <Link
      to={`/blueprints/${postId}/delete?${new URLSearchParams({ returnTo })}`}
      className={classes.deleteButton}
      aria-label={DELETE_COPY.buttonLabel(title)}
      data-testid="delete-post"
    >
      <svg
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
      </svg>
      <span>{DELETE_COPY.button}</span>
    </Link>
  );
}
