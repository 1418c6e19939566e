import { describe, expect, test } from "vitest";
import {
  buildRobots,
  ROBOTS_DISALLOW,
  buildRss,
  buildSitemap,
  escapeXml,
  rssDate,
  SITEMAP_MAX_URLS,
  sitemapFile,
  sitemapFileCount,
} from "./feeds.ts";

describe("escapeXml", () => {
  test("escapes the five XML specials", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;",
    );
  });

  test("does not double-unescape entities typed by authors", () => {
    expect(escapeXml("&amp; &lt;script&gt;")).toBe(
      "&amp;amp; &amp;lt;script&amp;gt;",
    );
  });

  test("drops characters XML 1.0 cannot carry, keeps tabs, newlines and emoji", () => {
    expect(escapeXml("a\u0000b\u0007c\u000Bd\uFFFEe\tf\ng\r🙂")).toBe(
      "abcde\tf\ng\r🙂",
    );
    expect(escapeXml("lone \uD800 high and \uDC00 low")).toBe(
      "lone  high and  low",
    );
  });

  test("a CDATA terminator is harmless", () => {
    expect(escapeXml("]]><x>")).toBe("]]&gt;&lt;x&gt;");
  });
});

describe("buildRss", () => {
  const rss = buildRss({
    title: "Blog & news",
    description: "About <things>",
    url: "https://site.example/blueprints",
    feedUrl: "https://site.example/blueprints/rss.xml",
    items: [
      {
        title: "<script>alert(1)</script> & more",
        url: "https://site.example/blueprints/b0000000-0000-4000-8000-000000000001",
        description: "Excerpt with \u0001 control",
        publishedAt: "2026-06-09T09:30:00+00:00",
        categories: ["AI & Agents"],
        creators: ["Ada <Lovelace>", "Grace Hopper"],
      },
    ],
  });

  test("is RSS 2.0 with escaped text", () => {
    expect(
      rss.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"',
      ),
    ).toBe(true);
    expect(rss).toContain("<title>Blog &amp; news</title>");
    expect(rss).toContain("<description>About &lt;things&gt;</description>");
    expect(rss).toContain(
      "<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>",
    );
    expect(rss).toContain("<description>Excerpt with  control</description>");
    expect(rss).toContain("<category>AI &amp; Agents</category>");
    expect(rss).not.toContain("<script>");
  });

  test("names each author in dc:creator, whose namespace the feed declares", () => {
    expect(rss).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    expect(rss).toContain(
      "<dc:creator>Ada &lt;Lovelace&gt;</dc:creator><dc:creator>Grace Hopper</dc:creator>",
    );
  });

  test("links, permalink guid, RFC 822 dates", () => {
    expect(rss).toContain(
      '<guid isPermaLink="true">https://site.example/blueprints/b0000000-0000-4000-8000-000000000001</guid>',
    );
    expect(rss).toContain("<pubDate>Tue, 09 Jun 2026 09:30:00 GMT</pubDate>");
    expect(rss).toContain(
      "<lastBuildDate>Tue, 09 Jun 2026 09:30:00 GMT</lastBuildDate>",
    );
    expect(rss).toContain(
      '<atom:link href="https://site.example/blueprints/rss.xml" rel="self" type="application/rss+xml"/>',
    );
  });

  test("an empty feed has no items and no build date", () => {
    const empty = buildRss({
      title: "t",
      description: "d",
      url: "u",
      feedUrl: "f",
      items: [],
    });
    expect(empty).not.toContain("<item>");
    expect(empty).not.toContain("lastBuildDate");
  });

  test("rssDate", () => {
    expect(rssDate("2026-11-12T09:00:00.123Z")).toBe(
      "Thu, 12 Nov 2026 09:00:00 GMT",
    );
  });
});

