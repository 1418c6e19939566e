import classes from "./blog.module.css";
import { PostCard, type PostCardData } from "./post-card.tsx";
import { TagList } from "./tag-list.tsx";

/** Under a search that found nothing: the tags in use and the newest posts. */
export function SearchSuggestions({
  hint,
  tagsHeading,
  postsHeading,
  tags,
  posts,
}: {
  hint: string;
  tagsHeading: string;
  postsHeading: string;
  tags: string[];
  posts: PostCardData[];
}) {
  return (
    <div className={classes.suggestions}>
      <p>{hint}</p>
      {tags.length > 0 ? (
        <>
          <h2 className={classes.footerHeading}>{tagsHeading}</h2>
          <TagList tags={tags} />
        </>
      ) : null}
      <h2 className={classes.footerHeading}>{postsHeading}</h2>
      <ul className={classes.grid}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
    </div>
  );
}
