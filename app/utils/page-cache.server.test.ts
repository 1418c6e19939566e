import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";

// The store as production runs it: the security policy is enforced.
Object.assign(process.env, {
  NODE_ENV: "production",
  SITE_URL: "http://site.test",
  PLATFORM_URL: "https://platform.example.com",
  SESSION_SECRET: "page-store-test-session-secret-0123456789",
});
const { bestEncoding, createPageStore, noneMatch } =
  await import("#app/utils/page-cache.server.ts");
const { cappedCacheControl, MARKETING_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } =
  await import("#app/utils/public-cache.server.ts");
const { inlineScriptHashes, nonceContext } =
  await import("#app/utils/security.server.ts");
const { storedPage } = await import("#app/utils/page-cache.server.ts");
const storedUntilDeploy = storedPage("until-deploy");
const storedUntilPostsChange = storedPage("until-posts-change");
const storedUntilJobsChange = storedPage("until-jobs-change");
const storedUntilPagesChange = storedPage("until-pages-change");
const { storedRoutes } = await import("#app/utils/route-table.server.ts");

/** A route table as the build makes it: some routes declare their pages stored. */
const route = (
  id: string,
  parentId: string | undefined,
  shape: { path?: string; index?: boolean },
  declared?: typeof storedUntilDeploy,
) => ({
  id,
  parentId,
  ...shape,
  module: { default: () => null, middleware: declared ? [declared] : [] },
});
const ROUTES = {
  root: route("root", undefined, { path: "" }),
  home: route("home", "root", { index: true }, storedUntilDeploy),
  company: route("company", "root", { path: "company" }, storedUntilDeploy),
  job: route("job", "root", { path: "careers/:id" }, storedUntilJobsChange),
  blog: route("blog", "root", { path: "blueprints" }),
  list: route("list", "blog", { index: true }, storedUntilPostsChange),
  post: route("post", "blog", { path: ":id" }, storedUntilPostsChange),
  admin: route("admin", "root", { path: "admin" }),
} as unknown as ServerBuild["routes"];

const company = storedPage("until-deploy", "contact");
const list = storedPage("until-posts-change", "q", "page");

/** What a path's own route declares, as React Router would match it here. */
function declaredBy(pathname: string) {
  const page = pathname.replace(/\.data$/, "").replace(/^\/_$/, "/");
  if (page === "/blueprints") return list;
  if (/^\/blueprints\/[^/]+$/.test(page)) return storedUntilPostsChange;
  if (/^\/careers\/[^/]+$/.test(page)) return storedUntilJobsChange;
  if (page === "/company") return company;
  if (page === "/") return storedUntilDeploy;
  if (page === "/edited") return storedUntilPagesChange;
  return null;
}

type Respond = (
  nonce: string,
  context: RouterContextProvider,
) => Response | Promise<Response>;

function page(nonce: string) {
  return `<html><script nonce="${nonce}">1</script><link nonce="${nonce}">${"<p>words</p>".repeat(100)}</html>`;
}

const sha256 = (text: string) =>
  createHash("sha256").update(text).digest("base64");

function setup({
  blogSeconds = 5,
  contentSeconds = 5,
  maxBytes = 1 << 20,
} = {}) {
  const store = createPageStore({ blogSeconds, contentSeconds, maxBytes });
  let renders = 0;
  /** A request through React Router's chain: the store's middleware around a render. */
  async function render(
    path: string,
    {
      init = {},
      context = new RouterContextProvider(),
      respond = (nonce: string) =>
        new Response(page(nonce), {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        }),
    }: {
      init?: RequestInit;
      context?: RouterContextProvider;
      respond?: Respond;
    } = {},
  ) {
    const nonce = crypto.randomUUID().replaceAll("-", "");
    context.set(nonceContext, nonce);
    const request = new Request(`http://site.test${path}`, init);
    const response = (await store.middleware(
      {
        request,
        context,
        params: {},
        url: new URL(request.url),
        pattern: "",
      } as unknown as Parameters<typeof store.middleware>[0],
      async () => {
        // The page's own route declares it, as its middleware would.
        const declared = declaredBy(new URL(request.url).pathname);
        const render = async () => {
          renders += 1;
          return respond(nonce, context);
        };
        return declared
          ? ((await declared(
              { request, context } as unknown as Parameters<typeof declared>[0],
              render,
            )) as Response)
          : render();
      },
    )) as Response;
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      nonce,
      response,
      bytes,
      body: bytes.toString(),
    };
  }
  /** The same request before Express and React Router: the stored answer, or null. */
  const answer = (
    path: string,
    headers: Record<string, string> = {},
    method = "GET",
  ) => store.answer({ method, url: path, headers });
  /** Renders `path`, stored (compressed) once its answer is back. */
  async function store_(path: string) {
    const rendered = await render(path);
    expect(store.entries.has(path)).toBe(true);
    return rendered;
  }
  return {
    store,
    render,
    answer,
    stored: store_,
    renders: () => renders,
  };
}

