import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { parseCookieHeader } from "@supabase/ssr";
import type { MiddlewareFunction } from "react-router";
import { env } from "#app/utils/env.server.ts";
import { MARKETING_CACHE_CONTROL } from "#app/utils/public-cache.server.ts";
import { keepNotModifiedHeaders } from "#app/utils/response-headers.server.ts";
import {
  applySecurityHeaders,
  nonceContext,
  scriptHashesContext,
} from "#app/utils/security.server.ts";
import {
  declareRuleContext,
  type StoreRule,
} from "#app/utils/stored-page.server.ts";
import { isAuthCookieName } from "#app/utils/session.server.ts";
import { TOAST_COOKIE } from "#app/utils/toast.server.ts";

// Every public page is the same bytes for every anonymous visitor, so its
// render is stored and replayed: no React, no loaders, no Supabase. A route
// declares that it is stored, and for how long, in its own middleware
// (app/utils/stored-page.server.ts). React Router's root middleware stores
// what it renders (storePagesMiddleware); the production server's request
// listener answers from the store before Express (answerStoredPage,
// app/server/http-server.ts). Only canonical paths reach the middleware
// (app/server/canonical-path.ts), so a page is stored under one key.
// Everything that can make a page personal bypasses both: a session or flash
// cookie, a query string, a response that sets a cookie, is private, or is
// anything but a 200.

/** What the stored pages may hold together, bodies and encodings. */
export const MAX_BYTES = 32 * 1024 * 1024;

type Encoding = "br" | "gzip";

/** What the listener writes: `writeHead(status, headers)`, then `body`. */
export type StoredAnswer = {
  status: number;
  headers: string[];
  contentType: string;
  body: Buffer | null;
};

type Replay = { headers: string[]; notModified: string[]; body: Buffer };

type Entry = {
  status: number;
  headers: [string, string][];
  contentType: string;
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Each encoding's headers and bytes, made on first use. */
  replays: Partial<Record<Encoding | "identity", Replay>>;
  /** A hash of the body; each encoding's ETag is made from it. */
  digest: string;
  scriptHashes: string[] | null;
  rule: StoreRule;
  size: number;
  /** performance.now() its render began at: its age counts from there. */
  madeAt: number;
  /** performance.now() after which a request renders the page again. */
  expires: number;
  /** performance.now() it is never answered after: its own s-maxage. */
  deadline: number;
  /** performance.now() a request past `expires` went to render it, or 0. */
  renewing: number;
};

/** The parts of a Node request the store reads. */
export type StoredPageRequest = {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
};

function personal(cookieHeader: string | null | undefined) {
  return parseCookieHeader(cookieHeader ?? "").some(
    ({ name }) => name === TOAST_COOKIE || isAuthCookieName(name),
  );
}

/** The response's s-maxage in milliseconds; unlimited without one. */
export function sharedLifetimeMs(cacheControl: string | null) {
  const match = /(?:^|[,\s])s-maxage=(\d+)/.exec(cacheControl ?? "");
  return match ? Number(match[1]) * 1000 : Infinity;
}

function storable(response: Response) {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    !/private|no-store/.test(response.headers.get("Cache-Control") ?? "")
  );
}

/**
 * The base64 SHA-256 of every inline script this render's nonce trusted, as
 * a policy's hash sources name them. A script without the nonce (one slipped
 * into a post, say) stays untrusted. React escapes `</script` inside a
 * script's text, so the first closing tag ends it.
 */
