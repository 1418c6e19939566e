import { Link } from "react-router";
import classes from "./blog.module.css";
import cardClasses from "./post-card.module.css";
import { DeletePostButton } from "./delete-post-button.tsx";
import { TagList } from "./tag-list.tsx";
import { BLOG_PATH } from "#app/content/blog.ts";
import { LIST_COPY } from "#app/content/blog-list.ts";

export type PostCardData = {
  id: string;
  title: string;
  excerpt: string | null;
  coverImageUrl: string | null;
  /** Only for a cover with variants: seeded and older covers ship no extra keys. */
  coverSrcSet?: string;
  coverSizes?: string;
  tags: string[];
  /** "N min read", made by the loader. */
  readingTime: string;
  /** Its author and co-author, or the team, made by the loader. */
  by: string;
  /** The day it was published (for <time dateTime>) and that day in words, made by the loader. */
  day: string;
  date: string;
  /** The excerpt of a search hit, matches at odd indexes (splitHeadline). */
  headline?: string[] | null;
  /** Only for the post's own author. */
  canDelete?: boolean;
};

/**
 * A post on the list, the `index`th. The first row's covers are the page's
 * largest paint: they load with the document (the first at high priority)
 * instead of after layout; the rest when scrolled near.
 */
export function PostCard({
  post,
  index = 2,
}: {
  post: PostCardData;
  index?: number;
}) {
  return (
    <article className={classes.card}>
      {post.coverImageUrl ? (
        <img
          src={post.coverImageUrl}
          srcSet={post.coverSrcSet}
          sizes={post.coverSizes}
          width={640}
          height={360}
          alt=""
          loading={index < 2 ? "eager" : "lazy"}
          fetchPriority={index ? undefined : "high"}
          decoding="async"
          className={classes.cardCover}
        />
      ) : (
        <div className={cardClasses.placeholder} aria-hidden="true">
          <span>{LIST_COPY.coverPlaceholder}</span>
        </div>
      )}
      <div className={classes.cardBody}>
        <h2 className={classes.cardTitle}>
          <Link to={`${BLOG_PATH}/${post.id}`} className={classes.cardLink}>
            {post.title}
          </Link>
        </h2>
        <p className={classes.byline}>
          {post.by} · <time dateTime={post.day}>{post.date}</time> ·{" "}
          {post.readingTime}
        </p>
        <TagList tags={post.tags} label={`Tags of ${post.title}`} />
        {post.headline ? (
          <p className={classes.excerpt}>
            {post.headline.map((part, index) =>
              index % 2 ? <mark key={index}>{part}</mark> : part,
            )}
          </p>
        ) : post.excerpt ? (
          <p className={classes.excerpt}>{post.excerpt}</p>
        ) : null}
      </div>
      {post.canDelete ? (
        <DeletePostButton postId={post.id} title={post.title} />
      ) : null}
    </article>
  );
}
