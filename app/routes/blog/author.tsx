import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/author";
import classes from "./blog.module.css";
import { PostCard } from "./post-card.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import { BLOG_COPY, BLOG_PATH } from "#app/content/blog.ts";
import { subscribeFormCopy } from "#app/content/newsletter.ts";
import { AUTHOR_PAGE_COPY as C } from "#app/content/profile.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { listAuthorPosts, personJsonLd, readAuthor } from "./authors.server.ts";
import { secondsToNextPublication } from "./blog.server.ts";
import { summaryCard } from "./post-card-data.server.ts";
import { publicCoverPrefix } from "./post.server.ts";
import { env } from "#app/utils/env.server.ts";
import {
  cacheHeadersFromLoader,
  publicCacheHeaders,
} from "#app/utils/public-cache.server.ts";
import {
  backendFailed,
  notFound,
  type BackendFailure,
} from "#app/utils/route-errors.server.ts";
import { pageJsonLdContext } from "#app/utils/site-json-ld.server.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";
import { getPublicSupabase } from "#app/utils/supabase.server.ts";

// An author's page: who they are and the public posts credited to them.
// Stored like the blog's other pages, dropped when a post or a profile is
// saved. A visitor sees only the profiles of people credited on a public
// post (row-level security), so anyone else's address is a 404.

export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-posts-change"),
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const supabase = getPublicSupabase(context);
  const secondsLeft = await secondsToNextPublication(supabase);
  const headers = (status: number) =>
    publicCacheHeaders(request, status, secondsLeft);
  let author;
  let posts;
  try {
    author = await readAuthor(supabase, params.slug);
    posts = author ? await listAuthorPosts(supabase, author.id) : [];
  } catch (error) {
    console.error("Author page failed:", error);
    throw backendFailed(undefined, headers(503));
  }
  if (!author || posts.length === 0) throw notFound(headers(404));
  const prefix = publicCoverPrefix(env.SUPABASE_URL);
  const person = personJsonLd(author);
  context.set(pageJsonLdContext, [
    {
      "@context": "https://schema.org",
      "@type": "ProfilePage",
      url: person.url,
      mainEntity: person,
    },
  ]);
  return data(
    {
      author: {
        name: author.name,
        bio: author.bio,
        photo: author.photo,
        links: author.links.map((href) => ({
          href,
          label: new URL(href).host.replace(/^www\./, ""),
        })),
      },
      description: C.description(author.name, author.bio),
      url: person.url,
      posts: posts.map((post) => summaryCard(post, prefix)),
      subscribe: subscribeFormCopy("blog-list"),
    },
    { headers: headers(200) },
  );
}

export const headers: Route.HeadersFunction = cacheHeadersFromLoader;

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) {
    return routeMeta(args, {
      title:
        isRouteErrorResponse(args.error) && args.error.status === 404
          ? C.notFoundTitle
          : C.errorTitle,
      noIndex: true,
    });
  }
  const { author, description } = args.loaderData;
  return routeMeta(args, {
    title: author.name,
    description,
    ...(author.photo ? { image: author.photo.src } : {}),
  });
};

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, posts } = loaderData;
  return (
    <section
      className={`${ui.underNav} ${classes.listSection}`}
      aria-labelledby="author-name"
    >
      <div className={ui.container}>
        <header className={classes.authorHeader}>
          {author.photo ? (
            <img
              src={author.photo.src}
              srcSet={author.photo.srcSet}
              sizes={author.photo.sizes}
              width={96}
              height={96}
              alt=""
              className={classes.authorPagePhoto}
            />
          ) : null}
          <div>
            <h1 id="author-name" className={classes.postTitle}>
              {author.name}
            </h1>
            {author.bio ? (
              <p className={classes.authorBio}>{author.bio}</p>
            ) : null}
            {author.links.length > 0 ? (
              <ul
                className={classes.authorLinks}
                aria-label={C.linksLabel(author.name)}
              >
                {author.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} className={ui.textLink} rel="me">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </header>
        <h2 className={classes.footerHeading}>{C.postsHeading(author.name)}</h2>
        <ul className={classes.grid}>
          {posts.map((post, index) => (
            <li key={post.id}>
              <PostCard post={post} index={index} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const BACK_ACTIONS = [{ to: BLOG_PATH, label: BLOG_COPY.heading }];

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage
            title={C.notFoundTitle}
            message={C.notFoundMessage}
            actions={BACK_ACTIONS}
          />
        ),
      }}
      defaultStatusHandler={({ error }) => (
        <ErrorPage
          title={C.errorTitle}
          message={
            (error.data as BackendFailure | null)?.message || C.errorFallback
          }
          actions={BACK_ACTIONS}
        />
      )}
      unexpectedErrorHandler={() => (
        <ErrorPage
          title={C.errorTitle}
          message={C.errorFallback}
          actions={BACK_ACTIONS}
        />
      )}
    />
  );
}
