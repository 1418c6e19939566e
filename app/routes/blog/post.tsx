import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/post";
import classes from "./blog.module.css";
import { CoverImage, coverImage } from "./cover-image.tsx";
import { formatPostDate } from "./format-date.ts";
import { ShareButtons } from "./share-buttons.tsx";
import { PostByline } from "./byline.tsx";
import { bylineOf, personJsonLd, readBylines } from "./authors.server.ts";
import { subscribeFormCopy } from "#app/content/newsletter.ts";
import { TagList } from "./tag-list.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
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
import { safeLinkUrl } from "#app/lib/sanitize.ts";
import { mayEditPost } from "./post-rights.server.ts";
import {
  publishedAt,
  requirePost,
  secondsToNextPublication,
} from "./blog.server.ts";
import { readNext } from "./related-posts.server.ts";
import { safePostHtml } from "./post-html.server.ts";
import { readingTime } from "./reading-time.ts";
import { postSocialImage } from "./social-image.server.ts";
import { postDescription } from "./post-description.ts";
import {
  POST_IMAGE_SIZES,
  readStoredVariants,
  responsiveImage,
} from "./image-variants.server.ts";
import { publicCoverPrefix } from "./post.server.ts";
import { env } from "#app/utils/env.server.ts";
import { pageJsonLdContext } from "#app/utils/site-json-ld.server.ts";
import {
  cacheHeadersFromLoader,
  publicCacheHeaders,
} from "#app/utils/public-cache.server.ts";
import {
  backendFailed,
  type BackendFailure,
} from "#app/utils/route-errors.server.ts";
import { getPublicSupabase } from "#app/utils/supabase.server.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-posts-change"),
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // A scheduled post's page (its 404 until then, and the related links of
  // the others) may not be kept past its publication.
  const secondsLeft = await secondsToNextPublication(
    getPublicSupabase(context),
  );
  const post = await requirePost(
    getPublicSupabase(context),
    params.id,
    "Blog post failed",
    (status) => publicCacheHeaders(request, status, secondsLeft),
  );
  const url = absoluteUrl(env.SITE_URL, `${BLOG_PATH}/${post.id}`);
  const cover = safeLinkUrl(post.cover_image_url ?? undefined);
  const coverPrefix = publicCoverPrefix(env.SUPABASE_URL);
  const variants = readStoredVariants(post.cover_variants, coverPrefix);
  const [editable, related, html, authors] = await Promise.all([
    mayEditPost(context, post.author_id),
    readNext(getPublicSupabase(context), post.id, coverPrefix),
    // Sanitised once, and again only when the content or the policy changed:
    // the row may come from any client.
    safePostHtml({
      id: post.id,
      content: post.content,
      stored: post.storedHtml,
    }),
    readBylines(getPublicSupabase(context), [
      post.byline_id,
      post.co_author_id,
    ]).catch((error: unknown) => {
      // A byline that cannot be read is the team's, not a failed page.
      console.error("Reading a post's authors failed:", error);
      return [];
    }),
  ]);
  if (html === null) {
    throw backendFailed(undefined, publicCacheHeaders(request, 503));
  }
  const description = postDescription(post);
  const imageUrl = absoluteUrl(
    env.SITE_URL,
    postSocialImage(
      {
        id: post.id,
        cover_image_url: cover ?? null,
        cover_variants: variants,
        social_image_url: post.social_image_url,
        share_image_url: post.share_image_url,
        share_image_variants: readStoredVariants(
          post.share_image_variants,
          coverPrefix,
        ),
      },
      env.SUPABASE_URL,
    ) ?? DEFAULT_SOCIAL_IMAGE_PATH,
  );
  context.set(pageJsonLdContext, [
    {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description,
      image: imageUrl,
      datePublished: publishedAt(post),
      dateModified: post.updated_at,
      author:
        authors.length > 0
          ? authors.map((author) => {
              const { "@id": id, name, url } = personJsonLd(author);
              return { "@type": "Person", "@id": id, name, url };
            })
          : { "@type": "Organization", name: POST_AUTHOR },
      mainEntityOfPage: url,
      url,
    },
  ]);
  return data(
    {
      post: {
        id: post.id,
        title: post.title,
        description,
        html,
        cover: coverImage(
          responsiveImage(cover, variants, POST_IMAGE_SIZES),
          post.cover_alt,
        ),
        tags: post.tags,
        createdAt: publishedAt(post),
        // Formatted here: the page ships the string, not the formatter.
        publishedOn: formatPostDate(publishedAt(post)),
        readingTime: readingTime(post.word_count),
        authors: authors.map(bylineOf),
      },
      related,
      subscribe: subscribeFormCopy("blog-post"),
      url,
      imageUrl,
      canEdit: editable,
    },
    { headers: publicCacheHeaders(request, 200, secondsLeft) },
  );
}

