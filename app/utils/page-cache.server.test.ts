import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { describe, expect, test, vi } from "vitest";
import type { StoredAnswer } from "#app/utils/page-cache.server.ts";

// The store as production runs it: the security policy is enforced.
Object.assign(process.env, {
  NODE_ENV: "production",
  SITE_URL: "http://site.test",
  PLATFORM_URL: "https://platform.example.com",
  SESSION_SECRET: "page-store-test-session-secret-0123456789",
});
const { acceptedEncodings, createPageStore, inlineScriptHashes, noneMatch } =
  await import("#app/utils/page-cache.server.ts");
const { cappedCacheControl, MARKETING_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } =
  await import("#app/utils/public-cache.server.ts");
const { nonceContext, scriptHashesContext } =
  await import("#app/utils/security.server.ts");
const { storedUntilDeploy, storedUntilJobsChange, storedUntilPostsChange } =
  await import("#app/utils/stored-page.server.ts");
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

/** What a path's own route declares, as React Router would match it here. */
function declaredBy(pathname: string) {
  const page = pathname.replace(/\.data$/, "").replace(/^\/_$/, "/");
  if (/^\/blueprints(\/[^/]+)?$/.test(page)) return storedUntilPostsChange;
  if (/^\/careers\/[^/]+$/.test(page)) return storedUntilJobsChange;
  if (/^\/(company)?$/.test(page)) return storedUntilDeploy;
  return null;
}

type Respond = (
  nonce: string,
  context: RouterContextProvider,
) => Response | Promise<Response>;

/** A render of the page that answers once released. */
function heldRender() {
  let release: (() => void) | undefined;
  return {
    respond: (nonce: string) =>
      new Promise<Response>((resolve) => {
        release = () =>
          resolve(
            new Response(page(nonce), {
              headers: { "Content-Type": "text/html; charset=utf-8" },
            }),
          );
      }),
    begun: () => release !== undefined,
    release: () => release?.(),
  };
}

function page(nonce: string) {
  return `<html><script nonce="${nonce}">1</script><link nonce="${nonce}">${"<p>words</p>".repeat(100)}</html>`;
}

const sha256 = (text: string) =>
  createHash("sha256").update(text).digest("base64");