describe("route declarations", () => {
  test("lists every stored page by its path pattern, for the sitemap", () => {
    expect(storedRoutes(ROUTES)).toEqual([
      { path: "/", rule: "until-deploy" },
      { path: "/company", rule: "until-deploy" },
      { path: "/careers/:id", rule: "until-jobs-change" },
      { path: "/blueprints", rule: "until-posts-change" },
      { path: "/blueprints/:id", rule: "until-posts-change" },
    ]);
  });
});

describe("the page store", () => {
  test("answers a declared page from its first render, its scripts trusted by hash", async () => {
    const { stored, answer, renders } = setup();
    expect(answer("/company")).toBeNull();
    const first = await stored("/company");
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(first.body).not.toContain("nonce=");
    expect(first.response.headers.get("Content-Security-Policy")).toContain(
      `'sha256-${sha256("1")}'`,
    );
    const hit = answer("/company", { "accept-encoding": "identity" })!;
    expect(hit.status).toBe(200);
    expect(hit.body?.toString()).toBe(first.body);
    // The first render is answered as its replays are: tagged.
    expect(first.response.headers.get("ETag")).toBe(hit.headers.etag);
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers["content-security-policy"]).toContain(
      `'sha256-${sha256("1")}'`,
    );
    expect(hit.headers["content-security-policy"]).not.toContain("nonce");
    expect(hit.headers["x-frame-options"]).toBe("DENY");
    expect(renders()).toBe(1);
  });

  test("sends the bytes compressed once, in the best encoding accepted, each with its own tag", async () => {
    const { stored, answer } = setup();
    const { body } = await stored("/");
    const br = answer("/", { "accept-encoding": "gzip, br" })!;
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body!).toString()).toBe(body);
    expect(br.headers["content-length"]).toBe(String(br.body!.length));
    const gz = answer("/", { "accept-encoding": "gzip" })!;
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body!).toString()).toBe(body);
    const plain = answer("/", {})!;
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const tags = [br, gz, plain].map((a) => a.headers.etag);
    expect(new Set(tags).size).toBe(3);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
  });

  test("answers its own tag with a 304 and no body, another encoding's with the page", async () => {
    const { stored, answer } = setup();
    await stored("/company");
    const br = answer("/company", { "accept-encoding": "br" })!;
    const revalidated = answer("/company", {
      "accept-encoding": "br",
      "if-none-match": `W/${br.headers.etag}`,
    })!;
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
    expect(revalidated.headers.etag).toBe(br.headers.etag);
    expect(revalidated.headers["cache-control"]).toBe(MARKETING_CACHE_CONTROL);
    expect(revalidated.headers["content-security-policy"]).toContain("sha256-");
    expect(revalidated.headers["content-length"]).toBeUndefined();
    const other = answer("/company", {
      "accept-encoding": "gzip",
      "if-none-match": br.headers.etag!,
    })!;
    expect(other.status).toBe(200);
  });

  test("answers HEAD with the headers and no body", async () => {
    const { stored, answer } = setup();
    await stored("/");
    const head = answer("/", { "accept-encoding": "br" }, "HEAD")!;
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  });

  test("a page kept until the deploy may sit in a CDN; a blog page keeps its loader's rule", async () => {
    const { stored, answer } = setup();
    await stored("/");
    expect(answer("/")!.headers["cache-control"]).toBe(MARKETING_CACHE_CONTROL);
    expect(answer("/")!.headers.vary).toMatch(/Cookie/);
    const blog = setup();
    await blog.render("/blueprints", {
      respond: (nonce) =>
        new Response(page(nonce), {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": PUBLIC_CACHE_CONTROL,
          },
        }),
    });
    await vi.waitFor(() =>
      expect(blog.store.entries.has("/blueprints")).toBe(true),
    );
    expect(blog.answer("/blueprints")!.headers["cache-control"]).toBe(
      PUBLIC_CACHE_CONTROL,
    );
  });

  test("stores a data request by its page's declaration, with a charset as Express sends it", async () => {
    const { render, store, answer } = setup();
    await render("/_.data", {
      respond: () =>
        new Response("[1]", { headers: { "Content-Type": "text/x-script" } }),
    });
    await vi.waitFor(() => expect(store.entries.has("/_.data")).toBe(true));
    const hit = answer("/_.data")!;
    expect(hit.headers["content-type"]).toBe("text/x-script; charset=utf-8");
    expect(hit.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  test("answers the first render compressed and tagged, and its tag with a 304", async () => {
    const { render } = setup();
    const br = { "Accept-Encoding": "gzip, br" };
    const first = await render("/", { init: { headers: br } });
    expect(first.response.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(first.bytes).toString()).toContain("words");
    const etag = first.response.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await render("/", {
      init: { headers: { ...br, "If-None-Match": etag } },
    });
    expect(again.response.status).toBe(304);
    expect(again.bytes).toHaveLength(0);
  });

  test("never stores an undeclared page, a POST, or a personal request", async () => {
    const { render, store, answer } = setup();
    await render("/admin");
    await render("/company", { init: { method: "POST", body: "x=1" } });
    await render("/company", { init: { headers: { Cookie: "__toast=abc" } } });
    await render("/company", {
      init: { headers: { Cookie: "sb-127-auth-token=abc" } },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...store.entries.keys()]).toEqual([]);
    expect(answer("/admin")).toBeNull();
  });

  test("a query the page does not read is the page's copy; one it reads is a copy of its own", async () => {
    const { render, answer, store, renders } = setup();
    expect(answer("/company?utm_source=x")).toBeNull();
    await render("/company?utm_source=news&fbclid=1");
    expect([...store.entries.keys()]).toEqual(["/company"]);
    for (const query of ["utm_source=x", "fbclid=y&z", "q=1"]) {
      expect(answer(`/company?${query}`)?.status, query).toBe(200);
    }
    expect(answer("/company?contact=1")).toBeNull();
    await render("/company?contact=1&utm_medium=mail");
    await render("/blueprints?page=2&q=a+b&junk=1");
    expect([...store.entries.keys()]).toEqual([
      "/company",
      "/company?contact=1",
      "/blueprints?q=a+b&page=2",
    ]);
    expect(answer("/company?utm_medium=x&contact=1")?.status).toBe(200);
    expect(answer("/blueprints?q=a%20b&utm_source=x&page=2")?.status).toBe(200);
    expect(answer("/blueprints?q=other")).toBeNull();
    expect(answer("/blueprints?utm_source=x")).toBeNull();
    expect(renders()).toBe(3);
  });

  test("a page's variants by query go before any page when the store is full", async () => {
    const one = setup();
    await one.stored("/blueprints");
    const size = one.store.bytes();
    const { stored, render, store } = setup({ maxBytes: size * 3 + 10 });
    await stored("/blueprints");
    await stored("/");
    for (const q of ["a", "b", "c"]) await render(`/blueprints?q=${q}`);
    expect([...store.entries.keys()]).toEqual([
      "/blueprints",
      "/",
      "/blueprints?q=c",
    ]);
  });

  test("a stored page is not answered to a personal cookie", async () => {
    const { stored, answer } = setup();
    await stored("/company");
    expect(answer("/company", { cookie: "__toast=abc" })).toBeNull();
    expect(
      answer("/company", { cookie: "sb-127-auth-token.0=abc" }),
    ).toBeNull();
    expect(answer("/company", { cookie: "theme=dark" })).not.toBeNull();
    expect(answer("/company", {}, "POST")).toBeNull();
  });

  test("does not store a response that sets a cookie, is private or failed", async () => {
    const { render, store } = setup();
    const html = { "Content-Type": "text/html; charset=utf-8" };
    await render("/", {
      respond: () =>
        new Response("x", { headers: { ...html, "Set-Cookie": "a=b" } }),
    });
    await render("/company", {
      respond: () =>
        new Response("x", { headers: { ...html, "Cache-Control": "private" } }),
    });
    await render("/careers/404", {
      respond: () => new Response("x", { status: 404, headers: html }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.entries.size).toBe(0);
  });

  test("keeps at most its bytes, dropping the oldest stored", async () => {
    const one = setup();
    await one.stored("/careers/1");
    const size = one.store.bytes();
    expect(size).toBeGreaterThan(Buffer.byteLength(page("")));
    const { stored, store } = setup({ maxBytes: size * 2 + 10 });
    await stored("/careers/1");
    await stored("/careers/2");
    await stored("/careers/3");
    expect([...store.entries.keys()]).toEqual(["/careers/2", "/careers/3"]);
    expect(store.bytes()).toBeLessThanOrEqual(size * 2 + 10);
  });
});

/** A page whose header lets a CDN keep it `seconds`. */
const kept =
  (seconds: number, words = "words") =>
  (nonce: string) =>
    new Response(page(nonce).replace("words", words), {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": `public, max-age=0, s-maxage=${seconds}`,
      },
    });

describe("pages made from the database", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("are never answered past the s-maxage their header gives (a job's closing)", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const { render, store, answer } = setup({ blogSeconds: 60 });
    await render("/careers/7", { respond: kept(1) });
    await vi.waitFor(() => expect(store.entries.has("/careers/7")).toBe(true));
    expect(answer("/careers/7")).not.toBeNull();
    vi.advanceTimersByTime(1_001);
    expect(answer("/careers/7")).toBeNull();
    expect(answer("/careers/7")).toBeNull();
  });

  test("past their lifetime, one request renders; the others get the copy, with its age, until that render is stored", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const { stored, render, store, answer } = setup({ blogSeconds: 5 });
    const first = await stored("/blueprints");
    vi.advanceTimersByTime(2_400);
    expect(answer("/blueprints")!.headers.age).toBe("2");
    vi.advanceTimersByTime(2_601);
    expect(answer("/blueprints")).toBeNull();
    for (let i = 0; i < 50; i++) {
      expect(answer("/blueprints")?.body?.toString()).toBe(first.body);
    }
    await render("/blueprints", { respond: kept(300, "new words") });
    await vi.waitFor(() =>
      expect(answer("/blueprints")?.body?.toString()).toContain("new words"),
    );
    expect(answer("/blueprints")!.headers.age).toBe("0");
    expect(store.entries.size).toBe(1);
  });

  test("past their s-maxage, within their stale-while-revalidate, the others get the copy while one request renders", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const { render, answer } = setup({ blogSeconds: 1 });
    await render("/blueprints", {
      respond: (nonce) =>
        new Response(page(nonce), {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control":
              "public, max-age=0, s-maxage=2, stale-while-revalidate=3",
          },
        }),
    });
    vi.advanceTimersByTime(4_000);
    expect(answer("/blueprints")).toBeNull();
    expect(answer("/blueprints")?.headers.age).toBe("4");
    vi.advanceTimersByTime(1_001);
    expect(answer("/blueprints")).toBeNull();
  });

  test("a quiet spell past their s-maxage leaves nothing to answer: the next visitor gets a render", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const { render, store, answer } = setup({ blogSeconds: 5 });
    await render("/blueprints", { respond: kept(15) });
    await vi.waitFor(() => expect(store.entries.size).toBe(1));
    vi.advanceTimersByTime(3_600_000);
    expect(answer("/blueprints")).toBeNull();
    expect(answer("/blueprints")).toBeNull();
  });

  test("a render the same as the copy renews it, keeping its compressed bytes and tags", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const { render, store, answer } = setup({ blogSeconds: 5 });
    await render("/blueprints", { respond: kept(15) });
    await vi.waitFor(() => expect(store.entries.size).toBe(1));
    const entry = store.entries.get("/blueprints");
    const tag = answer("/blueprints", { "accept-encoding": "br" })!.headers
      .etag;
    vi.advanceTimersByTime(5_001);
    expect(answer("/blueprints")).toBeNull();
    // The same markup with another nonce: the same page.
    await render("/blueprints", { respond: kept(15) });
    expect(store.entries.get("/blueprints")).toBe(entry);
    const renewed = answer("/blueprints", { "accept-encoding": "br" })!;
    expect(renewed.headers.etag).toBe(tag);
    expect(renewed.headers.age).toBe("0");
    // The same bytes with a shorter lifetime (a post scheduled meanwhile).
    vi.advanceTimersByTime(5_001);
    expect(answer("/blueprints")).toBeNull();
    await render("/blueprints", { respond: kept(8) });
    await vi.waitFor(() =>
      expect(store.entries.get("/blueprints")).not.toBe(entry),
    );
    expect(answer("/blueprints")!.headers["cache-control"]).toContain(
      "s-maxage=8",
    );
  });

  test("when the render fails, the copy is answered until its s-maxage; a page gone ends it", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const { render, store, answer } = setup({ blogSeconds: 5 });
    await render("/blueprints", { respond: kept(20) });
    await render("/blueprints/gone", { respond: kept(20) });
    await vi.waitFor(() => expect(store.entries.size).toBe(2));
    vi.advanceTimersByTime(5_001);
    expect(answer("/blueprints")).toBeNull();
    await render("/blueprints", {
      respond: () => new Response("down", { status: 503 }),
    });
    expect(answer("/blueprints")).not.toBeNull();
    vi.advanceTimersByTime(15_000);
    expect(answer("/blueprints")).toBeNull();
    await render("/blueprints/gone", {
      respond: () => new Response("Not found", { status: 404 }),
    });
    expect(store.entries.has("/blueprints/gone")).toBe(false);
  });
});

