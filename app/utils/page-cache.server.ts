import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { parseCookieHeader } from "@supabase/ssr";
import type { MiddlewareFunction } from "react-router";
import { env } from "#app/utils/env.server.ts";
import { MARKETING_CACHE_CONTROL } from "#app/utils/public-cache.server.ts";
import {
  applySecurityHeaders,
  inlineScriptHashes,
  nonceContext,
  scriptHashesContext,
} from "#app/utils/security.server.ts";
import {
  declareRuleContext,
  type StoreDeclaration,
  type StoreRule,
} from "#app/utils/stored-page.server.ts";
import { isAuthCookieName } from "#app/utils/session.server.ts";
import { TOAST_COOKIE } from "#app/utils/toast.server.ts";

// Every public page is the same bytes for every anonymous visitor, so its
// render is stored and replayed: no React, no loaders, no Supabase. Its
// route declares it (app/utils/stored-page.server.ts); the root middleware
// stores each render and answers it as a replay would (storePagesMiddleware);
// the request listener answers from the store before Express
// (answerStoredPage, app/server/http-server.ts). A page is keyed by its
// canonical path and the parameters it reads alone, so `?utm_source=` or
// junk is the same copy. A session or flash cookie, or a response that sets
// a cookie, is private or is not a 200, bypasses the store.

/** What the stored pages may hold together, bodies and encodings. */
export const MAX_BYTES = 32 * 1024 * 1024;

type Encoding = "br" | "gzip";
type Encoded = Record<Encoding, Buffer>;
type Replay = { headers: string[]; notModified: string[]; body: Buffer };

/** What the listener writes: `writeHead(status, headers)`, then `body`. */
export type StoredAnswer = {
  status: number;
  headers: string[];
  contentType: string;
  body: Buffer | null;
};

/** Times are performance.now(): past `expires` a request renders it again. */
type Entry = {
  headers: [string, string][];
  contentType: string;
  body: Buffer;
  encoded: Encoded;
  replays: Partial<Record<Encoding | "identity", Replay>>;
  digest: string;
  scriptHashes: string[] | null;
  rule: StoreRule;
  size: number;
  madeAt: number;
  expires: number;
  /** Never answered after: what its header allows a CDN. */
  deadline: number;
  /** When a request past `expires` went to render it, or 0. */
  renewing: number;
};

type StoredPageRequest = Partial<Pick<IncomingMessage, "method" | "url">> &
  Pick<IncomingMessage, "headers">;

const personal = (cookieHeader: string | null | undefined) =>
  parseCookieHeader(cookieHeader ?? "").some(
    ({ name }) => name === TOAST_COOKIE || isAuthCookieName(name),
  );

/** How long a shared cache may answer it (s-maxage, then stale), in ms. */
function sharedLifetimeMs(cacheControl: string | null) {
  const shared = /(?:^|[,\s])s-maxage=(\d+)/.exec(cacheControl ?? "");
  if (!shared) return Infinity;
  const stale = /stale-while-revalidate=(\d+)/.exec(cacheControl ?? "");
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

/**
 * The encodings the request accepts, brotli (the smallest) first. A coding
 * named with `q=0` is refused even where `*` accepts the rest (RFC 9110,
 * 12.5.3): `br;q=0, *` means anything but brotli.
 */
export function acceptedEncodings(acceptEncoding: string | null | undefined) {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((param) => param.toLowerCase().startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.toLowerCase(), Number.isNaN(weight) ? 0 : weight);
  }
  return (["br", "gzip"] as const).filter(
    (encoding) => (weights.get(encoding) ?? weights.get("*") ?? 0) > 0,
  );
}

// Browsers send a few Accept-Encoding values: each is parsed once (bounded).
const parsed = new Map<string, Encoding | null>();
function encodingOf(acceptEncoding = "") {
  if (!parsed.has(acceptEncoding)) {
    if (parsed.size >= 64) parsed.clear();
    parsed.set(acceptEncoding, acceptedEncodings(acceptEncoding)[0] ?? null);
  }
  return parsed.get(acceptEncoding) ?? null;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
// A page 50 visitors asked for at once is compressed once.
const compressing = new Map<string, Promise<Encoded>>();

// Compressed once: brotli's best for a page kept until the deploy, a quick
// quality for one made from the database again every few seconds.
function compress({ body, digest, rule }: Omit<Entry, "encoded">) {
  const quality = rule === "until-deploy" ? constants.BROTLI_MAX_QUALITY : 5;
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  };
  const encoded =
    compressing.get(digest) ??
    Promise.all([
      brotli(body, { params }),
      gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
    ]).then(([br, gz]) => ({ br, gzip: gz }));
  compressing.set(digest, encoded);
  void encoded.finally(() => compressing.delete(digest));
  return encoded;
}