export function inlineScriptHashes(html: string, nonce: string) {
  const hashes: string[] = [];
  if (!nonce) return hashes;
  for (const [, attributes = "", text = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (!attributes.includes(` nonce="${nonce}"`)) continue;
    if (/\ssrc=/i.test(attributes)) continue;
    hashes.push(createHash("sha256").update(text).digest("base64"));
  }
  return [...new Set(hashes)];
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

// Browsers send one of a few Accept-Encoding values: each is parsed once.
// Bounded, since a client may send any text.
const parsedEncodings = new Map<string, Encoding[]>();
function encodingsFor(acceptEncoding: string | undefined) {
  const value = acceptEncoding ?? "";
  let encodings = parsedEncodings.get(value);
  if (encodings === undefined) {
    encodings = acceptedEncodings(value);
    if (parsedEncodings.size >= 64) parsedEncodings.clear();
    parsedEncodings.set(value, encodings);
  }
  return encodings;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Compresses a body once, so a replay only copies bytes. A page kept until
 * the deploy gets brotli's best; a page made from the database is made again
 * every few seconds, so it gets a quality that takes milliseconds.
 */
async function compress(body: Buffer, rule: StoreRule) {
  const quality = rule === "until-deploy" ? constants.BROTLI_MAX_QUALITY : 5;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}

/** Each encoding is different bytes, so each has its own strong tag. */
export function entityTag(digest: string, encoding: Encoding | null) {
  return `"${digest}${encoding ? `-${encoding}` : ""}"`;
}

/** Whether If-None-Match names this tag, compared weakly as the header asks. */
export function noneMatch(ifNoneMatch: string | null | undefined, tag: string) {
  if (ifNoneMatch == null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch
    .split(",")
    .some((candidate) => candidate.trim().replace(/^W\//, "") === tag);
}

function replayFor(entry: Entry, encoding: Encoding | null): Replay {
  const key = encoding ?? "identity";
  const made = entry.replays[key];
  if (made) return made;
  const body = (encoding && entry.encoded[encoding]) || entry.body;
  const headers = new Headers(entry.headers);
  headers.set("X-Page-Cache", "hit");
  headers.set("ETag", entityTag(entry.digest, encoding));
  const notModified = new Headers(headers);
  keepNotModifiedHeaders(notModified);
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  for (const each of [headers, notModified]) {
    applySecurityHeaders(each, entry.scriptHashes ?? []);
  }
  const replay = {
    headers: [...headers].flat(),
    notModified: [...notModified].flat(),
    body,
  };
  entry.replays[key] = replay;
  return replay;
}

/**
 * A stored page's answer: its bytes in the best encoding the request
 * accepts, or a 304 when the request names that encoding's tag. A page made
 * from the database carries its age, so a CDN and a browser count its
 * lifetime from its render, not from this answer.
 */
function storedAnswer(entry: Entry, request: StoredPageRequest, now: number) {
  const encoding =
    encodingsFor(request.headers["accept-encoding"]).find(
      (candidate) => entry.encoded[candidate],
    ) ?? null;
  const replay = replayFor(entry, encoding);
  const tag = entityTag(entry.digest, encoding);
  const notModified = noneMatch(request.headers["if-none-match"], tag);
  const headers = notModified ? replay.notModified : replay.headers;
  return {
    status: notModified ? 304 : entry.status,
    headers:
      entry.rule === "until-deploy"
        ? headers
        : [...headers, "age", String(Math.floor((now - entry.madeAt) / 1000))],
    contentType: entry.contentType,
    body: notModified || request.method === "HEAD" ? null : replay.body,
  } satisfies StoredAnswer;
}

function storeKey(method: string | undefined, url: string, cookie?: string) {
  if (method !== "GET" || url.includes("?") || personal(cookie)) return null;
  return url;
}

export function createPageStore({
  blogSeconds = env.PAGE_CACHE_BLOG_SECONDS,
  contentSeconds = env.PAGE_CACHE_CONTENT_SECONDS,
  maxBytes = MAX_BYTES,
}: { blogSeconds?: number; contentSeconds?: number; maxBytes?: number } = {}) {
  // In the order stored, oldest first: past `maxBytes`, the oldest go.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  // Bumped when a rule's pages are dropped, so a render that began before
  // (and may hold the old post) is not stored after.
  const dropped = new Map<StoreRule, number>();
  const lifetimeMs = (rule: StoreRule) =>
    rule === "until-deploy"
      ? Infinity
      : (rule === "until-pages-change" ? contentSeconds : blogSeconds) * 1000;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.size;
    entries.delete(key);
  }

  /**
   * The stored answer for a GET or HEAD of a stored path without query or
   * personal cookies, or null to let React Router render it. Past its
   * lifetime, one request renders the page again; until that render is
   * stored (never past the copy's deadline), the others get the copy, so a
   * busy page costs one render per lifetime and a quiet one is rendered
   * fresh for its next visitor.
   */
  function answer(request: StoredPageRequest): StoredAnswer | null {
    const method = request.method === "HEAD" ? "GET" : request.method;
    const cookie = request.headers.cookie;
    const key = storeKey(method, request.url ?? "", cookie);
    const entry = key === null ? undefined : entries.get(key);
    if (!entry) return null;
    const now = performance.now();
    if (now >= entry.deadline) return null;
    if (now >= entry.expires) {
      // A render that never came back is given up after a lifetime.
      if (
        entry.renewing === 0 ||
        now - entry.renewing > lifetimeMs(entry.rule)
      ) {
        entry.renewing = now;
        return null;
      }
    }
    return storedAnswer(entry, request, now);
  }

  function keep(key: string, entry: Entry, started: number, shared: number) {
    entry.madeAt = started;
    entry.deadline = started + shared;
    entry.expires = Math.min(
      performance.now() + lifetimeMs(entry.rule),
      entry.deadline,
    );
    entry.renewing = 0;
    remove(key);
    entries.set(key, entry);
    bytes += entry.size;
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  /**
   * Stores what React Router renders for a page whose route declares it
   * stored. A render the same as the copy it replaces, bytes and headers (a
   * blog page made again with no post changed), renews that copy's lifetime and keeps its
   * compressed bytes and tags; a new one is compressed first. This visitor
   * gets the render itself, compressed on the way out.
   */
  const middleware: MiddlewareFunction<Response> = async (
    { request, context },
    next,
  ) => {
    const url = new URL(request.url);
    const key = storeKey(
      request.method,
      url.pathname + url.search,
      request.headers.get("Cookie") ?? undefined,
    );
    if (key === null) return next();
    let rule: StoreRule | null = null;
    context.set(declareRuleContext, (declared) => {
      rule = declared;
    });
    const droppedBefore = new Map(dropped);
    // Lifetimes count from before the render: the loader measured the time
    // left until a publication after this moment.
    const started = performance.now();
    const response = await next();
    const stored = rule as StoreRule | null;
    if (stored === null || lifetimeMs(stored) === 0) return response;
    const old = entries.get(key);
    if (!storable(response)) {
      // The backend failed: the old copy stays until its deadline. Any other
      // answer (a job gone, a post unpublished) ends it.
      if (old && response.status >= 500) old.renewing = performance.now();
      else remove(key);
      return response;
    }
    const shared = sharedLifetimeMs(response.headers.get("Cache-Control"));
    if (shared === 0) return response;
    const entry = await entryOf(response, context.get(nonceContext), stored);
    context.set(scriptHashesContext, entry.scriptHashes);
    const current = () =>
      (dropped.get(stored) ?? 0) === (droppedBefore.get(stored) ?? 0);
    const same =
      old?.digest === entry.digest &&
      old.status === entry.status &&
      `${old.headers}` === `${entry.headers}`;
    if (old && same) {
      if (current()) keep(key, old, started, shared);
    } else {
      void compress(entry.body, stored).then(
        (encoded) => {
          entry.encoded = encoded;
          entry.size += encoded.br.length + encoded.gzip.length;
          if (current()) keep(key, entry, started, shared);
        },
        (error: unknown) => {
          console.error("page store: compression failed", error);
        },
      );
    }
    const headers = new Headers(entry.headers);
    headers.set("X-Page-Cache", "miss");
    return new Response(new Uint8Array(entry.body), {
      status: entry.status,
      headers,
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

/**
 * What a render becomes when stored: its text without the render's nonce
 * (the policy names the inline scripts' hashes instead), and the headers a
 * replay sends with it.
 */
async function entryOf(
  response: Response,
  nonce: string,
  rule: StoreRule,
): Promise<Entry> {
  const contentType = response.headers.get("Content-Type") ?? "";
  const html = contentType.startsWith("text/html");
  const rendered = await response.text();
  const scriptHashes = html ? inlineScriptHashes(rendered, nonce) : null;
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
  return {
    status: response.status,
    headers: [...headers],
    contentType: headers.get("Content-Type") ?? "",
    body,
    digest: createHash("sha256").update(body).digest("base64url").slice(0, 27),
    encoded: {},
    replays: {},
    scriptHashes,
    rule,
    size: body.length,
    madeAt: 0,
    expires: 0,
    deadline: 0,
    renewing: 0,
  };
}

const pageStore = createPageStore();

export const answerStoredPage = pageStore.answer;
export const storePagesMiddleware = pageStore.middleware;

/** Drops the blog pages after a post changed, so readers see it at once. */
export function invalidateBlogPages() {
  pageStore.drop("until-posts-change");
}

/** Drops the careers pages after a job changed. */
export function invalidateJobPages() {
  pageStore.drop("until-jobs-change");
}

/** Drops the pages the team edits after a version of one was saved. */
export function invalidateContentPages() {
  pageStore.drop("until-pages-change");
}