function setup({ blogSeconds = 5, maxEntries = 500 } = {}) {
  /** The keys the store rendered again in the background. */
  const revalidated: string[] = [];
  /** What those renders answer: the page again, unless a test says otherwise. */
  const background: { respond?: Respond } = {};
  const store = createPageStore({
    blogSeconds,
    maxEntries,
    revalidate: async (key, context) => {
      revalidated.push(key);
      await render(key, { context, respond: background.respond });
    },
  });
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
      scriptHashes: context.get(scriptHashesContext),
    };
  }
  /**
   * The same request before Express and React Router: the stored answer, or
   * null, its flat header list read as an object.
   */
  function answer(
    path: string,
    headers: Record<string, string> = {},
    method = "GET",
  ) {
    const answered = store.answer({ method, url: path, headers });
    if (answered instanceof Promise)
      throw new Error(`${path}: the store made the request wait`);
    return answered && named(answered);
  }
  /** Whether the store makes a GET of `path` wait for a render. */
  function waits(path: string) {
    return (
      store.answer({ method: "GET", url: path, headers: {} }) instanceof Promise
    );
  }
  /** A stored answer with its flat header list read as an object. */
  function named(answered: StoredAnswer) {
    const named: Record<string, string> = {};
    const list = [...answered.headers, ...answered.extra];
    for (let i = 0; i < list.length; i += 2) {
      const name = list[i]!;
      expect(named[name], `${name} sent twice`).toBeUndefined();
      named[name] = list[i + 1]!;
    }
    return { ...answered, headers: named };
  }
  /** Renders `path` and waits until it is stored (compressed). */
  async function store_(path: string) {
    const rendered = await render(path);
    await vi.waitFor(() => expect(store.entries.has(path)).toBe(true));
    return rendered;
  }
  return {
    store,
    render,
    answer,
    waits,
    named,
    stored: store_,
    renders: () => renders,
    revalidated,
    background,
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
    expect(first.scriptHashes).toEqual([sha256("1")]);
    const hit = answer("/company", { "accept-encoding": "identity" })!;
    expect(hit.status).toBe(200);
    expect(hit.body?.toString()).toBe(first.body);
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers["content-security-policy"]).toContain(
      `'sha256-${sha256("1")}'`,
    );
    expect(hit.headers["content-security-policy"]).not.toContain("nonce");
    expect(hit.headers["x-frame-options"]).toBe("DENY");
    expect(hit.headers["server-timing"]).toMatch(/^total;dur=/);
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

  test("never stores an undeclared page, a query, a POST, or a personal request", async () => {
    const { render, store, answer } = setup();
    await render("/admin");
    await render("/company?contact=1");
    await render("/company", { init: { method: "POST", body: "x=1" } });
    await render("/company", { init: { headers: { Cookie: "__toast=abc" } } });
    await render("/company", {
      init: { headers: { Cookie: "sb-127-auth-token=abc" } },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...store.entries.keys()]).toEqual([]);
    expect(answer("/admin")).toBeNull();
  });

  test("a stored page is not answered to a request with a query or a personal cookie", async () => {
    const { stored, answer } = setup();
    await stored("/company");
    expect(answer("/company?contact=1")).toBeNull();
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

  test("keeps at most its number of pages, dropping the oldest stored", async () => {
    const { stored, store } = setup({ maxEntries: 2 });
    await stored("/careers/1");
    await stored("/careers/2");
    await stored("/careers/3");
    expect([...store.entries.keys()]).toEqual(["/careers/2", "/careers/3"]);
  });
});