/** Each encoding is different bytes, so each has its own strong tag. */
const tagOf = (entry: Entry, encoding: Encoding | null) =>
  `"${entry.digest}${encoding ? `-${encoding}` : ""}"`;

/** Whether If-None-Match names this tag, compared weakly as the header asks. */
export function noneMatch(ifNoneMatch: string | null | undefined, tag: string) {
  if (ifNoneMatch == null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch
    .split(",")
    .some((candidate) => candidate.trim().replace(/^W\//, "") === tag);
}

// What a 304 keeps of its 200's headers (RFC 9110, 15.4.5). Browsers apply
// the 304's policy to the page they keep, so it keeps Content-Type too: its
// security headers are then the page's, not a body-less answer's.
const NOT_MODIFIED =
  /^(cache-control|vary|expires|content-location|content-type|etag|x-page-cache)$/;

/** Each encoding's headers and bytes, made on first use. */
function replayFor(entry: Entry, encoding: Encoding | null): Replay {
  const made = entry.replays[encoding ?? "identity"];
  if (made) return made;
  const body = encoding ? entry.encoded[encoding] : entry.body;
  const headers = new Headers(entry.headers);
  headers.set("X-Page-Cache", "hit");
  headers.set("ETag", tagOf(entry, encoding));
  const notModified = new Headers(
    [...headers].filter(([name]) => NOT_MODIFIED.test(name)),
  );
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  for (const each of [headers, notModified]) {
    applySecurityHeaders(each, entry.scriptHashes ?? []);
  }
  return (entry.replays[encoding ?? "identity"] = {
    headers: [...headers].flat(),
    notModified: [...notModified].flat(),
    body,
  });
}

/** The best encoding accepted, or a 304 for its tag; database pages say their age. */
function storedAnswer(entry: Entry, request: StoredPageRequest, now: number) {
  const encoding = encodingOf(request.headers["accept-encoding"]);
  const replay = replayFor(entry, encoding);
  const tag = tagOf(entry, encoding);
  const notModified = noneMatch(request.headers["if-none-match"], tag);
  const headers = notModified ? replay.notModified : replay.headers;
  const age = String(Math.floor((now - entry.madeAt) / 1000));
  return {
    status: notModified ? 304 : 200,
    headers: entry.rule === "until-deploy" ? headers : [...headers, "age", age],
    contentType: entry.contentType,
    body: notModified || request.method === "HEAD" ? null : replay.body,
  } satisfies StoredAnswer;
}

export function createPageStore({
  blogSeconds = env.PAGE_CACHE_BLOG_SECONDS,
  contentSeconds = env.PAGE_CACHE_CONTENT_SECONDS,
  maxBytes = MAX_BYTES,
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
   * until that render is stored (never past its deadline).
   */
  function answer(request: StoredPageRequest): StoredAnswer | null {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    if (request.headers.cookie && personal(request.headers.cookie)) return null;
    const url = request.url ?? "";
    const at = url.indexOf("?");
    let entry = at === -1 ? entries.get(url) : undefined;
    if (at !== -1) {
      const reads = readsOf.get(url.slice(0, at));
      const key = reads && storeKey(url.slice(0, at), url.slice(at + 1), reads);
      entry = key ? entries.get(key) : undefined;
    }
    const now = performance.now();
    if (!entry || now >= entry.deadline) return null;
    // A render that never came back is given up after a lifetime.
    const rendering = now - entry.renewing <= lifetimeMs(entry.rule);
    if (now >= entry.expires && (entry.renewing === 0 || !rendering)) {
      entry.renewing = now;
      return null;
    }
    return storedAnswer(entry, request, now);
  }

  function keep(key: string, entry: Entry, started: number, shared: number) {
    entry.madeAt = started;
    entry.deadline = started + shared;
    const lifetime = performance.now() + lifetimeMs(entry.rule);
    entry.expires = Math.min(lifetime, entry.deadline);
    entry.renewing = 0;
    remove(key);
    entries.set(key, entry);
    bytes += entry.size;
    // A page's variants by query (searches) go before any page itself.
    for (const variants of [true, false]) {
      for (const [oldest] of entries) {
        if (bytes <= maxBytes) return;
        if (!variants || oldest.includes("?")) remove(oldest);
      }
    }
  }

  /**
   * Stores a declared page's render and answers it as a replay would. A
   * render the same as its copy (no post changed) renews that copy.
   */
  const middleware: MiddlewareFunction<Response> = async (
    { request, context },
    next,
  ) => {
    if (request.method !== "GET" || personal(request.headers.get("Cookie"))) {
      return next();
    }
    let declared: StoreDeclaration | null = null;
    context.set(declareRuleContext, (declaration) => (declared = declaration));
    const droppedBefore = new Map(dropped);
    // Lifetimes count from before the render: the loader measured the time
    // left until a publication after this moment.
    const started = performance.now();
    const response = await next();
    const declaration = declared as StoreDeclaration | null;
    if (!declaration || lifetimeMs(declaration.rule) === 0) return response;
    const { rule, query } = declaration;
    const url = new URL(request.url);
    // A page's data request names the routes it wants loaded.
    const reads = url.pathname.endsWith(".data")
      ? [...query, "_routes"]
      : query;
    const key = storeKey(url.pathname, url.search.slice(1), reads);
    const old = entries.get(key);
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    if (
      response.status !== 200 ||
      response.headers.has("Set-Cookie") ||
      /private|no-store/.test(cacheControl)
    ) {
      // The backend failed: the old copy stays until its deadline. Any other
      // answer (a job gone, a post unpublished) ends it.
      if (old && response.status >= 500) old.renewing = performance.now();
      else remove(key);
      return response;
    }
    const shared = sharedLifetimeMs(cacheControl);
    if (shared === 0) return response;
    const made = await entryOf(response, context.get(nonceContext), rule);
    context.set(scriptHashesContext, made.scriptHashes);
    const same =
      old?.digest === made.digest && `${old.headers}` === `${made.headers}`;
    const entry =
      old && same ? old : { ...made, encoded: await compress(made) };
    entry.size = entry.body.length + entry.encoded.br.length;
    entry.size += entry.encoded.gzip.length;
    if ((dropped.get(rule) ?? 0) === (droppedBefore.get(rule) ?? 0)) {
      if (readsOf.size >= 10_000) readsOf.clear();
      readsOf.set(url.pathname, reads);
      keep(key, entry, started, shared);
    }
    const headers = Object.fromEntries(request.headers);
    const answered = storedAnswer(entry, { headers }, performance.now());
    const sent = new Headers();
    for (let i = 0; i < answered.headers.length; i += 2) {
      sent.append(answered.headers[i]!, answered.headers[i + 1]!);
    }
    sent.set("X-Page-Cache", "miss");
    const body = answered.body && new Uint8Array(answered.body);
    return new Response(body, { status: answered.status, headers: sent });
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

/** A render as stored: without its nonce (hashes trust its scripts). */
async function entryOf(response: Response, nonce: string, rule: StoreRule) {
  const contentType = response.headers.get("Content-Type") ?? "";
  const html = contentType.startsWith("text/html");
  const rendered = await response.text();
  const text =
    html && nonce ? rendered.replaceAll(` nonce="${nonce}"`, "") : rendered;
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
  const body = Buffer.from(text);
  const digest = createHash("sha256").update(body).digest("base64url");
  return {
    headers: [...headers],
    contentType: headers.get("Content-Type") ?? "",
    body,
    digest: digest.slice(0, 27),
    replays: {},
    scriptHashes: html ? inlineScriptHashes(rendered, nonce) : null,
    rule,
    size: 0,
    madeAt: 0,
    expires: 0,
    deadline: 0,
    renewing: 0,
  } satisfies Omit<Entry, "encoded">;
}

const pageStore = createPageStore();

export const answerStoredPage = pageStore.answer;
export const storePagesMiddleware = pageStore.middleware;

/** Drops the blog pages after a post changed, so readers see it at once. */
export const invalidateBlogPages = () => pageStore.drop("until-posts-change");

/** Drops the careers pages after a job changed. */
export const invalidateJobPages = () => pageStore.drop("until-jobs-change");

/** Drops the pages the team edits after a version of one was saved. */
export const invalidateContentPages = () =>
  pageStore.drop("until-pages-change");