describe("job pages", () => {
  test("are dropped when a job changes, without a closing time kept for a lifetime", async () => {
    const { stored, store, answer } = setup({ blogSeconds: 60 });
    await stored("/careers/8");
    expect(answer("/careers/8")).not.toBeNull();
    store.drop("until-jobs-change");
    expect(answer("/careers/8")).toBeNull();
  });
});

describe("blog pages", () => {
  test("are dropped when a post changes, also one rendered before the change; other pages stay", async () => {
    const { stored, store, render } = setup();
    await stored("/");
    await stored("/blueprints/abc");
    let release!: () => void;
    const before = render("/blueprints", {
      respond: async (nonce) => {
        await new Promise<void>((resolve) => (release = resolve));
        return new Response(page(nonce), {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      },
    });
    await vi.waitFor(() => expect(release).toBeTypeOf("function"));
    store.drop("until-posts-change");
    release();
    await before;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...store.entries.keys()]).toEqual(["/"]);
  });

  test("are not stored when a publication is due now (s-maxage=0)", async () => {
    const { render, store } = setup();
    await render("/blueprints", {
      respond: (nonce) =>
        new Response(page(nonce), {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": cappedCacheControl(0.4),
          },
        }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.entries.size).toBe(0);
  });

  test("are not stored when their time is 0", async () => {
    const { render, store } = setup({ blogSeconds: 0 });
    await render("/blueprints");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.entries.size).toBe(0);
  });
});

