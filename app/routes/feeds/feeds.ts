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
      ...item.categories.map((category) => element("category", category)),
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
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

export function buildRobots(siteUrl: string, disallow: string[]): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallow.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
