import { Link, useLocation } from "react-router";
import classes from "./blog.module.css";
import { Icon } from "#app/components/icon.tsx";
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
      <Icon name="trash" size={16} />
      <span>{DELETE_COPY.button}</span>
    </Link>
  );
}