describe("pages the team edits", () => {
  test("are kept for their own time, with the lifetime and age their render gives, and dropped when one is saved", async () => {
    const { stored, render, store, answer } = setup({
      blogSeconds: 0,
      contentSeconds: 300,
    });
    await stored("/");
    await render("/edited", {
      respond: (nonce) =>
        new Response(page(nonce), {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": MARKETING_CACHE_CONTROL,
          },
        }),
    });
    await vi.waitFor(() => expect(store.entries.has("/edited")).toBe(true));
    await render("/blueprints");
    const answered = answer("/edited");
    expect(answered?.headers["cache-control"]).toBe(MARKETING_CACHE_CONTROL);
    expect(answered?.headers["age"]).toBe("0");
    expect(store.entries.has("/blueprints")).toBe(false);
    store.drop("until-pages-change");
    expect(answer("/edited")).toBeNull();
    expect(answer("/")).not.toBeNull();
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

describe("bestEncoding", () => {
  test("brotli first, then gzip, and honours q=0", () => {
    expect(bestEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(bestEncoding("gzip")).toBe("gzip");
    expect(bestEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(bestEncoding("*")).toBe("br");
    expect(bestEncoding("identity")).toBe("identity");
    expect(bestEncoding("gzip;q=0")).toBe("identity");
    expect(bestEncoding(undefined)).toBe("identity");
  });
});