export const headers: Route.HeadersFunction = cacheHeadersFromLoader;

export const meta: Route.MetaFunction = (args) => {
  const loaderData = args.loaderData;
  if (!loaderData) {
    return routeMeta(args, {
      title:
        isRouteErrorResponse(args.error) && args.error.status === 404
          ? POST_COPY.notFoundTitle
          : POST_COPY.errorTitle,
      noIndex: true,
    });
  }
  // Its BlogPosting JSON-LD is the loader's, written by the server.
  const { post, imageUrl } = loaderData;
  const { description } = post;
  // The cover is the page's largest element: fetch it with the document.
  const preload = post.cover
    ? [
        {
          tagName: "link",
          rel: "preload",
          as: "image",
          href: post.cover.src,
          imageSrcSet: post.cover.srcSet,
          imageSizes: post.cover.sizes,
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
    }),
  ];
};

const BACK_ACTIONS = [{ to: BLOG_PATH, label: BLOG_COPY.heading }];

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, url, canEdit, related } = loaderData;
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
            <PostByline authors={post.authors} /> ·{" "}
            <time dateTime={post.createdAt}>{post.publishedOn}</time> ·{" "}
            {post.readingTime}
          </p>
          {canEdit ? (
            <Link to={`/edit/${post.id}`} className={ui.buttonSecondary}>
              {POST_COPY.editPost}
            </Link>
          ) : null}
        </div>
      </header>
      <div className={classes.narrow}>
        {post.cover ? (
          <CoverImage key={post.cover.src} image={post.cover} />
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
          {related.posts.length > 0 ? (
            <section aria-labelledby="post-related">
              <h2 id="post-related" className={classes.footerHeading}>
                {related.heading}
              </h2>
              <ul className={classes.related}>
                {related.posts.map((card) => (
                  <li key={card.href} className={classes.card}>
                    {card.image ? (
                      <img
                        src={card.image}
                        width={640}
                        height={360}
                        alt=""
                        loading="lazy"
                        decoding="async"
                        className={classes.cardCover}
                      />
                    ) : null}
                    <div className={classes.cardBody}>
                      <h3 className={classes.cardTitle}>
                        <Link to={card.href} className={classes.cardLink}>
                          {card.title}
                        </Link>
                      </h3>
                      <p className={classes.byline}>
                        {card.by} · <time dateTime={card.day}>{card.date}</time>{" "}
                        · {card.readingTime}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
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

/** The post's error pages: not found, or the backend's message (if it gave one a reader may see) or ours. */
const errorPage = (title: string, message?: string | null) => (
  <ErrorPage
    title={title}
    message={message || POST_COPY.errorFallback}
    actions={BACK_ACTIONS}
  />
);

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () =>
          errorPage(POST_COPY.notFoundTitle, POST_COPY.notFoundMessage),
      }}
      defaultStatusHandler={({ error }) =>
        errorPage(
          POST_COPY.errorTitle,
          (error.data as BackendFailure | null)?.message,
        )
      }
      unexpectedErrorHandler={() => errorPage(POST_COPY.errorTitle)}
    />
  );
}