describe("buildSitemap and buildRobots", () => {
  test("sitemap entries with optional lastmod in ISO format", () => {
    const xml = buildSitemap([
      { url: "https://site.example/" },
      {
        url: "https://site.example/a?b=1&c=2",
        lastModified: "2026-07-16 13:45:00+00",
      },
    ]);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    expect(xml).toContain("<url><loc>https://site.example/</loc></url>");
    expect(xml).toContain(
      "<url><loc>https://site.example/a?b=1&amp;c=2</loc><lastmod>2026-07-16T13:45:00.000Z</lastmod></url>",
    );
  });

  test("robots points at the sitemap and keeps private areas out", () => {
    const robots = buildRobots("https://site.example", ["/write", "/admin"]);
    expect(robots).toBe(
      "User-agent: *\nDisallow: /write\nDisallow: /admin\nAllow: /\n\nSitemap: https://site.example/sitemap.xml\n",
    );
  });

  test("a first-match parser reads the private areas as disallowed", () => {
    const robots = buildRobots("https://site.example", ROBOTS_DISALLOW);
    for (const path of [
      "/admin",
      "/admin/inbox",
      "/write",
      "/edit/b0000000-0000-4000-8000-000000000001",
      "/auth",
    ]) {
      expect(firstMatchAllows(robots, path), path).toBe(false);
    }
    for (const path of ["/", "/blueprints", "/careers/1", "/company"]) {
      expect(firstMatchAllows(robots, path), path).toBe(true);
    }
  });
});

/**
 * Whether `path` may be crawled by `User-agent: *` as Python's
 * urllib.robotparser decides: the group's rules in their order, the first
 * whose path is a prefix of the URL's wins, and no match allows.
 */
function firstMatchAllows(robots: string, path: string) {
  let inGroup = false;
  for (const raw of robots.split("\n")) {
    const line = raw.replace(/#.*/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === "user-agent") inGroup = value === "*";
    else if (inGroup && (field === "allow" || field === "disallow")) {
      if (value !== "" && path.startsWith(value)) return field === "allow";
    }
  }
  return true;
}

describe("sitemapFile", () => {
  const pages = [{ url: "https://x.test/" }, { url: "https://x.test/company" }];
  function source(postCount: number) {
    const calls: [number, number][] = [];
    return {
      calls,
      source: {
        pages,
        countPosts: async () => postCount,
        posts: async (offset: number, limit: number) => {
          calls.push([offset, limit]);
          return Array.from(
            { length: Math.max(0, Math.min(limit, postCount - offset)) },
            (_, index) => ({ url: `https://x.test/p/${offset + index}` }),
          );
        },
        partUrl: (part: number) => `https://x.test/sitemap.xml?part=${part}`,
      },
    };
  }
  const locs = (xml: string | null) =>
    [...(xml ?? "").matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

  test("up to the limit, one file of pages then posts", async () => {
    const { source: s } = source(3);
    const xml = await sitemapFile(s, null, 5);
    expect(xml).toContain("<urlset");
    expect(locs(xml)).toEqual([
      "https://x.test/",
      "https://x.test/company",
      "https://x.test/p/0",
      "https://x.test/p/1",
      "https://x.test/p/2",
    ]);
  });

  test("past it, an index of parts, each within the limit and together complete", async () => {
    const { source: s, calls } = source(9);
    const index = await sitemapFile(s, null, 5);
    expect(index).toContain("<sitemapindex");
    expect(locs(index)).toEqual([
      "https://x.test/sitemap.xml?part=1",
      "https://x.test/sitemap.xml?part=2",
      "https://x.test/sitemap.xml?part=3",
    ]);
    const parts = [];
    for (const part of [1, 2, 3]) parts.push(await sitemapFile(s, part, 5));
    expect(parts.map((part) => locs(part).length)).toEqual([5, 5, 1]);
    expect(parts.flatMap(locs)).toEqual([
      ...pages.map((page) => page.url),
      ...Array.from({ length: 9 }, (_, index) => `https://x.test/p/${index}`),
    ]);
    expect(calls).toEqual([
      [0, 3],
      [3, 5],
      [8, 5],
    ]);
    expect(await sitemapFile(s, 4, 5)).toBeNull();
  });

  test("the protocol's own limit is 50,000", () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(sitemapFileCount(50_000)).toBe(1);
    expect(sitemapFileCount(50_001)).toBe(2);
  });
});
