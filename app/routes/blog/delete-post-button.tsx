import { Link, useFetcher, useLocation } from "react-router";
import classes from "./blog.module.css";
import { DELETE_COPY } from "./delete-copy.ts";

/**
 * The author's delete button on a post card. Without JavaScript it is a link
 * to the confirmation page; with it, the browser asks for confirmation and
 * the same POST is sent from here.
 */
export function DeletePostButton({
  postId,
  title,
}: {
  postId: string;
  title: string;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const action = `/blueprints/${postId}/delete`;
  const busy = fetcher.state !== "idle";
  return (
    <Link
      to={`${action}?${new URLSearchParams({ returnTo })}`}
      className={classes.deleteButton}
      aria-label={DELETE_COPY.buttonLabel(title)}
      aria-disabled={busy || undefined}
      data-testid="delete-post"
      onClick={(event) => {
        event.preventDefault();
        if (busy || !window.confirm(DELETE_COPY.confirmation)) return;
        void fetcher.submit({ returnTo }, { method: "post", action });
      }}
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
