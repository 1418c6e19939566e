import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { RouterContextProvider } from "react-router";
import { describe, expect, test, vi } from "vitest";
import {
  createPageCacheMiddleware,
  inlineScriptHashes,
  invalidateBlogPages,
  MAX_ENTRIES,
  pageCacheKey,
  preferredEncoding,
  noneMatch,
  type PageCache,
} from "#app/utils/page-cache.server.ts";
import {
  MARKETING_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from "#app/utils/public-cache.server.ts";
import {
  nonceContext,
  scriptHashesContext,
} from "#app/utils/security.server.ts";

const ORIGIN = "http://site.test";

function page(nonce: string) {
  return `<html><script nonce="${nonce}">1</script><link nonce="${nonce}"></html>`;
}

const sha256 = (text: string) =>
  createHash("sha256").update(text).digest("base64");

function setup(blogSeconds = 5) {
  const cache: PageCache = new Map();
  const middleware = createPageCacheMiddleware(cache, blogSeconds);
  let renders = 0;
  async function get(
    path: string,
    {
      nonce = crypto.randomUUID().replaceAll("-", ""),
      init = {},
      respond = (n: string) =>
        new Response(page(n), {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        }),
    }: {
      nonce?: string;
      init?: RequestInit;
      respond?: (nonce: string) => Response | Promise<Response>;
    } = {},
  ) {
    const context = new RouterContextProvider();

    context.set(nonceContext, nonce);
    const request = new Request(`${ORIGIN}${path}`, init);
    const response = (await middleware(
      {
        request,
        context,
        params: {},
        url: new URL(request.url),
        pattern: "",
      } as unknown as Parameters<typeof middleware>[0],
      async () => {
        renders += 1;
        return respond(nonce);
      },
    )) as Response;
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      nonce,
      response,
      bytes,
      body: bytes.toString(),
      scriptHashes: context.get(scriptHashesContext),
    };
  }
  return { cache, get, renders: () => renders };
}

const keyOf = (request: Request, blogSeconds = 5) =>
  pageCacheKey(request, blogSeconds)?.key ?? null;

describe("pageCacheKey", () => {
  test("caches the public pages and their data requests by path", () => {
    for (const path of [
      "/",
      "/_.data",
      "/company",
      "/company.data",
      "/careers",
      "/careers/senior-engineer",
      "/careers/senior-engineer.data",
      "/agents/sales",
      "/blueprint-showcase",
      "/contact-us",
      "/blueprints",
      "/blueprints.data",
      "/blueprints/b0000000-0000-4000-8000-000000000001",
    ]) {
      expect(keyOf(new Request(`${ORIGIN}${path}`))).toBe(path);
    }
  });

  test("keeps marketing pages for good and blog pages for the configured time", () => {
    expect(pageCacheKey(new Request(`${ORIGIN}/company`), 5)?.ttlMs).toBe(
      Infinity,
    );
    expect(pageCacheKey(new Request(`${ORIGIN}/blueprints/x`), 5)?.ttlMs).toBe(
      5000,
    );
    expect(keyOf(new Request(`${ORIGIN}/blueprints`), 0)).toBeNull();
    expect(keyOf(new Request(`${ORIGIN}/company`), 0)).toBe("/company");
  });

  test("never caches other pages, queries, posts or personal requests", () => {
    const refused = [
      new Request(`${ORIGIN}/blueprints?tag=AI`),
      // Searches: one key per arbitrary q would let anyone fill the memory.
      new Request(`${ORIGIN}/blueprints?q=${"x".repeat(200)}`),
      new Request(
        `${ORIGIN}/blueprints.data?q=agents&_routes=routes/blog/list`,
      ),
      new Request(`${ORIGIN}/blueprints/rss.xml`),
      new Request(`${ORIGIN}/blueprints/1/delete`),
      new Request(`${ORIGIN}/write`),
      new Request(`${ORIGIN}/admin`),
      new Request(`${ORIGIN}/careers/a/b`),
      new Request(`${ORIGIN}/company?x=1`),
      new Request(`${ORIGIN}/company.data?_routes=root`),
      new Request(`${ORIGIN}/contact-us`, { method: "POST" }),
      new Request(`${ORIGIN}/company`, { method: "HEAD" }),
      new Request(`${ORIGIN}/company`, {
        headers: { Cookie: "sb-127-auth-token=abc" },
      }),
      new Request(`${ORIGIN}/company`, {
        headers: { Cookie: "theme=dark; __toast=signed" },
      }),
    ];
    for (const request of refused) expect(keyOf(request)).toBeNull();
    expect(
      keyOf(
        new Request(`${ORIGIN}/company`, { headers: { Cookie: "theme=dark" } }),
      ),
    ).toBe("/company");
  });
});

