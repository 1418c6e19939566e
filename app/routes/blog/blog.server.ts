import type { PostgrestError } from "@supabase/supabase-js";
import { z } from "zod";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import { pageRange, POSTS_PER_PAGE } from "#app/lib/pagination.ts";
import {
  fromCursor,
  keysetPage,
  type KeysetLink,
  type KeysetOrder,
  type KeysetPosition,
} from "#app/utils/keyset.server.ts";
import { BLOG_COPY, BLOG_LOADER_COPY } from "#app/content/blog.ts";
import { backendFailed, notFound } from "#app/utils/route-errors.server.ts";
import { MAX_SEARCH_LENGTH } from "#app/content/blog-list.ts";

// Reads of the blog tables. Public pages pass the anonymous client
// (getPublicSupabase): which posts are public is row-level security's one
// rule, so no query here repeats it. Each query names the columns its page
// shows. None of them retries: supabase-js would otherwise try a failing read
// four times over seven seconds while a reader waits, where the product wants
// the error state (and no retry).

const TagLinksSchema = z
  .array(z.object({ tags: z.object({ name: z.string() }).nullable() }))
  .nullable()
  .optional();

/** post_tags[].tags.name -> names, sorted so the order does not depend on the database. */
function tagNames(links: z.infer<typeof TagLinksSchema>): string[] {
  return (links ?? [])
    .flatMap((link) => (link.tags ? [link.tags.name] : []))
    .sort((a, b) => a.localeCompare(b));
}

const CreditSchema = z
  .object({ display_name: z.string(), slug: z.string() })
  .nullish();

const PostSummaryRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  // Read against our bucket where it is shown (image-variants.server.ts).
  cover_variants: z.unknown(),
  author_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  // Null for a draft; public posts always have one (decision 130).
  published_at: z.string().nullable(),
  word_count: z.number(),
  post_tags: TagLinksSchema,
  // The credited people's names, as far as the caller may read their profiles.
  byline: CreditSchema,
  co_author: CreditSchema,
});

const StoredHtmlSchema = z.object({
  html: z.string(),
  sanitizer_version: z.number(),
  content_md5: z.string(),
});

const PostRowSchema = PostSummaryRowSchema.extend({
  content: z.string(),
  // Whom it is credited to and its co-author (author_profiles); null: the team.
  byline_id: z.string().nullable(),
  co_author_id: z.string().nullable(),
  published: z.boolean(),
  publish_time_zone: z.string().nullable(),
  social_image_url: z.string().nullable(),
  cover_alt: z.string().nullable(),
  cover_decorative: z.boolean(),
  meta_description: z.string().nullable(),
  share_image_url: z.string().nullable(),
  share_image_variants: z.unknown(),
  // One-to-one (its key is the post's): an object, or none yet.
  post_html: z
    .union([StoredHtmlSchema, z.array(StoredHtmlSchema)])
    .nullable()
    .optional(),
});

export type PostSummary = Omit<
  z.infer<typeof PostSummaryRowSchema>,
  "post_tags"
> & {
  tags: string[];
};

export type Post = Omit<
  z.infer<typeof PostRowSchema>,
  "post_tags" | "post_html" | "byline" | "co_author"
> & {
  tags: string[];
  /** Its sanitised HTML as stored (app/routes/blog/post-html.server.ts), if any. */
  storedHtml: z.infer<typeof StoredHtmlSchema> | null;
};

/** A post's author and co-author, as far as the caller may read their profiles. */
const CREDIT_EMBEDS =
  "byline:author_profiles!byline_id(display_name, slug), co_author:author_profiles!co_author_id(display_name, slug)";

export const SUMMARY_COLUMNS = `id, title, excerpt, cover_image_url, cover_variants, author_id, created_at, updated_at, published_at, word_count, post_tags(tags(name)), ${CREDIT_EMBEDS}`;

/**
 * The filter embed is aliased so the card still shows all of a post's tags:
 * `!inner` on the alias drops posts without the tag inside the database, so
 * count and range stay exact and only one page of rows is ever sent.
 */
const TAG_FILTER_EMBED = "tag_filter:post_tags!inner(tags!inner(name))";

