import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { parseCookieHeader } from "@supabase/ssr";
import { createContext, type MiddlewareFunction } from "react-router";
import { env } from "#app/utils/env.server.ts";
import { MARKETING_CACHE_CONTROL } from "#app/utils/public-cache.server.ts";
import {
  applySecurityHeaders,
  inlineScriptHashes,
  nonceContext,
} from "#app/utils/security.server.ts";
import { isAuthCookieName } from "#app/utils/session.server.ts";
import { TOAST_COOKIE } from "#app/utils/toast.server.ts";

// Every public page is the same bytes for every anonymous visitor, so its
// render is stored and replayed: no React, no loaders, no Supabase. A route
// declares it in its own `middleware` (server-only, so it costs the page's
// JavaScript nothing; the sitemap reads it from the route table), with its
// rule and the query parameters its page reads (loader or components):
//
//   export const middleware = [storedPage("until-posts-change", "q", "tag")];
//
// The root middleware stores each declared render and answers it as a replay
// would (storePagesMiddleware); the request listener answers the next ones
// before Express (answerStoredPage, app/server/http-server.ts). The key is
// the canonical path and the declared parameters alone, so `?utm_source=` or
// junk is the same copy. A session or flash cookie, or a response that sets
// a cookie, is private or is not a 200, bypasses the store.

/**
 * `until-deploy`: the page is made from the build alone (marketing copy), so
 * it is kept until the process ends. `until-posts-change`: it reads posts, so
 * it is kept for a few seconds and dropped when this server saves or deletes
 * a post. `until-jobs-change`: the same for jobs, `until-pages-change` for
 * the pages the team edits (app/routes/pages). Whatever the rule, a copy is
 * never answered past its own `s-maxage` plus `stale-while-revalidate`,
 * which a page capping its lifetime (the next job's closing, the next
 * scheduled post) sets.
 */
export type StoreRule =
  | "until-deploy"
  | "until-posts-change"
  | "until-jobs-change"
  | "until-pages-change";

const declaredContext = createContext<{
  rule: StoreRule;
  query: readonly string[];
} | null>(null);

/** A route's declaration: its rule and the query parameters its page reads. */
export function storedPage(rule: StoreRule, ...query: string[]) {
  const middleware: MiddlewareFunction<Response> = ({ context }, next) => {
    context.set(declaredContext, { rule, query });
    return next();
  };
  return Object.assign(middleware, { rule });
}

/** The rule a route module's middleware declares, or null. */
export function storeRuleOf(module: { middleware?: unknown }) {
  const middleware = [module.middleware ?? []].flat() as { rule?: StoreRule }[];
  return middleware.find((each) => each?.rule)?.rule ?? null;
}

/** What the listener writes: `writeHead(status, headers)`, then `body`. */
export type StoredAnswer = {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
};

type Replay = {
  tag: string;
  headers: Record<string, string>;
  notModified: Record<string, string>;
  body: Buffer;
};

/** Times are performance.now(). */
type Entry = {
  rule: StoreRule;
  /** Its digest and headers: a render the same renews this copy. */
  render: string;
  replays: Record<"identity" | "br" | "gzip", Replay>;
  size: number;
  madeAt: number;
  expires: number;
  /** Never answered after: what its header allows a CDN. */
  deadline: number;
};

type StoredPageRequest = Partial<IncomingMessage> &
  Pick<IncomingMessage, "headers">;

const personal = (cookieHeader: string | null | undefined) =>
  parseCookieHeader(cookieHeader ?? "").some(
    ({ name }) => name === TOAST_COOKIE || isAuthCookieName(name),
  );

/** How long a shared cache may answer it (s-maxage, then stale), in ms. */
function sharedLifetimeMs(cacheControl: string) {
  const shared = /(?:^|[,\s])s-maxage=(\d+)/.exec(cacheControl);
  if (!shared) return Infinity;
  const stale = /stale-while-revalidate=(\d+)/.exec(cacheControl);
  return (Number(shared[1]) + Number(stale?.[1] ?? 0)) * 1000;
}

/** A page's key: its path and, in the order declared, the parameters it reads. */
export function storeKey(
  path: string,
  query: string,
  reads: readonly string[],
) {
  if (!query || reads.length === 0) return path;
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of reads) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept.size ? `${path}?${kept}` : path;
}

// Browsers send a few Accept-Encoding values: each is parsed once (bounded).
const parsed = new Map<string, keyof Entry["replays"]>();

/**
 * The best encoding the request accepts, brotli (the smallest) first. A
 * coding named with `q=0` is refused even where `*` accepts the rest (RFC
 * 9110, 12.5.3): `br;q=0, *` means anything but brotli.
 */
export function bestEncoding(acceptEncoding = "") {
  let best = parsed.get(acceptEncoding);
  if (best) return best;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((param) => param.toLowerCase().startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.toLowerCase(), Number.isNaN(weight) ? 0 : weight);
  }
  best = (["br", "gzip"] as const).find(
    (encoding) => (weights.get(encoding) ?? weights.get("*") ?? 0) > 0,
  );
  if (parsed.size >= 64) parsed.clear();
  parsed.set(acceptEncoding, best ?? "identity");
  return best ?? "identity";
}

