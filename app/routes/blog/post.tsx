import { data, Link, type RouterContextProvider } from "react-router";
import type { Route } from "./+types/post";
import classes from "./blog.module.css";
import { CoverImage } from "./cover-image.tsx";
import { formatPostDate } from "./format-date.ts";
import { ShareButtons } from "./share-buttons.tsx";
import { TagList } from "./tag-list.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import {
  BLOG_COPY,
  BLOG_PATH,
  POST_AUTHOR,
  POST_COPY,
} from "#app/content/blog.ts";
import { DEFAULT_SOCIAL_IMAGE_PATH } from "#app/content/site.ts";
import { absoluteUrl, routeMeta } from "#app/lib/meta.ts";
import { safeLinkUrl, sanitizePostHtml } from "#app/lib/sanitize.ts";
import { getRoles } from "#app/utils/permissions.server.ts";
import { getUser } from "#app/utils/session.server.ts";
import { lookUpPost } from "./blog.server.ts";
import { postSocialImage } from "./social-image.server.ts";
import { env } from "#app/utils/env.server.ts";
import {
  cacheHeadersFromLoader,
  publicCacheHeaders,
} from "#app/utils/public-cache.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

/** The author and every team member may edit (SPEC.md section 6); the server decides. */
async function canEdit(
  context: Readonly<RouterContextProvider>,
  authorId: string,
) {
  const user = getUser(context);
  if (!user) return false;
  if (user.id === authorId) return true;
  try {
    return (await getRoles(context)).isTeamMember;
  } catch {
    // Roles could not be read: the reader still gets the post, without the button.
    return false;
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await lookUpPost(
    getSupabase(context),
    params.id,
    "Blog post failed",
  );
  if (found.state === "error") {
    return data(
      { state: "error" as const, message: found.message },
      { status: 503, headers: publicCacheHeaders(request, 503) },
    );
  }
  if (found.state === "not-found") {
    return data(
      { state: "not-found" as const },
      { status: 404, headers: publicCacheHeaders(request, 404) },
    );
  }
  const { post } = found;
  const url = absoluteUrl(env.SITE_URL, `${BLOG_PATH}/${post.id}`);
  const cover = safeLinkUrl(post.cover_image_url ?? undefined);
  return data(
    {
      state: "ok" as const,
      post: {
        id: post.id,
        title: post.title,
        excerpt: post.excerpt,
        // Sanitized again on the way out: the row may come from any client.
        html: sanitizePostHtml(post.content),
        coverImageUrl: cover,
        tags: post.tags,
        createdAt: post.created_at,
        updatedAt: post.updated_at,
      },
      url,
      imageUrl: absoluteUrl(
        env.SITE_URL,
        postSocialImage(
          {
            cover_image_url: cover ?? null,
            social_image_url: post.social_image_url,
          },
          env.SUPABASE_URL,
        ) ?? DEFAULT_SOCIAL_IMAGE_PATH,
      ),
      canEdit: await canEdit(context, post.author_id),
    },
    { headers: publicCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = cacheHeadersFromLoader;

export const meta: Route.MetaFunction = (args) => {
  const loaderData = args.loaderData;
  if (loaderData?.state !== "ok") {
    return routeMeta(args, {
      title:
        loaderData?.state === "error"
          ? POST_COPY.errorTitle
          : POST_COPY.notFoundTitle,
      noIndex: true,
    });
  }
  const { post, url, imageUrl } = loaderData;
  const description = post.excerpt || POST_COPY.descriptionFallback(post.title);
  // The cover is the page's largest element: fetch it with the document.
  const preload = post.coverImageUrl
    ? [
        {
          tagName: "link",
          rel: "preload",
          as: "image",
          href: post.coverImageUrl,
          fetchPriority: "high",
        },
      ]
    : [];
  return [
    ...preload,
    ...routeMeta(args, {
      title: post.title,
      description,
      image: imageUrl,
      article: true,
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description,
          image: imageUrl,
          datePublished: post.createdAt,
          dateModified: post.updatedAt,
          author: { "@type": "Organization", name: POST_AUTHOR },
          mainEntityOfPage: url,
          url,
        },
      ],
    }),
  ];
};

const BACK_ACTIONS = [{ to: BLOG_PATH, label: BLOG_COPY.heading }];

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "error") {
    return (
      <ErrorPage
        title={POST_COPY.errorTitle}
        message={loaderData.message || POST_COPY.errorFallback}
        actions={BACK_ACTIONS}
      />
    );
  }
  if (loaderData.state === "not-found") {
    return (
      <ErrorPage
        title={POST_COPY.notFoundTitle}
        message={POST_COPY.notFoundMessage}
        actions={BACK_ACTIONS}
      />
    );
  }
  const { post, url, canEdit } = loaderData;
  return (
    <article
      className={`${ui.underNav} ${classes.article}`}
      aria-labelledby="post-title"
    >
      <header className={`${classes.narrow} ${classes.postHeader}`}>
        <Link to={BLOG_PATH} className={ui.textLink}>
          {POST_COPY.backToBlog}
        </Link>
        <h1 id="post-title" className={classes.postTitle}>
          {post.title}
        </h1>
        <div className={classes.postMeta}>
          <p className={classes.byline}>
            {BLOG_COPY.teamLabel} ·{" "}
            <time dateTime={post.createdAt}>
              {formatPostDate(post.createdAt)}
            </time>
          </p>
          {canEdit ? (
            <Link to={`/edit/${post.id}`} className={ui.buttonSecondary}>
              {POST_COPY.editPost}
            </Link>
          ) : null}
        </div>
      </header>
      <div className={classes.narrow}>
        {post.coverImageUrl ? (
          <CoverImage key={post.coverImageUrl} src={post.coverImageUrl} />
        ) : null}
        <div
          className={classes.content}
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
        <footer className={classes.postFooter}>
          {post.tags.length > 0 ? (
            <section aria-labelledby="post-tags">
              <h2 id="post-tags" className={classes.footerHeading}>
                {POST_COPY.tagsHeading}
              </h2>
              <TagList tags={post.tags} />
            </section>
          ) : null}
          <section aria-labelledby="post-share">
            <h2 id="post-share" className={classes.footerHeading}>
              {POST_COPY.shareHeading}
            </h2>
            <ShareButtons url={url} title={post.title} />
          </section>
        </footer>
      </div>
    </article>
  );
}
