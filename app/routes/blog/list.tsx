import { data, useNavigation } from "react-router";
import type { Route } from "./+types/list";
import { BlogHero } from "./blog-hero.tsx";
import classes from "./blog.module.css";
import { Pagination } from "./pagination.tsx";
import { PostCard } from "./post-card.tsx";
import { SearchForm } from "./search-form.tsx";
import { SearchSuggestions } from "./search-suggestions.tsx";
import { subscribeFormCopy } from "#app/content/newsletter.ts";
import ui from "#app/components/marketing/marketing.module.css";
import { BLOG_COPY, BLOG_LOADER_COPY, BLOG_PATH } from "#app/content/blog.ts";
import {
  MAX_SEARCH_LENGTH,
  LIST_COPY,
  PAGE_STATUS,
  SEARCH_SUGGESTIONS,
  searchCount,
  searchTooLong,
} from "#app/content/blog-list.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { listHref, pageLinks, parsePage } from "#app/lib/pagination.ts";
import { postDeleterId } from "./post-rights.server.ts";
import {
  BlogQueryError,
  LIST_CURSOR,
  listPosts,
  listRecentPosts,
  logMessage,
  parseSearch,
  searchPosts,
  secondsToNextPublication,
  type PostSummary,
  type SearchHit,
} from "./blog.server.ts";
import {
  cacheHeadersFromLoader,
  publicCacheHeaders,
} from "#app/utils/public-cache.server.ts";
import { getPublicSupabase } from "#app/utils/supabase.server.ts";
import {
  parseKeysetPosition,
  type KeysetLink,
} from "#app/utils/keyset.server.ts";
import { env } from "#app/utils/env.server.ts";
import { summaryCard } from "./post-card-data.server.ts";
import { listTagNames, publicCoverPrefix } from "./post.server.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";

const SUGGESTED_TAGS = 24;
const SUGGESTED_POSTS = 2;