describe("job pages", () => {
  test("are never answered past the closing time their header gives", async () => {
    const { render, store, answer, waits } = setup({ blogSeconds: 60 });
    const closes = Date.now() + 1_000;
    await render("/careers/7", {
      respond: (nonce) =>
        new Response(page(nonce), {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": "public, max-age=0, s-maxage=1",
          },
        }),
    });
    await vi.waitFor(() => expect(store.entries.has("/careers/7")).toBe(true));
    expect(answer("/careers/7")).not.toBeNull();
    // Past it, a request waits for the page to be rendered again.
    await vi.waitFor(() => expect(waits("/careers/7")).toBe(true), {
      timeout: 2_000,
    });
    expect(Date.now()).toBeGreaterThanOrEqual(closes);
  });

  test("past their deadline, requests arriving during one render wait for it instead of rendering", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const { store, render, renders, background, revalidated } = setup({
        blogSeconds: 5,
      });
      // A job page's own header: a CDN keeps it a minute at most.
      const jobPage = (nonce: string) =>
        new Response(page(nonce), {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": "public, max-age=0, s-maxage=60",
          },
        });
      await render("/careers/9", { respond: jobPage });
      await vi.waitFor(() =>
        expect(store.entries.has("/careers/9")).toBe(true),
      );
      const before = renders();
      vi.advanceTimersByTime(60_001);
      let release!: () => void;
      background.respond = (nonce: string) =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jobPage(nonce));
        });
      // The first request past the deadline starts the render and waits for it.
      const leader = store.answer({
        method: "GET",
        url: "/careers/9",
        headers: {},
      });
      expect(leader).toBeInstanceOf(Promise);
      expect(revalidated).toEqual(["/careers/9"]);
      await vi.waitFor(() => expect(release).toBeTypeOf("function"));
      // Each of these would be a render and its queries without the wait,
      // and each a compression of its own without the store's bytes.
      const followers = Array.from({ length: 49 }, (_, i) =>
        render("/careers/9", {
          init: { headers: { "Accept-Encoding": i % 2 ? "br, gzip" : "" } },
        }),
      );
      release();
      const answers = await Promise.all(followers);
      expect((await leader)?.status).toBe(200);
      expect(renders() - before).toBe(1);
      const [first] = answers;
      const encodings = new Set<string | null>();
      for (const { response, bytes, scriptHashes } of answers) {
        expect(response.status).toBe(200);
        expect(response.headers.get("X-Page-Cache")).toBe("miss");
        const encoding = response.headers.get("Content-Encoding");
        encodings.add(encoding);
        const text = (
          encoding === "br" ? brotliDecompressSync(bytes) : bytes
        ).toString();
        expect(text).toBe(first!.body);
        expect(text).not.toContain("nonce");
        expect(scriptHashes).toEqual([sha256("1")]);
      }
      expect(encodings).toEqual(new Set([null, "br"]));
    } finally {
      vi.useRealTimers();
    }
  });

  test("past their deadline, requests arriving once a render is under way are answered from the store after it, not rendered", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const { render, store, named, renders } = setup({ blogSeconds: 5 });
      // A job page's own header: a CDN keeps it a minute at most.
      const jobPage = (nonce: string, text = "") =>
        new Response(`${page(nonce)}${text}`, {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": "public, max-age=0, s-maxage=60",
          },
        });
      await render("/careers/13", { respond: (nonce) => jobPage(nonce) });
      await vi.waitFor(() =>
        expect(store.entries.has("/careers/13")).toBe(true),
      );
      const before = renders();
      vi.advanceTimersByTime(60_001);
      let release!: () => void;
      const leader = render("/careers/13", {
        respond: (nonce) =>
          new Promise<Response>((resolve) => {
            release = () => resolve(jobPage(nonce, "new copy"));
          }),
      });
      await vi.waitFor(() => expect(release).toBeTypeOf("function"));
      // Rendered and compressed for each, these would hold the server's one
      // core until the render is stored, and draw more requests meanwhile.
      const waiting = Array.from({ length: 50 }, () =>
        store.answer({
          method: "GET",
          url: "/careers/13",
          headers: { "accept-encoding": "br, gzip" },
        }),
      );
      for (const each of waiting) expect(each).toBeInstanceOf(Promise);
      release();
      await leader;
      const answers = await Promise.all(waiting);
      expect(renders() - before).toBe(1);
      for (const answered of answers) {
        const { status, headers, body } = named(answered!);
        expect(status).toBe(200);
        expect(headers["x-page-cache"]).toBe("hit");
        expect(headers["content-encoding"]).toBe("br");
        expect(brotliDecompressSync(body!).toString()).toContain("new copy");
      }
    } finally {
      vi.useRealTimers();
    }
  });

  test("a page never stored is rendered once for the requests arriving while its route's render is under way", async () => {
    const { render, renders, store } = setup();
    const hold = heldRender();
    const held = render("/careers/10", { respond: hold.respond });
    await vi.waitFor(() => expect(hold.begun()).toBe(true));
    // One arriving in the middleware, one in front of Express.
    const inMiddleware = render("/careers/10", {
      init: { headers: { "Accept-Encoding": "br" } },
    });
    const inFront = store.answer({
      method: "GET",
      url: "/careers/10",
      headers: { "accept-encoding": "br" },
    });
    expect(inFront).toBeInstanceOf(Promise);
    hold.release();
    const leader = await held;
    const waiter = await inMiddleware;
    expect(waiter.response.status).toBe(200);
    expect(waiter.response.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(waiter.bytes).toString()).toBe(leader.body);
    const answered = await inFront;
    expect(answered?.status).toBe(200);
    expect(brotliDecompressSync(answered!.body!).toString()).toBe(leader.body);
    expect(renders()).toBe(1);
  });

  test("a page no route declares is rendered for each request, none waiting for another", async () => {
    const { render, renders, store } = setup();
    const hold = heldRender();
    const held = render("/sign-in", { respond: hold.respond });
    await vi.waitFor(() => expect(hold.begun()).toBe(true));
    expect(
      store.answer({ method: "GET", url: "/sign-in", headers: {} }),
    ).toBeNull();
    const other = await render("/sign-in");
    expect(other.response.status).toBe(200);
    expect(renders()).toBe(2);
    hold.release();
    await held;
  });

  test("a failed render sends those waiting for it to render for themselves", async () => {
    const { stored, store, render, renders } = setup();
    await stored("/careers/11");
    store.drop("until-jobs-change");
    let fail!: () => void;
    const leader = render("/careers/11", {
      respond: () =>
        new Promise<Response>((resolve) => {
          fail = () => resolve(new Response("down", { status: 503 }));
        }),
    });
    await vi.waitFor(() => expect(fail).toBeTypeOf("function"));
    const follower = render("/careers/11");
    fail();
    expect((await leader).response.status).toBe(503);
    expect((await follower).response.status).toBe(200);
    expect(renders()).toBe(3);
  });

  test("a request arriving after a job changed never gets the render that began before", async () => {
    const { stored, store, render, renders } = setup();
    await stored("/careers/12");
    store.drop("until-jobs-change");
    let release!: () => void;
    const leader = render("/careers/12", {
      respond: (nonce) =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              new Response(`${page(nonce)}old job`, {
                headers: { "Content-Type": "text/html; charset=utf-8" },
              }),
            );
        }),
    });
    await vi.waitFor(() => expect(release).toBeTypeOf("function"));
    store.drop("until-jobs-change");
    expect(
      store.answer({ method: "GET", url: "/careers/12", headers: {} }),
    ).toBeNull();
    const after = render("/careers/12");
    release();
    expect((await leader).body).toContain("old job");
    expect((await after).body).not.toContain("old job");
    expect(renders()).toBe(3);
  });

  test("are dropped when a job changes, without a closing time kept for a lifetime", async () => {
    const { stored, store, answer } = setup({ blogSeconds: 60 });
    await stored("/careers/8");
    expect(answer("/careers/8")).not.toBeNull();
    store.drop("until-jobs-change");
    expect(answer("/careers/8")).toBeNull();
  });
});