describe("page cache middleware", () => {
  test("replays the first render, its scripts allowed by hash instead of a nonce", async () => {
    const { get, renders } = setup();
    const first = await get("/company", { nonce: "Zmlyc3Q+bm9uY2U/PQ==" });
    const second = await get("/company", { nonce: "c2Vjb25kK25vbmNlLw==" });
    expect(renders()).toBe(1);
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(second.response.headers.get("X-Page-Cache")).toBe("hit");
    const stored = "<html><script>1</script><link></html>";
    expect(first.body).toBe(stored);
    expect(second.body).toBe(stored);
    expect(first.scriptHashes).toEqual([sha256("1")]);
    expect(second.scriptHashes).toEqual([sha256("1")]);
    expect(second.response.headers.get("Content-Type")).toBe(
      "text/html; charset=utf-8",
    );
  });

  test("a data request is stored without script hashes: its policy keeps the nonce", async () => {
    const { get } = setup();
    const respond = () =>
      new Response('[{"_1":2}]', {
        headers: { "Content-Type": "text/x-script" },
      });
    await get("/company.data", { respond });
    const hit = await get("/company.data", { respond });
    expect(hit.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(hit.body).toBe('[{"_1":2}]');
    expect(hit.scriptHashes).toBeNull();
  });

  test("sends the stored page compressed once, in the encoding the request accepts", async () => {
    const { get } = setup();
    const big = (n: string) =>
      new Response(
        `${page(n)}${"<p>Continuously learning agents</p>".repeat(200)}`,
        {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        },
      );
    const first = await get("/careers", { respond: big });
    // Compression runs in the background after the entry is stored.
    await vi.waitFor(async () => {
      const probe = await get("/careers", {
        init: { headers: { "Accept-Encoding": "br" } },
        respond: big,
      });
      expect(probe.response.headers.get("Content-Encoding")).toBe("br");
    });
    const fetchRaw = async (acceptEncoding: string) => {
      const { response, bytes } = await get("/careers", {
        init: { headers: { "Accept-Encoding": acceptEncoding } },
        respond: big,
      });
      expect(response.headers.get("Content-Length")).toBe(String(bytes.length));
      expect(response.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
      return { encoding: response.headers.get("Content-Encoding"), bytes };
    };
    const br = await fetchRaw("gzip, deflate, br, zstd");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.bytes).toString()).toBe(first.body);
    expect(br.bytes.length).toBeLessThan(first.body.length / 5);
    const gz = await fetchRaw("gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.bytes).toString()).toBe(first.body);
    const plain = await fetchRaw("identity");
    expect(plain.encoding).toBeNull();
    expect(plain.bytes.toString()).toBe(first.body);
  });

  test("a marketing page may be kept by a CDN until the deploy; a blog page keeps its loader's rule", async () => {
    const { get } = setup();
    const marketing = await get("/company");
    expect(marketing.response.headers.get("Cache-Control")).toBe(
      MARKETING_CACHE_CONTROL,
    );
    expect(marketing.response.headers.get("Vary")).toMatch(/^Cookie\b/);
    const blog = await get("/blueprints", {
      respond: (n) =>
        new Response(page(n), {
          headers: {
            "Content-Type": "text/html",
            "Cache-Control": PUBLIC_CACHE_CONTROL,
          },
        }),
    });
    expect(blog.response.headers.get("Cache-Control")).toBe(
      PUBLIC_CACHE_CONTROL,
    );
  });

  test("tags each encoding with a strong ETag and answers a match with 304", async () => {
    const { get } = setup();
    const big = (n: string) =>
      new Response(`${page(n)}${"<p>agents</p>".repeat(300)}`, {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    const first = await get("/careers", {
      init: { headers: { "Accept-Encoding": "br" } },
      respond: big,
    });
    // The brotli copy is not stored yet: the server compresses these bytes.
    expect(first.response.headers.get("ETag")).toBeNull();
    const plainTag = (
      await get("/careers", { respond: big })
    ).response.headers.get("ETag");
    expect(plainTag).toMatch(/^"[\w-]{27}"$/);
    await vi.waitFor(async () => {
      const probe = await get("/careers", {
        init: { headers: { "Accept-Encoding": "br" } },
        respond: big,
      });
      expect(probe.response.headers.get("Content-Encoding")).toBe("br");
    });
    const br = await get("/careers", {
      init: { headers: { "Accept-Encoding": "br" } },
      respond: big,
    });
    const brTag = br.response.headers.get("ETag");
    expect(brTag).toBe(plainTag!.replace(/"$/, '-br"'));

    const revalidated = await get("/careers", {
      init: { headers: { "Accept-Encoding": "br", "If-None-Match": brTag! } },
      respond: big,
    });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
    expect(revalidated.response.headers.get("ETag")).toBe(brTag);
    expect(revalidated.response.headers.get("Cache-Control")).toBe(
      MARKETING_CACHE_CONTROL,
    );
    // The policy a browser applies to the copy it keeps is chosen by type.
    expect(revalidated.response.headers.get("Content-Type")).toBe(
      "text/html; charset=utf-8",
    );
    expect(revalidated.scriptHashes).toEqual(first.scriptHashes);
    expect(revalidated.response.headers.get("Content-Encoding")).toBeNull();

    // The uncompressed copy's tag does not stand for the brotli bytes.
    const otherEncoding = await get("/careers", {
      init: {
        headers: { "Accept-Encoding": "br", "If-None-Match": plainTag! },
      },
      respond: big,
    });
    expect(otherEncoding.response.status).toBe(200);
    const changed = await get("/careers", {
      init: { headers: { "If-None-Match": '"something-else"' } },
      respond: big,
    });
    expect(changed.response.status).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  test("a page rendered again after a change gets a new ETag", async () => {
    const { cache, get } = setup();
    const before = await get("/blueprints", {
      respond: () =>
        new Response("<p>one</p>", {
          headers: { "Content-Type": "text/html" },
        }),
    });
    invalidateBlogPages(cache);
    const after = await get("/blueprints", {
      init: {
        headers: { "If-None-Match": before.response.headers.get("ETag")! },
      },
      respond: () =>
        new Response("<p>two</p>", {
          headers: { "Content-Type": "text/html" },
        }),
    });
    expect(after.response.status).toBe(200);
    expect(after.response.headers.get("ETag")).not.toBe(
      before.response.headers.get("ETag"),
    );
  });

  test("keeps at most MAX_ENTRIES pages, dropping the oldest stored", async () => {
    const { cache, get } = setup(60);
    for (let i = 0; i <= MAX_ENTRIES; i++) await get(`/blueprints/post-${i}`);
    expect(cache.size).toBe(MAX_ENTRIES);
    expect(cache.has("/blueprints/post-0")).toBe(false);
    expect(cache.has(`/blueprints/post-${MAX_ENTRIES}`)).toBe(true);
  });

  test("sends its own Content-Length, not the render's", async () => {
    const { get } = setup();
    const respond = (n: string) =>
      new Response(page(n), {
        headers: { "Content-Length": String(page(n).length) },
      });
    await get("/careers", { respond });
    const hit = await get("/careers", { respond });
    expect(hit.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(hit.response.headers.get("Content-Length")).toBe(
      String(hit.body.length),
    );
  });

  test("does not store a response that sets a cookie, is private or failed", async () => {
    const { cache, get, renders } = setup();
    const refusals: ((nonce: string) => Response)[] = [
      (n) => new Response(page(n), { headers: { "Set-Cookie": "__toast=" } }),
      (n) =>
        new Response(page(n), {
          headers: { "Cache-Control": "private, no-store" },
        }),
      (n) => new Response(page(n), { status: 404 }),
      (n) => new Response(page(n), { status: 500 }),
    ];
    for (const respond of refusals) {
      const { response } = await get("/careers/x", { respond });
      expect(response.headers.get("X-Page-Cache")).toBeNull();
    }
    expect(cache.size).toBe(0);
    expect(renders()).toBe(refusals.length);
  });

  test("a flash cookie or a session is rendered, not served from the cache", async () => {
    const { get, renders } = setup();
    await get("/contact-us");
    const flashed = await get("/contact-us", {
      init: { headers: { Cookie: "__toast=signed-message" } },
      respond: () => new Response("<p>Thanks!</p>"),
    });
    expect(flashed.body).toBe("<p>Thanks!</p>");
    const signedIn = await get("/contact-us", {
      init: { headers: { Cookie: "sb-127-auth-token=abc" } },
      respond: () => new Response("<p>Hello, author</p>"),
    });
    expect(signedIn.body).toBe("<p>Hello, author</p>");
    expect(renders()).toBe(3);
  });
});

describe("blog pages", () => {
  test("are rendered again once their time is up", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const { get, renders } = setup(5);
      await get("/blueprints");
      await get("/blueprints");
      expect(renders()).toBe(1);
      vi.advanceTimersByTime(5_001);
      const later = await get("/blueprints");
      expect(later.response.headers.get("X-Page-Cache")).toBe("miss");
      expect(renders()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test("while one request renders an expired page, others get the old copy", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const { get, renders } = setup(5);
      await get("/blueprints", { respond: () => new Response("old") });
      vi.advanceTimersByTime(5_001);
      let finish: (response: Response) => void = () => {};
      const refresh = get("/blueprints", {
        respond: () =>
          new Promise<Response>((resolve) => {
            finish = resolve;
          }),
      });
      const meanwhile = await get("/blueprints", {
        respond: () => new Response("a second render"),
      });
      expect(meanwhile.body).toBe("old");
      finish(new Response("new"));
      expect((await refresh).body).toBe("new");
      expect((await get("/blueprints")).body).toBe("new");
      expect(renders()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test("are dropped when a post changes, marketing pages are kept", async () => {
    const { cache, get } = setup(60);
    await get("/blueprints");
    await get("/blueprints/some-post");
    await get("/company");
    invalidateBlogPages(cache);
    expect([...cache.keys()]).toEqual(["/company"]);
  });
});

describe("inlineScriptHashes", () => {
  test("hashes the inline scripts the render's nonce trusted, once each", () => {
    const html = [
      '<script nonce="n0nce">window.a = 1;</script>',
      '<script nonce="n0nce" type="module" async="">import "/assets/entry.js";</script>',
      '<script nonce="n0nce" src="/assets/x.js"></script>',
      '<SCRIPT nonce="n0nce">window.a = 1;</SCRIPT>',
      '<script nonce="n0nce">\n</script>',
    ].join("");
    expect(inlineScriptHashes(html, "n0nce")).toEqual([
      sha256("window.a = 1;"),
      sha256('import "/assets/entry.js";'),
      sha256("\n"),
    ]);
  });

  test("leaves out scripts without the nonce: markup slipped into a post stays blocked", () => {
    const html = [
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<article><script>steal()</script></article>",
      '<script nonce="guess">steal()</script>',
      '<script nonce="n0nce">hydrate()</script>',
    ].join("");
    expect(inlineScriptHashes(html, "n0nce")).toEqual([sha256("hydrate()")]);
    expect(inlineScriptHashes(html, "")).toEqual([]);
  });

  test("matches the hash browsers compute for this well-known example", () => {
    // From the CSP specification's hash-source example.
    expect(
      inlineScriptHashes(
        `<script nonce="n">alert('Hello, world.');</script>`,
        "n",
      ),
    ).toEqual(["qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng="]);
  });
});

describe("noneMatch", () => {
  test("compares weakly, over a list, and honours *", () => {
    expect(noneMatch('"abc"', '"abc"')).toBe(true);
    expect(noneMatch('W/"abc"', '"abc"')).toBe(true);
    expect(noneMatch('"x", "abc"', '"abc"')).toBe(true);
    expect(noneMatch("*", '"abc"')).toBe(true);
    expect(noneMatch('"abc-br"', '"abc"')).toBe(false);
    expect(noneMatch(null, '"abc"')).toBe(false);
    expect(noneMatch("", '"abc"')).toBe(false);
  });
});

describe("preferredEncoding", () => {
  test("prefers brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("gzip;q=0")).toBeNull();
    expect(preferredEncoding(null)).toBeNull();
  });
});
