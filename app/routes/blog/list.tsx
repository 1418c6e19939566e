import { data, useNavigation } from "react-router";
import type { Route } from "./+types/list";
import { BlogHero } from "./blog-hero.tsx";
import classes from "./blog.module.css";
import { Pagination } from "./pagination.tsx";
import { PostCard } from "./post-card.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import { BLOG_COPY, BLOG_PATH } from "#app/content/blog.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { pageLinks, parsePage } from "#app/lib/pagination.ts";
import { safeLinkUrl } from "#app/lib/sanitize.ts";
import { getUser } from "#app/utils/session.server.ts";
import { BlogQueryError, listPosts, logMessage } from "./blog.server.ts";
import {
  cacheHeadersFromLoader,
  publicCacheHeaders,
} from "#app/utils/public-cache.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // No tag holds a control character, and PostgreSQL refuses NUL outright:
  // they are dropped rather than sent to the database.
  const tag =
    url.searchParams
      .get("tag")
      ?.replace(/[\u0000-\u001f\u007f]/g, "")
      .trim() || null;
  const page = parsePage(url.searchParams.get("page"));
  // Only the author sees a post's delete button; signed-in pages are never cached publicly.
  const userId = getUser(context)?.id ?? null;
  try {
    const { posts, total } = await listPosts(getSupabase(context), {
      tag,
      page,
    });
    return data(
      {
        ok: true as const,
        tag,
        page,
        pages: pageLinks(page, total),
        posts: posts.map((post) => ({
          id: post.id,
          title: post.title,
          excerpt: post.excerpt,
          coverImageUrl: safeLinkUrl(post.cover_image_url ?? undefined),
          tags: post.tags,
          canDelete: userId !== null && post.author_id === userId,
        })),
      },
      { headers: publicCacheHeaders(request) },
    );
  } catch (error) {
    if (!(error instanceof BlogQueryError)) throw error;
    console.error("Blog list failed:", logMessage(error));
    return data(
      {
        ok: false as const,
        tag,
        page,
        message: error.message || BLOG_COPY.unknownError,
      },
      { status: 503, headers: publicCacheHeaders(request, 503) },
    );
  }
}

export const headers: Route.HeadersFunction = cacheHeadersFromLoader;

export const meta: Route.MetaFunction = (args) => {
  const tag = args.loaderData?.tag;
  return routeMeta(args, {
    title: tag ? BLOG_COPY.taggedWith(tag) : BLOG_COPY.heading,
    description: BLOG_COPY.tagline,
  });
};

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === BLOG_PATH;
  const { tag } = loaderData;

  let body;
  if (loading) {
    body = (
      <p className={classes.state} role="status">
        {BLOG_COPY.loading}
      </p>
    );
  } else if (!loaderData.ok) {
    body = (
      <p className={classes.errorState} role="alert">
        {BLOG_COPY.listError(loaderData.message)}
      </p>
    );
  } else if (loaderData.posts.length === 0) {
    body = (
      <>
        <p className={classes.state}>
          {tag ? BLOG_COPY.noPostsWithTag(tag) : BLOG_COPY.noPosts}
        </p>
        <Pagination page={loaderData.page} tag={tag} {...loaderData.pages} />
      </>
    );
  } else {
    body = (
      <>
        <ul className={classes.grid}>
          {loaderData.posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
        <Pagination page={loaderData.page} tag={tag} {...loaderData.pages} />
      </>
    );
  }

  return (
    <>
      <BlogHero tag={tag} />
      <section
        aria-label={BLOG_COPY.heading}
        className={classes.listSection}
        aria-busy={loading}
      >
        <div className={ui.container}>{body}</div>
      </section>
    </>
  );
}
