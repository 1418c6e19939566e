import { RouterContextProvider } from "react-router";
import { describe, expect, test, vi } from "vitest";
import {
  createPageCacheMiddleware,
  invalidateBlogPages,
  MAX_ENTRIES,
  NONCE_PLACEHOLDER,
  pageCacheKey,
  type PageCache,
} from "#app/utils/page-cache.server.ts";
import { nonceContext } from "#app/utils/security.server.ts";

const ORIGIN = "http://site.test";

function page(nonce: string) {
  return `<html><script nonce="${nonce}">1</script><link nonce="${nonce}"></html>`;
}

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
    return { nonce, response, body: await response.text() };
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
  test("replays the first render with each request's own nonce", async () => {
    const { cache, get, renders } = setup();
    const first = await get("/company", { nonce: "Zmlyc3Q+bm9uY2U/PQ==" });
    const second = await get("/company", { nonce: "c2Vjb25kK25vbmNlLw==" });
    expect(renders()).toBe(1);
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(second.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(first.body).toBe(page(first.nonce));
    expect(second.body).toBe(page(second.nonce));
    expect(second.body).not.toContain(first.nonce);
    expect(second.response.headers.get("Content-Type")).toBe(
      "text/html; charset=utf-8",
    );
    expect(cache.get("/company")?.body).toBe(page(NONCE_PLACEHOLDER));
  });

  test("keeps at most MAX_ENTRIES pages, dropping the oldest stored", async () => {
    const { cache, get } = setup(60);
    for (let i = 0; i <= MAX_ENTRIES; i++) await get(`/blueprints/post-${i}`);
    expect(cache.size).toBe(MAX_ENTRIES);
    expect(cache.has("/blueprints/post-0")).toBe(false);
    expect(cache.has(`/blueprints/post-${MAX_ENTRIES}`)).toBe(true);
  });

  test("drops Content-Length, which the nonce swap would make wrong", async () => {
    const { get } = setup();
    const respond = (n: string) =>
      new Response(page(n), {
        headers: { "Content-Length": String(page(n).length) },
      });
    await get("/careers", { respond });
    const hit = await get("/careers", { respond });
    expect(hit.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(hit.response.headers.get("Content-Length")).toBeNull();
    expect(hit.body).toBe(page(hit.nonce));
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