describe("blog pages", () => {
  test("are rendered again in the background once their time is up, the old copy answered meanwhile", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const { stored, answer, store, revalidated, background } = setup({
        blogSeconds: 5,
      });
      const first = await stored("/blueprints");
      let release!: () => void;
      background.respond = async (nonce) => {
        await new Promise<void>((resolve) => (release = resolve));
        return new Response(page(nonce).replace("words", "new words"), {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      };
      vi.advanceTimersByTime(5_001);
      // The first request past its time gets the old copy and starts the render.
      expect(answer("/blueprints")?.body?.toString()).toBe(first.body);
      expect(revalidated).toEqual(["/blueprints"]);
      await vi.waitFor(() => expect(release).toBeTypeOf("function"));
      expect(answer("/blueprints")?.body?.toString()).toBe(first.body);
      release();
      await vi.waitFor(() =>
        expect(answer("/blueprints")?.body?.toString()).toContain("new words"),
      );
      expect(store.entries.size).toBe(1);
      expect(revalidated).toEqual(["/blueprints"]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("once their time is up, one render starts, whatever the number of requests; another a lifetime later", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const { stored, answer, revalidated, store } = setup({
        blogSeconds: 5,
      });
      await stored("/blueprints");
      const first = store.entries.get("/blueprints");
      vi.advanceTimersByTime(5_001);
      for (let i = 0; i < 50; i++) {
        expect(answer("/blueprints")).not.toBeNull();
      }
      expect(revalidated).toEqual(["/blueprints"]);
      await vi.waitFor(() =>
        expect(store.entries.get("/blueprints")).not.toBe(first),
      );
      vi.advanceTimersByTime(5_001);
      expect(answer("/blueprints")).not.toBeNull();
      expect(revalidated).toEqual(["/blueprints", "/blueprints"]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("when the render fails, the old copy is answered for another lifetime", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const { stored, answer, revalidated, background, renders } = setup({
        blogSeconds: 5,
      });
      const first = await stored("/blueprints");
      background.respond = () => new Response("down", { status: 503 });
      vi.advanceTimersByTime(5_001);
      expect(answer("/blueprints")?.body?.toString()).toBe(first.body);
      await vi.waitFor(() => expect(renders()).toBe(2));
      // The render's middleware ends after its response.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(answer("/blueprints")?.body?.toString()).toBe(first.body);
      expect(revalidated).toHaveLength(1);
      vi.advanceTimersByTime(5_001);
      expect(answer("/blueprints")?.body?.toString()).toBe(first.body);
      expect(revalidated).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test("a copy whose page is gone (a post unpublished) is answered no more", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const { stored, answer, background, renders } = setup({ blogSeconds: 5 });
      await stored("/blueprints/gone");
      background.respond = () => new Response("Not found", { status: 404 });
      vi.advanceTimersByTime(5_001);
      expect(answer("/blueprints/gone")).not.toBeNull();
      await vi.waitFor(() => expect(answer("/blueprints/gone")).toBeNull());
      expect(renders()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

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

  test("are kept no longer than their s-maxage (a scheduled publication's), stale or not, and replays carry their age", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const { stored, store, answer, waits, named, render, background } = setup(
        { blogSeconds: 5 },
      );
      const capped = (nonce: string) =>
        new Response(page(nonce), {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": cappedCacheControl(3),
          },
        });
      await stored("/blueprints");
      await render("/blueprints/abc", { respond: capped });
      await vi.waitFor(() => expect(answer("/blueprints/abc")).not.toBeNull());
      vi.advanceTimersByTime(1_500);
      expect(answer("/blueprints/abc")?.headers.age).toBe("2");
      // Past its deadline, requests wait for the render that starts.
      let release!: () => void;
      background.respond = async (nonce) => {
        await new Promise<void>((resolve) => (release = resolve));
        return capped(nonce);
      };
      vi.advanceTimersByTime(501);
      expect(waits("/blueprints/abc")).toBe(true);
      // An uncapped page keeps the store's own lifetime.
      expect(answer("/blueprints")).not.toBeNull();
      await vi.waitFor(() => expect(release).toBeTypeOf("function"));
      const waiting = store.answer({
        method: "GET",
        url: "/blueprints/abc",
        headers: {},
      });
      expect(waiting).toBeInstanceOf(Promise);
      release();
      // It waits for that render and is answered the new copy (the old one
      // is over 2 s old).
      expect(Number(named((await waiting)!).headers.age)).toBeLessThanOrEqual(
        1,
      );
      // Nor does a failed render: the copy is never extended past it.
      const before = store.entries.get("/blueprints/abc");
      await render("/blueprints/abc", { respond: capped });
      await vi.waitFor(() =>
        expect(store.entries.get("/blueprints/abc")).not.toBe(before),
      );
      const { deadline } = store.entries.get("/blueprints/abc")!;
      expect(deadline - performance.now()).toBeGreaterThan(500);
      await render("/blueprints/abc", {
        respond: () => new Response("down", { status: 503 }),
      });
      expect(answer("/blueprints/abc")).not.toBeNull();
      vi.advanceTimersByTime(deadline - performance.now() + 1);
      expect(waits("/blueprints/abc")).toBe(true);
    } finally {
      vi.useRealTimers();
    }
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

describe("acceptedEncodings", () => {
  test("brotli first, then gzip, and honours q=0", () => {
    expect(acceptedEncodings("gzip, deflate, br, zstd")).toEqual([
      "br",
      "gzip",
    ]);
    expect(acceptedEncodings("gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("br;q=0, gzip;q=0.8")).toEqual(["gzip"]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("identity")).toEqual([]);
    expect(acceptedEncodings("gzip;q=0")).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});
