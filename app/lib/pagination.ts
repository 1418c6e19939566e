// Page numbers come from the query string, so anything a visitor types must
// land on a real page number; a page past the end is simply empty.

export const POSTS_PER_PAGE = 12;

/** `?page=` as a page number from 1; missing, malformed or absurd values mean page 1. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? page : 1;
}

/** The inclusive row range of a page, as PostgREST's `range(from, to)` wants it. */
export function pageRange(page: number, perPage = POSTS_PER_PAGE) {
  const from = (page - 1) * perPage;
  return { from, to: from + perPage - 1 };
}

export function pageCount(total: number, perPage = POSTS_PER_PAGE) {
  return Math.max(1, Math.ceil(total / perPage));
}

export type PageLinks = {
  prev: number | null;
  next: number | null;
  last: number;
};

/**
 * Neighbours of a page. A page past the end links back to the last real page,
 * so a stale link still offers a way into the list.
 */
export function pageLinks(
  page: number,
  total: number,
  perPage = POSTS_PER_PAGE,
): PageLinks {
  const last = pageCount(total, perPage);
  return {
    prev: page > 1 ? Math.min(page - 1, last) : null,
    next: page < last ? page + 1 : null,
    last,
  };
}

/**
 * A list URL that keeps the tag filter and search; page 1 has no `page`
 * parameter. `after` / `before` are keyset cursors (app/utils/keyset.server.ts).
 */
export function listHref(
  basePath: string,
  {
    tag,
    q,
    page,
    after,
    before,
  }: {
    tag?: string | null;
    q?: string | null;
    page?: number;
    after?: string;
    before?: string;
  },
) {
  const params = new URLSearchParams();
  if (tag) params.set("tag", tag);
  if (q) params.set("q", q);
  if (page && (page > 1 || before)) params.set("page", String(page));
  if (after) params.set("after", after);
  if (before) params.set("before", before);
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}