/** Whether If-None-Match names this tag, compared weakly as the header asks. */
export function noneMatch(ifNoneMatch: string | null | undefined, tag: string) {
  if (ifNoneMatch?.trim() === "*") return true;
  return (ifNoneMatch ?? "")
    .split(",")
    .some((candidate) => candidate.trim().replace(/^W\//, "") === tag);
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
// A page 50 visitors asked for at once is compressed once: brotli's best for
// a page kept until the deploy, a quick quality for one made from the
// database again every few seconds.
const compressing = new Map<string, Promise<Buffer[]>>();
function compress(body: Buffer, digest: string, rule: StoreRule) {
  let encoded = compressing.get(digest);
  if (!encoded) {
    const quality = rule === "until-deploy" ? constants.BROTLI_MAX_QUALITY : 5;
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    };
    encoded = Promise.all([
      brotli(body, { params }),
      gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    compressing.set(digest, encoded);
    void encoded.finally(() => compressing.delete(digest));
  }
  return encoded;
}

// What a 304 keeps of its 200's headers (RFC 9110, 15.4.5). Browsers apply
// the 304's policy to the page they keep, so it keeps Content-Type too: its
// security headers are then the page's, not a body-less answer's.
const NOT_MODIFIED =
  /^(cache-control|vary|expires|content-location|content-type|etag|x-page-cache)$/;

/**
 * A render as stored: without its nonce (hashes trust its scripts), and in
 * each encoding with its headers and its own strong tag, made once. A
 * render the same as the old copy (no post changed) is that copy.
 */
async function entryOf(
  response: Response,
  nonce: string,
  rule: StoreRule,
  old?: Entry,
) {
  const contentType = response.headers.get("Content-Type") ?? "";
  const html = contentType.startsWith("text/html");
  const rendered = await response.text();
  const headers = new Headers(response.headers);
  for (const name of ["Content-Length", "Content-Encoding", "ETag"]) {
    headers.delete(name);
  }
  // As Express would send it: a text type without a charset gets one.
  if (contentType.startsWith("text/") && !/charset=/i.test(contentType)) {
    headers.set("Content-Type", `${contentType}; charset=utf-8`);
  }
  if (!/accept-encoding/i.test(headers.get("Vary") ?? "")) {
    headers.append("Vary", "Accept-Encoding");
  }
  if (rule === "until-deploy" && !headers.has("Cache-Control")) {
    headers.set("Cache-Control", MARKETING_CACHE_CONTROL);
    headers.append("Vary", "Cookie");
  }
  const body = Buffer.from(
    html && nonce ? rendered.replaceAll(` nonce="${nonce}"`, "") : rendered,
  );
  const digest = createHash("sha256").update(body).digest("base64url");
  const render = `${digest} ${[...headers]}`;
  if (old?.render === render) return old;
  const scriptHashes = html ? inlineScriptHashes(rendered, nonce) : [];
  const [br, gz] = await compress(body, digest, rule);
  const replays = {} as Entry["replays"];
  for (const [encoding, bytes] of [
    ["identity", body],
    ["br", br!],
    ["gzip", gz!],
  ] as const) {
    const tag = `"${digest}${encoding === "identity" ? "" : `-${encoding}`}"`;
    const sent = new Headers([...headers, ["X-Page-Cache", "hit"]]);
    sent.set("ETag", tag);
    const notModified = new Headers(
      [...sent].filter(([name]) => NOT_MODIFIED.test(name)),
    );
    if (encoding !== "identity") sent.set("Content-Encoding", encoding);
    sent.set("Content-Length", String(bytes.length));
    for (const each of [sent, notModified]) {
      applySecurityHeaders(each, scriptHashes);
    }
    replays[encoding] = {
      tag,
      headers: Object.fromEntries(sent),
      notModified: Object.fromEntries(notModified),
      body: bytes,
    };
  }
  const size = body.length + br!.length + gz!.length;
  return { rule, render, replays, size } as Entry;
}

/** The best encoding accepted, or a 304 for its tag; database pages say their age. */
function storedAnswer(
  entry: Entry,
  request: StoredPageRequest,
  now: number,
): StoredAnswer {
  const replay =
    entry.replays[bestEncoding(request.headers["accept-encoding"])];
  const notModified = noneMatch(request.headers["if-none-match"], replay.tag);
  const headers = notModified ? replay.notModified : replay.headers;
  const age = String(Math.floor((now - entry.madeAt) / 1000));
  return {
    status: notModified ? 304 : 200,
    headers: entry.rule === "until-deploy" ? headers : { ...headers, age },
    body: notModified || request.method === "HEAD" ? null : replay.body,
  };
}

export function createPageStore({
  blogSeconds = env.PAGE_CACHE_BLOG_SECONDS,
  contentSeconds = env.PAGE_CACHE_CONTENT_SECONDS,
  // What the stored pages may hold together, bodies and encodings.
  maxBytes = 32 * 1024 * 1024,
}: { blogSeconds?: number; contentSeconds?: number; maxBytes?: number } = {}) {
  // Oldest first: past `maxBytes`, the oldest go.
  const entries = new Map<string, Entry>();
  // What each path that rendered a stored page reads of a query.
  const readsOf = new Map<string, readonly string[]>();
  let bytes = 0;
  // Bumped when a rule's pages are dropped, so a render that began before
  // (and may hold the old post) is not stored after.
  const dropped = new Map<StoreRule, number>();
  const lifetimeMs = (rule: StoreRule) =>
    rule === "until-deploy"
      ? Infinity
      : (rule === "until-pages-change" ? contentSeconds : blogSeconds) * 1000;

  const remove = (key: string) => {
    bytes -= entries.get(key)?.size ?? 0;
    entries.delete(key);
  };

  /**
   * The stored answer, or null to let React Router render. Past its
   * lifetime one request renders the page again; the others get the copy
   * until that render is stored, or for a lifetime more if it never comes
   * back (never past its deadline).
   */
  function answer(request: StoredPageRequest): StoredAnswer | null {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    if (request.headers.cookie && personal(request.headers.cookie)) return null;
    const url = request.url ?? "";
    const at = url.indexOf("?");
    const path = at === -1 ? url : url.slice(0, at);
    // A query is only known to be the page's once a render said what it reads.
    const reads = at === -1 ? [] : readsOf.get(path);
    const entry =
      reads && entries.get(storeKey(path, url.slice(at + 1), reads));
    const now = performance.now();
    if (!entry || now >= entry.deadline) return null;
    if (now >= entry.expires) {
      entry.expires = now + lifetimeMs(entry.rule);
      return null;
    }
    return storedAnswer(entry, request, now);
  }

  /** Stores a declared page's render and answers it as a replay would. */
  const middleware: MiddlewareFunction<Response> = async (
    { request, context },
    next,
  ) => {
    if (request.method !== "GET" || personal(request.headers.get("Cookie"))) {
      return next();
    }
    const droppedBefore = new Map(dropped);
    // Lifetimes count from before the render: the loader measured the time
    // left until a publication after this moment.
    const started = performance.now();
    const response = await next();
    const declared = context.get(declaredContext);
    if (!declared || lifetimeMs(declared.rule) === 0) return response;
    const { rule, query } = declared;
    const url = new URL(request.url);
    // A page's data request names the routes it wants loaded.
    const reads = url.pathname.endsWith(".data")
      ? [...query, "_routes"]
      : query;
    const key = storeKey(url.pathname, url.search.slice(1), reads);
    const old = entries.get(key);
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    const shared = sharedLifetimeMs(cacheControl);
    if (
      response.status !== 200 ||
      response.headers.has("Set-Cookie") ||
      /private|no-store/.test(cacheControl) ||
      shared === 0
    ) {
      // The backend failed: the old copy stays until its deadline. Any other
      // answer (a job gone, a post unpublished, one kept nowhere) ends it.
      if (old && response.status >= 500) {
        old.expires = performance.now() + lifetimeMs(rule);
      } else remove(key);
      return response;
    }
    const entry = await entryOf(response, context.get(nonceContext), rule, old);
    if (dropped.get(rule) === droppedBefore.get(rule)) {
      if (readsOf.size >= 10_000) readsOf.clear();
      readsOf.set(url.pathname, reads);
      entry.madeAt = started;
      entry.deadline = started + shared;
      const lifetime = performance.now() + lifetimeMs(rule);
      entry.expires = Math.min(lifetime, entry.deadline);
      remove(key);
      entries.set(key, entry);
      bytes += entry.size;
      // Oldest first, a page's variants by query (searches) before any page.
      const keys = [...entries.keys()];
      for (const oldest of [...keys.filter((k) => k.includes("?")), ...keys]) {
        if (bytes > maxBytes) remove(oldest);
      }
    }
    const headers = Object.fromEntries(request.headers);
    const answered = storedAnswer(entry, { headers }, performance.now());
    return new Response(answered.body && new Uint8Array(answered.body), {
      status: answered.status,
      headers: { ...answered.headers, "x-page-cache": "miss" },
    });
  };

  /** Drops the pages kept by `rule` (a post was saved or deleted). */
  function drop(rule: StoreRule) {
    dropped.set(rule, (dropped.get(rule) ?? 0) + 1);
    for (const [key, entry] of entries) {
      if (entry.rule === rule) remove(key);
    }
  }

  return { entries, bytes: () => bytes, answer, middleware, drop };
}

const pageStore = createPageStore();

export const answerStoredPage = pageStore.answer;
export const storePagesMiddleware = pageStore.middleware;
/** After a post, a job or a page changed: readers see it at once. */
export const dropStoredPages = pageStore.drop;