export class BlogQueryError extends Error {
  override name = "BlogQueryError";
}

/**
 * What a visitor may read of a backend failure: our words, or none when
 * Supabase gave none (each page has its own words for that, fixed by the
 * product). The database's message goes to the log as the cause.
 */
function queryError(error: PostgrestError | Error): BlogQueryError {
  return new BlogQueryError(error.message ? BLOG_LOADER_COPY.unavailable : "", {
    cause: error.message,
  });
}

/** The database's own words for the log, where there were any. */
export function logMessage(error: BlogQueryError) {
  return typeof error.cause === "string" ? error.cause : error.message;
}

/** Rows of an unexpected shape are a backend fault like any other, not a crash. */
function parseRows<T extends z.ZodType>(schema: T, rows: unknown): z.infer<T> {
  const result = schema.safeParse(rows);
  if (!result.success) {
    throw new BlogQueryError(BLOG_LOADER_COPY.unavailable, {
      cause: "The blog database answered with data of an unexpected shape",
    });
  }
  return result.data;
}

export function toSummaries(rows: unknown): PostSummary[] {
  return parseRows(z.array(PostSummaryRowSchema), rows ?? []).map(
    ({ post_tags, ...rest }) => ({
      ...rest,
      tags: tagNames(post_tags),
    }),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The list's order, newest publication first (a scheduled post goes to the
 * top when it goes out, not where it was written); keyset pages follow it.
 */
const LIST_ORDER: KeysetOrder = {
  column: "published_at",
  tieBreaker: "id",
  ascending: false,
};

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/;

/** Cursor values the list accepts: a post's published_at and id. */
export const LIST_CURSOR = [
  (value: string) => TIMESTAMP.test(value),
  (value: string) => UUID.test(value),
];

/**
 * When a post went public. Public reads only ever see published posts; a
 * draft (never on a public page) falls back to its creation.
 */
export function publishedAt(post: {
  published_at: string | null;
  created_at: string;
}) {
  return post.published_at ?? post.created_at;
}

export type PostListPage = {
  posts: PostSummary[];
  prev: KeysetLink | null;
  next: KeysetLink | null;
};

/**
 * One keyset page of public posts, newest first, optionally with one tag:
 * rows after (or before) the cursor, one more than a page to know whether
 * another follows. No offset and no count, so every page costs the same.
 */
export async function listPosts(
  supabase: TypedSupabaseClient,
  {
    tag,
    position,
    perPage = POSTS_PER_PAGE,
  }: { tag: string | null; position: KeysetPosition; perPage?: number },
): Promise<PostListPage> {
  const select = tag
    ? `${SUMMARY_COLUMNS}, ${TAG_FILTER_EMBED}`
    : SUMMARY_COLUMNS;
  const cursor = position.after ?? position.before;
  const newestFirst = !position.before;
  let query = supabase.from("blog_posts").select(select).retry(false);
  if (tag) query = query.eq("tag_filter.tags.name", tag);
  if (cursor) query = fromCursor(query, LIST_ORDER, cursor, newestFirst);
  const { data, error } = await query
    .order("published_at", { ascending: !newestFirst })
    .order("id", { ascending: !newestFirst })
    .limit(perPage + 1);
  if (error) throw queryError(error);
  const { rows, prev, next } = keysetPage(
    toSummaries(data),
    position,
    perPage,
    (post) => [publishedAt(post), post.id],
  );
  return { posts: rows, prev, next };
}

/** The newest public posts, for the feed. */
export async function listRecentPosts(
  supabase: TypedSupabaseClient,
  limit: number,
) {
  const { data, error } = await supabase
    .from("blog_posts")
    .select(SUMMARY_COLUMNS)
    .retry(false)
    .order("published_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(limit);
  if (error) throw queryError(error);
  return toSummaries(data);
}

export type SearchTerms =
  | { state: "none" }
  | { state: "too-long"; q: string }
  | { state: "ok"; q: string };

/**
 * `?q=` as the words to search for. Control characters (NUL included, which
 * PostgreSQL refuses outright) are dropped as for the tag; a search of only
 * spaces is no search; one longer than MAX_SEARCH_LENGTH is refused with a
 * message rather than cut where the visitor cannot see.
 */
export function parseSearch(value: string | null): SearchTerms {
  const q = value?.replace(/[\u0000-\u001f\u007f]/g, "").trim() ?? "";
  if (!q) return { state: "none" };
  if (q.length > MAX_SEARCH_LENGTH) {
    return { state: "too-long", q: q.slice(0, MAX_SEARCH_LENGTH) };
  }
  return { state: "ok", q };
}

const SearchAnswerSchema = z.object({
  total: z.number(),
  hits: z.array(z.object({ id: z.string(), headline: z.string().nullable() })),
});

/** Text with the matched words marked: odd indexes are matches. */
export type Highlighted = string[];

export type SearchHit = PostSummary & { headline: Highlighted | null };

// search_posts() marks matches with U+0001 ... U+0002 (see its migration):
// characters no post's text keeps, so the post cannot forge a mark.
const MATCH = /\u0001([^\u0001\u0002]*)\u0002/;
const STRAY_MARKER = /[\u0001\u0002]/g;

/**
 * A headline from search_posts() as plain-text parts, matches at odd
 * indexes (split keeps the captured match between the texts around it): the
 * page renders each part as text, the odd ones inside <mark>.
 */
export function splitHeadline(headline: string): Highlighted {
  return headline.split(MATCH).map((part) => part.replace(STRAY_MARKER, ""));
}

export type SearchPage = { posts: SearchHit[]; total: number };

/**
 * One page of public posts matching `q` (best first), optionally with one
 * tag: search_posts() picks and orders them, then the cards are read like the
 * list's. Pages reach as far as search_posts() ranks (its candidates).
 */
export async function searchPosts(
  supabase: TypedSupabaseClient,
  {
    q,
    tag,
    page,
    perPage = POSTS_PER_PAGE,
  }: { q: string; tag: string | null; page: number; perPage?: number },
): Promise<SearchPage> {
  const { from } = pageRange(page, perPage);
  const { data, error } = await supabase
    .rpc("search_posts", {
      p_query: q,
      p_tag: tag ?? undefined,
      p_limit: perPage,
      p_offset: from,
    })
    .retry(false);
  if (error) throw queryError(error);
  const answer = parseRows(SearchAnswerSchema, data);
  if (answer.hits.length === 0) return { total: answer.total, posts: [] };
  const cards = await supabase
    .from("blog_posts")
    .select(SUMMARY_COLUMNS)
    .retry(false)
    .in(
      "id",
      answer.hits.map((hit) => hit.id),
    );
  if (cards.error) throw queryError(cards.error);
  const byId = new Map(toSummaries(cards.data).map((post) => [post.id, post]));
  return {
    total: answer.total,
    posts: answer.hits.flatMap((hit) => {
      const post = byId.get(hit.id);
      return post
        ? [
            {
              ...post,
              headline:
                hit.headline === null ? null : splitHeadline(hit.headline),
            },
          ]
        : [];
    }),
  };
}

const RelatedRowSchema = PostSummaryRowSchema.pick({
  id: true,
  title: true,
  cover_image_url: true,
  cover_variants: true,
  created_at: true,
  word_count: true,
  byline: true,
  co_author: true,
});

export type RelatedPost = z.infer<typeof RelatedRowSchema>;

type Credited = Pick<
  z.infer<typeof PostSummaryRowSchema>,
  "byline" | "co_author"
>;

/** Who wrote the post: its author and co-author, or the team. */
export function creditNames(post: Credited) {
  const names = [post.byline, post.co_author].flatMap((credit) =>
    credit ? [credit.display_name] : [],
  );
  return names.length > 0 ? names : [BLOG_COPY.teamLabel];
}

/** The same as a card says it. */
export const creditLine = (post: Credited) => creditNames(post).join(" and ");

/** Up to `limit` public posts sharing tags with this one (most shared, then newest). */
export async function relatedPosts(
  supabase: TypedSupabaseClient,
  postId: string,
  limit = 3,
): Promise<RelatedPost[]> {
  const { data, error } = await supabase
    .rpc("related_posts", { p_post_id: postId, p_limit: limit })
    .select(
      `id, title, cover_image_url, cover_variants, created_at, word_count, ${CREDIT_EMBEDS}`,
    )
    .retry(false);
  if (error) throw queryError(error);
  return parseRows(z.array(RelatedRowSchema), data ?? []);
}

const SitemapRowSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

// PostgREST deployments usually cap a response at 1,000 rows.
const SITEMAP_BATCH = 1000;

/** How many posts are public, for the sitemap's split into files. */
export async function countPublicPosts(supabase: TypedSupabaseClient) {
  const { count, error } = await supabase
    .from("blog_posts")
    .select("id", { count: "exact", head: true })
    .retry(false);
  if (error) throw queryError(error);
  return count ?? 0;
}

const OLDEST_FIRST: KeysetOrder = {
  column: "created_at",
  tieBreaker: "id",
  ascending: true,
};

/**
 * `limit` public posts' ids and last change from the `offset`th, oldest
 * first (so a new post lands in the last sitemap file and the others stay
 * as they were): one offset to find the start, then keyset batches.
 */
export async function listPostDates(
  supabase: TypedSupabaseClient,
  { offset, limit }: { offset: number; limit: number },
) {
  const rows: z.infer<typeof SitemapRowSchema>[] = [];
  let last: z.infer<typeof SitemapRowSchema> | undefined;
  while (rows.length < limit) {
    const size = Math.min(SITEMAP_BATCH, limit - rows.length);
    let query = supabase
      .from("blog_posts")
      .select("id, created_at, updated_at")
      .retry(false);
    if (last) {
      query = fromCursor(query, OLDEST_FIRST, [last.created_at, last.id], true);
    }
    query = query
      .order("created_at", { ascending: true })
      .order("id", { ascending: true });
    const { data, error } = await (last
      ? query.limit(size)
      : query.range(offset, offset + size - 1));
    if (error) {
      // PostgREST answers 416 for an offset past the end: there is nothing there.
      if (error.code === "PGRST103") return rows;
      throw queryError(error);
    }
    const batch = parseRows(z.array(SitemapRowSchema), data ?? []);
    rows.push(...batch);
    last = batch[batch.length - 1];
    if (batch.length < size) break;
  }
  return rows;
}

export function isPostId(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}

/**
 * One post with its tags, or null when there is no such row (or RLS hides it).
 * Its content comes back exactly as stored: sanitize it before rendering.
 * A malformed id never reaches the database.
 */
export async function getPost(
  supabase: TypedSupabaseClient,
  id: string,
): Promise<Post | null> {
  if (!isPostId(id)) return null;
  const { data, error } = await supabase
    .from("blog_posts")
    .select(
      "id, title, excerpt, content, cover_image_url, cover_variants, cover_alt, cover_decorative, meta_description, share_image_url, share_image_variants, social_image_url, author_id, byline_id, co_author_id, published, published_at, publish_time_zone, created_at, updated_at, word_count, post_tags(tags(name)), post_html(html, sanitizer_version, content_md5)",
    )
    .retry(false)
    .eq("id", id)
    .maybeSingle();
  if (error) throw queryError(error);
  if (!data) return null;
  const { post_tags, post_html, ...rest } = parseRows(PostRowSchema, data);
  const storedHtml = Array.isArray(post_html)
    ? (post_html[0] ?? null)
    : (post_html ?? null);
  return { ...rest, tags: tagNames(post_tags), storedHtml };
}

/**
 * A post for a page's loader, thrown as the route's 404 when there is none
 * and 503 when the backend failed (logged with `what`), with `headers` for
 * that status.
 */
export async function requirePost(
  supabase: TypedSupabaseClient,
  id: string,
  what: string,
  headers?: (status: number) => HeadersInit,
): Promise<Post> {
  const found = await lookUpPost(supabase, id, what);
  if (found.state === "error") {
    throw backendFailed(found.message, headers?.(503));
  }
  if (found.state === "not-found") throw notFound(headers?.(404));
  return found.post;
}

export type PostLookup =
  | { state: "ok"; post: Post }
  | { state: "not-found" }
  | { state: "error"; message: string };

/**
 * A post found, not found, or the backend failed (logged with `what`): for
 * an action, which answers in its form; a loader uses `requirePost`.
 */
export async function lookUpPost(
  supabase: TypedSupabaseClient,
  id: string,
  what: string,
): Promise<PostLookup> {
  try {
    const post = await getPost(supabase, id);
    return post ? { state: "ok", post } : { state: "not-found" };
  } catch (error) {
    if (!(error instanceof BlogQueryError)) throw error;
    console.error(`${what}:`, logMessage(error));
    return { state: "error", message: error.message };
  }
}

/**
 * Seconds until the next scheduled post goes public, by the database's
 * clock, or null when none is scheduled: every cache lifetime of a page that
 * reads posts ends by then (decision 130). When the database cannot say, 0:
 * the page is sent uncached rather than kept past a publication.
 */
export async function secondsToNextPublication(
  supabase: TypedSupabaseClient,
): Promise<number | null> {
  const { data, error } = await supabase
    .rpc("seconds_to_next_publication")
    .retry(false);
  if (error) {
    console.error("Next publication failed:", error.message);
    return 0;
  }
  return typeof data === "number" ? data : null;
}

const OwnPostRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  published_at: z.string().nullable(),
  publish_time_zone: z.string().nullable(),
  updated_at: z.string(),
});

