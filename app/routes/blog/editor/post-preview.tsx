import { Title } from "@mantine/core";
import blog from "#app/routes/blog/blog.module.css";
import { formatPostDate } from "#app/routes/blog/format-date.ts";
import { POST_FORM_COPY } from "./labels.ts";
import type { PostPreviewData } from "./types.ts";
import classes from "./post-form.module.css";

/**
 * The post as its page will show it: title, the preview's time as the
 * creation date, cover and body; no author, as the product asks.
 */
export function PostPreview({
  preview,
  titleId,
}: {
  preview: PostPreviewData;
  titleId: string;
}) {
  return (
    <article className={classes.preview} aria-labelledby={titleId}>
      <Title order={1} id={titleId} className={blog.postTitle}>
        {preview.title || POST_FORM_COPY.untitled}
      </Title>
      <p className={blog.byline}>
        <time dateTime={preview.createdAt}>
          {formatPostDate(preview.createdAt)}
        </time>
      </p>
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
    </article>
  );
}