// The loader's filters and positions; any other parameter is the same list.
export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-posts-change", "q", "tag", "after", "before", "page"),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // No tag holds a control character, and PostgreSQL refuses NUL outright:
  // they are dropped rather than sent to the database.
  const tag =
    url.searchParams
      .get("tag")
      ?.replace(/[\u0000-\u001f\u007f]/g, "")
      .trim() || null;
  const search = parseSearch(url.searchParams.get("q"));
  const q = search.state === "none" ? null : search.q;
  // A search pages by number through its bounded results; the list by cursor.
  const position = q
    ? null
    : parseKeysetPosition(url.searchParams, LIST_CURSOR);
  const page = position?.page ?? parsePage(url.searchParams.get("page"));
  if (search.state === "too-long") {
    // Refused before the database: a clear message, not a silent cut.
    return data(
      {
        ok: false as const,
        tag,
        q,
        page,
        invalid: true,
        message: searchTooLong(MAX_SEARCH_LENGTH),
      },
      { headers: publicCacheHeaders(request) },
    );
  }
  // Only the post's author, while an author, sees its delete button (row-level
  // security refuses anyone else); signed-in pages are never cached publicly.
  const userId = await postDeleterId(context);
  const coverPrefix = publicCoverPrefix(env.SUPABASE_URL);
  const card = (post: PostSummary | SearchHit) => ({
    ...summaryCard(post, coverPrefix),
    // Keys a plain list card does not need are left out of the page's data.
    ...("headline" in post && post.headline ? { headline: post.headline } : {}),
    ...(userId !== null && post.author_id === userId
      ? { canDelete: true }
      : {}),
  });
  const keysetHref = (link: KeysetLink | null) =>
    link ? listHref(BLOG_PATH, { tag, ...link }) : null;
  const supabase = getPublicSupabase(context);
  // Asked beside the posts: the page's cache ends by the next publication.
  const secondsLeft = secondsToNextPublication(supabase);
  try {
    let posts: (PostSummary | SearchHit)[];
    let pages: { prev: string | null; next: string | null; status: string };
    let found: number | null = null;
    if (q) {
      const search = await searchPosts(supabase, { q, tag, page });
      const links = pageLinks(page, search.total);
      posts = search.posts;
      found = search.total;
      pages = {
        prev:
          links.prev === null
            ? null
            : listHref(BLOG_PATH, { tag, q, page: links.prev }),
        next:
          links.next === null
            ? null
            : listHref(BLOG_PATH, { tag, q, page: links.next }),
        status: page <= links.last ? PAGE_STATUS.pageOf(page, links.last) : "",
      };
    } else {
      const list = await listPosts(supabase, {
        tag,
        position: position ?? { page: 1, after: null, before: null },
      });
      posts = list.posts;
      pages = {
        prev: keysetHref(list.prev),
        next: keysetHref(list.next),
        status: PAGE_STATUS.page(page),
      };
    }
    // A search that found nothing offers a way on: the tags in use and the
    // newest posts. Its words come with it, so the list's JavaScript does not
    // carry them for every visit.
    const latest =
      q && found === 0 ? await listRecentPosts(supabase, SUGGESTED_POSTS) : [];
    const suggestions =
      latest.length > 0
        ? {
            ...SEARCH_SUGGESTIONS,
            tags: await listTagNames(supabase, SUGGESTED_TAGS),
            posts: latest.map(card),
          }
        : null;
    return data(
      {
        ok: true as const,
        tag,
        q,
        page,
        pages,
        posts: posts.map(card),
        count: q && found ? searchCount(found, q) : null,
        suggestions,
        subscribe: subscribeFormCopy("blog-list"),
      },
      { headers: publicCacheHeaders(request, 200, await secondsLeft) },
    );
  } catch (error) {
    if (!(error instanceof BlogQueryError)) throw error;
    console.error("Blog list failed:", logMessage(error));
    return data(
      {
        ok: false as const,
        tag,
        q,
        page,
        invalid: false,
        message: error.message || BLOG_LOADER_COPY.unknownError,
      },
      { status: 503, headers: publicCacheHeaders(request, 503) },
    );
  }
}

export const headers: Route.HeadersFunction = cacheHeadersFromLoader;

export const meta: Route.MetaFunction = (args) => {
  const tag = args.loaderData?.tag;
  const q = args.loaderData?.q;
  // A search page is one of endless URLs of the same posts: kept out of search engines.
  return routeMeta(args, {
    title: q
      ? LIST_COPY.searchResultsFor(q)
      : tag
        ? BLOG_COPY.taggedWith(tag)
        : BLOG_COPY.heading,
    description: BLOG_COPY.tagline,
    noIndex: q !== null && q !== undefined,
  });
};

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === BLOG_PATH;
  const { tag, q } = loaderData;

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
        {loaderData.invalid
          ? loaderData.message
          : LIST_COPY.listError(loaderData.message)}
      </p>
    );
  } else {
    body = (
      <>
        {loaderData.count ? (
          <p className={classes.resultCount} role="status">
            {loaderData.count}
          </p>
        ) : null}
        {loaderData.posts.length === 0 ? (
          <p className={classes.state}>
            {q
              ? LIST_COPY.noSearchResults(q)
              : tag
                ? LIST_COPY.noPostsWithTag(tag)
                : LIST_COPY.noPosts}
          </p>
        ) : (
          <ul className={classes.grid}>
            {loaderData.posts.map((post, index) => (
              <li key={post.id}>
                <PostCard post={post} index={index} />
              </li>
            ))}
          </ul>
        )}
        {loaderData.suggestions ? (
          <SearchSuggestions {...loaderData.suggestions} />
        ) : null}
        <Pagination {...loaderData.pages} />
      </>
    );
  }

  return (
    <>
      <BlogHero tag={tag}>
        <SearchForm tag={tag} q={q} />
      </BlogHero>
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