export type OwnPost = z.infer<typeof OwnPostRowSchema>;

/**
 * The user's posts that `narrow` picks and orders, read with the user's own
 * client: drafts and scheduled posts too, under the policy that lets writers
 * read their own.
 */
async function listOwn(
  supabase: TypedSupabaseClient,
  userId: string,
  limit: number,
  narrow: (query: OwnPostsQuery) => OwnPostsQuery,
): Promise<OwnPost[]> {
  const { data, error } = await narrow(ownPostsQuery(supabase, userId)).limit(
    limit,
  );
  if (error) throw queryError(error);
  return parseRows(z.array(OwnPostRowSchema), data ?? []);
}

function ownPostsQuery(supabase: TypedSupabaseClient, userId: string) {
  return supabase
    .from("blog_posts")
    .select("id, title, published_at, publish_time_zone, updated_at")
    .retry(false)
    .eq("author_id", userId);
}

type OwnPostsQuery = ReturnType<typeof ownPostsQuery>;

/**
 * The user's posts that are not public yet, drafts and scheduled ones,
 * scheduled first by time, then drafts by last change.
 */
export function listOwnUnpublished(
  supabase: TypedSupabaseClient,
  userId: string,
  limit = 100,
) {
  return listOwn(supabase, userId, limit, (query) =>
    query
      .or(`published_at.is.null,published_at.gt.${new Date().toISOString()}`)
      .order("published_at", { ascending: true, nullsFirst: false })
      .order("updated_at", { ascending: false }),
  );
}

/** The user's public posts, the newest first. */
export function listOwnPublished(
  supabase: TypedSupabaseClient,
  userId: string,
  limit = 20,
) {
  return listOwn(supabase, userId, limit, (query) =>
    query
      .lte("published_at", new Date().toISOString())
      .order("published_at", { ascending: false }),
  );
}

const OwnPostViewsSchema = z.array(
  z.object({
    post_id: z.string(),
    views: z.coerce.number(),
    visitors: z.coerce.number(),
  }),
);

/**
 * Views and visitors of each of the caller's posts over the last `days`
 * days, by post id (a post nobody viewed is absent); the database answers
 * only about the caller's own posts.
 */
export async function ownPostViews(
  supabase: TypedSupabaseClient,
  days: number,
): Promise<Map<string, { views: number; visitors: number }>> {
  const { data, error } = await supabase
    .rpc("analytics_own_post_views", { p_days: days })
    .retry(false);
  if (error) throw queryError(error);
  return new Map(
    parseRows(OwnPostViewsSchema, data ?? []).map((row) => [
      row.post_id,
      { views: row.views, visitors: row.visitors },
    ]),
  );
}
