import { Link } from "react-router";
import classes from "./blog.module.css";
import type { Byline } from "./authors.server.ts";
import { BLOG_COPY } from "#app/content/blog.ts";

/**
 * Who a post is by: each credited person's photo and name, linking to their
 * page; the team's name for a post that credits nobody.
 */
export function PostByline({ authors }: { authors: Byline[] }) {
  if (authors.length === 0) return <>{BLOG_COPY.teamLabel}</>;
  return (
    <span className={classes.authors}>
      {authors.map((author, index) => (
        <span key={author.href} className={classes.author}>
          {index > 0 ? <span className={classes.authorJoin}>and</span> : null}
          {author.photo ? (
            <img
              src={author.photo.src}
              srcSet={author.photo.srcSet}
              sizes="32px"
              width={32}
              height={32}
              alt=""
              className={classes.authorPhoto}
            />
          ) : null}
          <Link to={author.href} className={classes.authorLink} rel="author">
            {author.name}
          </Link>
        </span>
      ))}
    </span>
  );
}
