import blog from "#app/routes/blog/blog.module.css";
import { formatPostDate } from "#app/routes/blog/format-date.ts";
import { TagList } from "#app/routes/blog/tag-list.tsx";
import { Link } from "react-router";
import { BLOG_COPY, POST_COPY } from "#app/content/blog.ts";
import { POST_FORM_COPY } from "./labels.ts";
import type { PostPreviewData } from "./types.ts";

/**
 * The post as its page (app/routes/blog/post.tsx) will show it: the same
 * elements, classes, words, byline and tag chips, with the preview's time as
 * the creation date. The page's markup, its byline included, is not a shared
 * component on purpose: as its own chunk it would cost the post page's
 * JavaScript budget a file (the byline did: 0.1 KB over); the tag chips are
 * the one piece it shares. tests/e2e/authoring.spec.ts and writing.spec.ts
 * compare the two.
 */
export function PostPreview({
  preview,
  idPrefix,
}: {
  preview: PostPreviewData;
  idPrefix: string;
}) {
  const titleId = `${idPrefix}-title`;
  const tagsId = `${idPrefix}-tags`;
  return (
    <article className={blog.article} aria-labelledby={titleId}>
      <header className={`${blog.narrow} ${blog.postHeader}`}>
        <h1 id={titleId} className={blog.postTitle}>
          {preview.title || POST_FORM_COPY.untitled}
        </h1>
        <div className={blog.postMeta}>
          <p className={blog.byline}>
            <PreviewByline authors={preview.authors} /> ·{" "}
            <time dateTime={preview.createdAt}>
              {formatPostDate(preview.createdAt)}
            </time>
            {preview.readingTime ? ` · ${preview.readingTime}` : null}
          </p>
        </div>
      </header>
      <div className={blog.narrow}>
        {preview.coverUrl ? (
          <img
            src={preview.coverUrl}
            alt=""
            className={blog.cover}
            data-testid="preview-cover"
          />
        ) : null}
        <div
          className={blog.content}
          dangerouslySetInnerHTML={{ __html: preview.html }}
        />
        {preview.tags.length > 0 ? (
          <footer className={blog.postFooter}>
            <section aria-labelledby={tagsId}>
              <h2 id={tagsId} className={blog.footerHeading}>
                {POST_COPY.tagsHeading}
              </h2>
              <TagList tags={preview.tags} />
            </section>
          </footer>
        ) : null}
      </div>
    </article>
  );
}

/** The post page's byline (app/routes/blog/byline.tsx), drawn the same. */
function PreviewByline({ authors }: { authors: PostPreviewData["authors"] }) {
  if (authors.length === 0) return <>{BLOG_COPY.teamLabel}</>;
  return (
    <span className={blog.authors}>
      {authors.map((author, index) => (
        <span key={author.href} className={blog.author}>
          {index > 0 ? <span className={blog.authorJoin}>and</span> : null}
          {author.photo ? (
            <img
              src={author.photo.src}
              srcSet={author.photo.srcSet}
              sizes="32px"
              width={32}
              height={32}
              alt=""
              className={blog.authorPhoto}
            />
          ) : null}
          <Link to={author.href} className={blog.authorLink} rel="author">
            {author.name}
          </Link>
        </span>
      ))}
    </span>
  );
}
