import { createServer, request, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ServerBuild } from "react-router";

// Stored pages answered before React Router must be the answers React Router
// gives: the same app with and without the early answer, behind the site's
// own root middleware. Production mode, where the policy is enforced.
Object.assign(process.env, {
  NODE_ENV: "production",
  SITE_URL: "http://site.test",
  PLATFORM_URL: "https://platform.example.com",
  SESSION_SECRET: "stored-pages-test-session-secret-0123456789",
  HONEYPOT_SECRET: "stored-pages-test-honeypot",
  PAGE_CACHE_BLOG_SECONDS: "5",
});
const { createApp, serverOptions } = await import("./http-server.ts");
const { middleware } = await import("#app/root.tsx");
const { answerStoredPage, pageCache } =
  await import("#app/utils/page-cache.server.ts");
const { letKeptCopiesRevalidate, markFreshValues, SUBMISSION_KEY_PLACEHOLDER } =
  await import("#app/utils/fresh-values.server.ts");
const { nonceContext } = await import("#app/utils/security.server.ts");

/** A page per path, with an inline script its nonce trusts; /contact-us is a form page. */
const handleRequest: ServerBuild["entry"]["module"]["default"] = (
  request,
  status,
  headers,
  _routerContext,
  loadContext,
) => {
  const { pathname } = new URL(request.url);
  const form = pathname === "/contact-us";
  if (form) {
    markFreshValues(loadContext);
    letKeptCopiesRevalidate(loadContext);
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  const nonce = loadContext.get(nonceContext);
  const body = `<!doctype html><html><body><h1>${pathname}</h1>${
    form ? `<input name="key" value="${SUBMISSION_KEY_PLACEHOLDER}">` : ""
  }<script nonce="${nonce}">window.page=${JSON.stringify(pathname)}</script>${"<p>words</p>".repeat(200)}</body></html>`;
  return new Response(request.method === "HEAD" ? null : body, {
    status,
    headers,
  });
};

function serverBuild(early: boolean): ServerBuild {
  const route = (id: string, path: string, parentId?: string) => ({
    id,
    path,
    parentId,
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: `/${id}.js`,
    imports: [],
  });
  return {
    entry: {
      module: early
        ? { default: handleRequest, answerStoredPage }
        : { default: handleRequest },
    },
    routes: {
      root: {
        id: "root",
        path: "",
        module: { middleware, default: () => null },
      },
      page: {
        id: "page",
        parentId: "root",
        path: "*",
        module: { default: () => null },
      },
    },
    assets: {
      entry: { imports: [], module: "/entry.js" },
      routes: { root: route("root", ""), page: route("page", "*", "root") },
      url: "/manifest.js",
      version: "1",
    },
    assetsBuildDirectory: "build/client",
    publicPath: "/",
    basename: "/",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

const servers: Server[] = [];
let reactRouter = 0;
let early = 0;

async function listen(build: ServerBuild) {
  const server = createServer(
    serverOptions(),
    createApp(build, "build/client"),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

beforeAll(async () => {
  reactRouter = await listen(serverBuild(false));
  early = await listen(serverBuild(true));
});
afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port, path, method, headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Headers that differ between any two responses, whoever sends them. */
function comparable({ headers }: Answer) {
  const { date: _date, "server-timing": timing, ...rest } = headers;
  expect(timing).toMatch(/^total;dur=\d+(\.\d+)?$/);
  return rest;
}

/** Stores `path` and waits for its compressed copies. */
async function stored(path: string, acceptEncoding = "br") {
  for (let i = 0; i < 100; i++) {
    const answer = await get(reactRouter, path, {
      "accept-encoding": acceptEncoding,
    });
    if (answer.headers.etag) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${path} was not stored`);
}

describe("stored pages before React Router", () => {
  test.each([
    ["/", "br, gzip"],
    ["/company", "gzip"],
    ["/careers", ""],
    ["/_.data", "br"],
  ])(
    "%s with Accept-Encoding %j: the same status, headers and bytes as React Router's replay",
    async (path, acceptEncoding) => {
      await stored(path);
      const headers: Record<string, string> = acceptEncoding
        ? { "accept-encoding": acceptEncoding }
        : {};
      const viaReactRouter = await get(reactRouter, path, headers);
      const answered = await get(early, path, headers);
      expect(answered.status).toBe(200);
      expect(answered.headers["x-page-cache"]).toBe("hit");
      expect(answered.headers["content-security-policy"]).toBeDefined();
      expect(comparable(answered)).toEqual(comparable(viaReactRouter));
      expect(answered.body.equals(viaReactRouter.body)).toBe(true);
    },
  );

  test("answers If-None-Match with the same 304", async () => {
    const { headers } = await stored("/");
    const conditional = {
      "accept-encoding": "br",
      "if-none-match": String(headers.etag),
    };
    const viaReactRouter = await get(reactRouter, "/", conditional);
    const answered = await get(early, "/", conditional);
    expect(answered.status).toBe(304);
    expect(answered.body.length).toBe(0);
    expect(comparable(answered)).toEqual(comparable(viaReactRouter));
    expect(answered.headers["content-security-policy"]).toContain("sha256-");
  });

  test("leaves to React Router what it would not replay as stored", async () => {
    await stored("/");
    await stored("/blueprints");
    const ask = (
      url: string,
      headers: Record<string, string> = {},
      method = "GET",
    ) => answerStoredPage({ method, url, headers });
    expect(ask("/")).not.toBeNull();
    // Methods other than GET, queries, signed-in and flash-message visitors.
    expect(ask("/", {}, "HEAD")).toBeNull();
    expect(ask("/", {}, "POST")).toBeNull();
    expect(ask("/?utm_source=mail")).toBeNull();
    expect(ask("/", { cookie: "sb-127-auth-token=session" })).toBeNull();
    expect(ask("/", { cookie: "a=1; sb-127-auth-token.0=session" })).toBeNull();
    expect(ask("/", { cookie: "__toast=message" })).toBeNull();
    expect(ask("/", { cookie: "theme=dark" })).not.toBeNull();
    // A path no key of which was stored, however close to one.
    expect(ask("/./")).toBeNull();
    expect(ask("/blueprint-showcase")).toBeNull();
    // An encoding not compressed yet.
    const entry = pageCache.get("/")!;
    const { br } = entry.encoded;
    delete entry.encoded.br;
    expect(ask("/", { "accept-encoding": "br" })).toBeNull();
    entry.encoded.br = br;
    // An expired blog page is React Router's to render again.
    pageCache.get("/blueprints")!.expires = performance.now() - 1;
    expect(ask("/blueprints")).toBeNull();
  });

  test("a form page is each visitor's own: React Router fills it every time", async () => {
    const first = await get(early, "/contact-us");
    const second = await get(early, "/contact-us");
    expect(pageCache.get("/contact-us")?.template).toBe(true);
    expect(
      answerStoredPage({ method: "GET", url: "/contact-us", headers: {} }),
    ).toBeNull();
    const key = (answer: Answer) =>
      /name="key" value="([^"]+)"/.exec(answer.body.toString())?.[1];
    expect(key(first)).toMatch(/^[0-9a-f-]{36}$/);
    expect(key(second)).toMatch(/^[0-9a-f-]{36}$/);
    expect(key(second)).not.toBe(key(first));
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.headers["cache-control"]).toBe("private, no-cache");
    // Tagged with the copy it holds: a revalidation is React Router's too.
    expect(second.headers.etag).toContain(`.${key(second)}.`);
  });

  test("HEAD gets what React Router gives it", async () => {
    await stored("/");
    const viaReactRouter = await get(reactRouter, "/", {}, "HEAD");
    const answered = await get(early, "/", {}, "HEAD");
    expect(answered.status).toBe(200);
    expect(answered.headers["x-page-cache"]).toBeUndefined();
    const { "content-security-policy": policy, ...rest } = comparable(answered);
    const { "content-security-policy": policyRR, ...restRR } =
      comparable(viaReactRouter);
    // A render's policy carries its own nonce.
    expect(policy).toMatch(/'nonce-[^']+'/);
    expect(String(policy).replace(/'nonce-[^']+'/, "")).toBe(
      String(policyRR).replace(/'nonce-[^']+'/, ""),
    );
    expect(rest).toEqual(restRR);
  });
});
