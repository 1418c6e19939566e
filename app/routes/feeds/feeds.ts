// Text for RSS and the sitemap. Titles and excerpts are whatever authors
// typed, so every value is escaped and stripped of characters XML 1.0 forbids
// (a single control character would make the whole feed unreadable).

const INVALID_XML_CHARS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML_CHARS, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export type RssItem = {
  title: string;
  url: string;
  description: string;
  publishedAt: string;
  categories: string[];
  /** Names: RSS's own <author> is an e-mail address, so they go in dc:creator. */
  creators: string[];
};

export type RssChannel = {
  title: string;
  description: string;
  /** The page the feed belongs to. */
  url: string;
  /** Where the feed itself lives. */
  feedUrl: string;
  items: RssItem[];
};

function element(name: string, value: string) {
  return `<${name}>${escapeXml(value)}</${name}>`;
}

/** RSS 2.0 dates are RFC 822. */
export function rssDate(iso: string) {
  return new Date(iso).toUTCString();
}

export function buildRss(channel: RssChannel): string {
  const newest = channel.items[0]?.publishedAt;
  const items = channel.items.map((item) =>
    [
      "<item>",
      element("title", item.title),
      element("link", item.url),
      `<guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
      element("pubDate", rssDate(item.publishedAt)),
      element("description", item.description),
      ...item.creators.map((creator) => element("dc:creator", creator)),
      ...item.categories.map((category) => element("category", category)),
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    element("title", channel.title),
    element("link", channel.url),
    element("description", channel.description),
    element("language", "en"),
    `<atom:link href="${escapeXml(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [element("lastBuildDate", rssDate(newest))] : []),
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

export type SitemapEntry = { url: string; lastModified?: string };

export function buildSitemap(entries: SitemapEntry[]): string {
  const urls = entries.map(
    ({ url, lastModified }) =>
      `<url><loc>${escapeXml(url)}</loc>${
        lastModified
          ? `<lastmod>${escapeXml(new Date(lastModified).toISOString())}</lastmod>`
          : ""
      }</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** The sitemap protocol's limit on the URLs of one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** How many sitemap files `total` URLs take: one needs no index. */
export function sitemapFileCount(total: number, maxUrls = SITEMAP_MAX_URLS) {
  return Math.max(1, Math.ceil(total / maxUrls));
}

/** A sitemap index: the files that together list every URL. */
export function buildSitemapIndex(urls: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

export type SitemapSource = {
  /** The site's own pages, listed first. */
  pages: SitemapEntry[];
  countPosts: () => Promise<number>;
  /** `limit` posts from the `offset`th, in a stable order. */
  posts: (offset: number, limit: number) => Promise<SitemapEntry[]>;
  /** The URL of part N of the sitemap. */
  partUrl: (part: number) => string;
};

/**
 * The sitemap (`part` null) or one part of it; null for a part that does not
 * exist. Past `maxUrls` URLs the sitemap is an index of parts, each listing
 * the next `maxUrls`, so no file outgrows the protocol's limit.
 */
export async function sitemapFile(
  source: SitemapSource,
  part: number | null,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<string | null> {
  const { pages } = source;
  const files = sitemapFileCount(
    pages.length + (await source.countPosts()),
    maxUrls,
  );
  if (part === null && files > 1) {
    return buildSitemapIndex(
      Array.from({ length: files }, (_, index) => source.partUrl(index + 1)),
    );
  }
  if (part !== null && part > files) return null;
  const start = ((part ?? 1) - 1) * maxUrls;
  const end = start + maxUrls;
  const postsFrom = Math.max(start, pages.length);
  const posts =
    end > postsFrom
      ? await source.posts(postsFrom - pages.length, end - postsFrom)
      : [];
  return buildSitemap([...pages.slice(start, end), ...posts]);
}

/** Private areas, fixed by the product: writing, editing, admin and sign-in. */
export const ROBOTS_DISALLOW = ["/write", "/edit", "/admin", "/auth"];

/**
 * robots.txt. The Disallow lines come before `Allow: /`: Google picks the
 * longest matching rule, but the original standard and parsers that follow
 * it (Python's urllib.robotparser) take the first, and would read an opening
 * `Allow: /` as leave to crawl everything.
 */
export function buildRobots(siteUrl: string, disallow: string[]): string {
  return [
    "User-agent: *",
    ...disallow.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
