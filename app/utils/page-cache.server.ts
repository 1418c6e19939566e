import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { parseCookieHeader } from "@supabase/ssr";
import type { MiddlewareFunction } from "react-router";
import { env } from "#app/utils/env.server.ts";
import {
  hasFreshValues,
  keptCopiesRevalidate,
  letKeptCopiesRevalidate,
  markFreshValues,
  NONCE_PLACEHOLDER,
} from "#app/utils/fresh-values.server.ts";
import { isAuthCookieName } from "#app/utils/session.server.ts";
import { keepNotModifiedHeaders } from "#app/utils/response-headers.server.ts";
import { MARKETING_CACHE_CONTROL } from "#app/utils/public-cache.server.ts";
import {
  applySecurityHeaders,
  createNonce,
  nonceContext,
  scriptHashesContext,
} from "#app/utils/security.server.ts";
import { serverTimingHeader } from "#app/utils/server-timing.server.ts";
import { TOAST_COOKIE } from "#app/utils/toast.server.ts";

// Public pages render the same bytes for every anonymous visitor, so a
// render is kept in memory and replayed: no React render, no loaders, no
// Supabase. Everything that can make a page personal bypasses the cache: a
// session or flash cookie on the request, a query string, a response that
// sets a cookie, is private, or is anything but a 200.
//
// Marketing pages come from the build, so they are kept until the process
// ends. The blog list and posts come from the database: they are kept for
// PAGE_CACHE_BLOG_SECONDS (their Cache-Control already lets a CDN keep them
// for a minute), and dropped at once when this server saves or deletes a post.

const CACHEABLE: { pattern: RegExp; blog: boolean }[] = [
  // The home page's data request is `/_.data`.
  { pattern: /^\/_?$/, blog: false },
  {
    pattern: /^\/(?:blueprint-showcase|company|careers|contact-us)$/,
    blog: false,
  },
  { pattern: /^\/careers\/[^/]+$/, blog: false },
  { pattern: /^\/agents\/[^/]+$/, blog: false },
  { pattern: /^\/blueprints(?:\/(?!rss\.xml$)[^/]+)?$/, blog: true },
];

/**
 * Every post is a key of its own: past this many pages (tens of megabytes)
 * the oldest stored is dropped.
 */
export const MAX_ENTRIES = 500;

type Encoding = "br" | "gzip";

type Entry = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Filled in the background after the entry is stored. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** A hash of the stored body; each encoding's ETag is made from it. */
  digest: string;
  /** The inline scripts' hashes, for an HTML page's policy. */
  scriptHashes: string[] | null;
  /** performance.now() after which the entry is stale. */
  expires: number;
  /**
   * The page carries per-visitor placeholders (app/utils/fresh-values.server.ts):
   * each replay is filled and tagged per copy there, so it is sent as stored,
   * untagged and uncompressed, and its scripts keep a nonce placeholder
   * instead of hashes.
   */
  template: boolean;
  /** The page's loader let its kept copies revalidate (letKeptCopiesRevalidate). */
  revalidates: boolean;
};

export type PageCache = Map<string, Entry>;

export const pageCache: PageCache = new Map();

/**
 * Where and for how long a request may be answered from the cache, or null.
 * Queries change what loaders return (and single-fetch revalidations carry
 * `_routes`), so only the bare path is cached: that also bounds the keys.
 */
export function pageCacheKey(
  request: Request,
  blogSeconds = env.PAGE_CACHE_BLOG_SECONDS,
) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.search) return null;
  return cacheRule(url.pathname, request.headers.get("Cookie"), blogSeconds);
}

/** pageCacheKey's rule for a GET of `pathname` with no query. */
function cacheRule(
  pathname: string,
  cookieHeader: string | null,
  blogSeconds: number,
) {
  const page = pathname.replace(/\.data$/, "");
  const match = CACHEABLE.find(({ pattern }) => pattern.test(page));
  if (!match || (match.blog && blogSeconds === 0)) return null;
  const personal = parseCookieHeader(cookieHeader ?? "").some(
    ({ name }) => name === TOAST_COOKIE || isAuthCookieName(name),
  );
  if (personal) return null;
  return {
    key: pathname,
    ttlMs: match.blog ? blogSeconds * 1000 : Infinity,
  };
}

/** Drops the blog pages after a post changed, so readers see it at once. */
export function invalidateBlogPages(cache: PageCache = pageCache) {
  for (const key of cache.keys()) {
    if (key.startsWith("/blueprints")) cache.delete(key);
  }
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
 * into a post, say) stays untrusted, as it was in the rendered page. React
 * escapes `</script` inside a script's text, so the first closing tag ends
 * it.
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
 * The encoding to send, from the request's Accept-Encoding: brotli (the
 * smallest) where accepted, then gzip, else none.
 */
export function preferredEncoding(acceptEncoding: string | null) {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((param) => param.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.toLowerCase());
  }
  for (const encoding of ["br", "gzip"] as const) {
    if (accepted.has(encoding) || accepted.has("*")) return encoding;
  }
  return null;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Compresses a stored body once, so a replay only copies bytes (the server's
 * own compression would redo it on every response). Marketing pages are kept
 * for good and get brotli's best; a blog page is stored again every few
 * seconds, so it gets a quality that takes milliseconds, not a hundred.
 */
async function compress(entry: Entry, lasting: boolean) {
  const quality = lasting ? constants.BROTLI_MAX_QUALITY : 5;
  const [br, gz] = await Promise.all([
    brotli(entry.body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
      },
    }),
    gzipped(entry.body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  entry.encoded = { br, gzip: gz };
}

/**
 * The strong ETag of the representation a replay sends: encodings are
 * different bytes, so each gets a tag of its own (RFC 9110 §8.8.3).
 */
export function entityTag(digest: string, encoding: Encoding | null) {
  return `"${digest}${encoding ? `-${encoding}` : ""}"`;
}

/**
 * Whether If-None-Match names this tag. The comparison is the weak one the
 * header asks for, so a tag a CDN marked W/ still matches.
 */
export function noneMatch(ifNoneMatch: string | null, tag: string) {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch
    .split(",")
    .some((candidate) => candidate.trim().replace(/^W\//, "") === tag);
}

/** What a replay of `entry` sends: Response-free, so the server can write it as it is. */
function replayParts(
  entry: Entry,
  acceptEncoding: string | null,
  ifNoneMatch: string | null,
) {
  const headers = new Headers(entry.headers);
  headers.set("X-Page-Cache", "hit");
  if (entry.template) {
    headers.set("Content-Length", String(entry.body.length));
    return { status: entry.status, headers, body: entry.body };
  }
  if (!/accept-encoding/i.test(headers.get("Vary") ?? "")) {
    headers.append("Vary", "Accept-Encoding");
  }
  const encoding = preferredEncoding(acceptEncoding);
  const encoded = encoding && entry.encoded[encoding];
  // Until the stored copy in the accepted encoding is ready, the server
  // compresses this body on the way out: those bytes have no tag of ours.
  const tag =
    !encoding || encoded
      ? entityTag(entry.digest, encoded ? encoding : null)
      : null;
  if (tag) headers.set("ETag", tag);
  if (tag && noneMatch(ifNoneMatch, tag)) {
    keepNotModifiedHeaders(headers);
    return { status: 304, headers, body: null };
  }
  if (encoding && encoded) headers.set("Content-Encoding", encoding);
  const body = encoded || entry.body;
  headers.set("Content-Length", String(body.length));
  return { status: entry.status, headers, body };
}

export function replay(
  entry: Entry,
  acceptEncoding: string | null,
  ifNoneMatch: string | null = null,
) {
  const { status, headers, body } = replayParts(
    entry,
    acceptEncoding,
    ifNoneMatch,
  );
  return new Response(body && new Uint8Array(body), { status, headers });
}

/** The parts of a Node request answerStoredPage reads. */
export type StoredPageRequest = {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
};

/**
 * The production server's answer to a request for a stored page, before the
 * request reaches React Router (app/server/http-server.ts), or null to let
 * React Router answer it. The answer is the one the root middleware would
 * give, header for header: the replay's, the security headers with the
 * stored page's script hashes, and Server-Timing. Everything React Router
 * would not replay as it was stored goes to React Router: anything but a GET
 * of a bare cacheable path without session or flash cookies, an expired
 * entry (React Router renders it again), a page filled per visitor (its
 * form's fresh values and nonce), and an encoding not compressed yet.
 */
export function answerStoredPage(request: StoredPageRequest) {
  const started = performance.now();
  const { method, url = "", headers } = request;
  if (method !== "GET" || url.includes("?")) return null;
  // A raw path that is not a stored key (not normalised, say) finds nothing.
  const rule = cacheRule(
    url,
    headers.cookie ?? null,
    env.PAGE_CACHE_BLOG_SECONDS,
  );
  const entry = rule && pageCache.get(rule.key);
  if (!entry || entry.template || entry.expires <= started) return null;
  const acceptEncoding = headers["accept-encoding"] ?? null;
  const encoding = preferredEncoding(acceptEncoding);
  if (encoding && !entry.encoded[encoding]) return null;
  const answer = replayParts(
    entry,
    acceptEncoding,
    headers["if-none-match"] ?? null,
  );
  applySecurityHeaders(answer.headers, entry.scriptHashes ?? createNonce());
  answer.headers.append(
    "Server-Timing",
    serverTimingHeader(performance.now() - started, {
      supabaseMs: 0,
      supabaseCalls: 0,
    }),
  );
  return {
    status: answer.status,
    headers: Object.fromEntries(answer.headers),
    body: answer.body,
  };
}

/**
 * Answers from `cache` when it may, and otherwise stores what the rest of the
 * chain rendered. Runs inside securityMiddleware, which gives an HTML replay
 * the policy its stored scripts' hashes allow (scriptHashesContext).
 */
export function createPageCacheMiddleware(
  cache: PageCache,
  blogSeconds?: number,
): MiddlewareFunction<Response> {
  // Keys being rendered again right now. Meanwhile other requests get the
  // expired copy, so a busy page costs one render per expiry, not a
  // stampede of them.
  const refreshing = new Set<string>();
  return async ({ request, context }, next) => {
    const cacheable = pageCacheKey(request, blogSeconds);
    if (!cacheable) return next();
    const { key, ttlMs } = cacheable;
    const acceptEncoding = request.headers.get("Accept-Encoding");
    const ifNoneMatch = request.headers.get("If-None-Match");
    const answer = (entry: Entry) => {
      context.set(scriptHashesContext, entry.scriptHashes);
      if (entry.template) markFreshValues(context, "stored");
      if (entry.revalidates) letKeptCopiesRevalidate(context);
      return replay(entry, acceptEncoding, ifNoneMatch);
    };
    const cached = cache.get(key);
    if (cached && (cached.expires > performance.now() || refreshing.has(key))) {
      return answer(cached);
    }
    refreshing.add(key);
    let response: Response;
    try {
      response = await next();
    } finally {
      refreshing.delete(key);
    }
    if (!storable(response)) return response;
    const html = (response.headers.get("Content-Type") ?? "").startsWith(
      "text/html",
    );
    const nonce = context.get(nonceContext);
    const rendered = await response.text();
    const template = hasFreshValues(rendered);
    const scriptHashes =
      html && !template ? inlineScriptHashes(rendered, nonce) : null;
    // A stored page's policy names its scripts' hashes, so this request's
    // nonce would only be a stale attribute in every later replay; a
    // template's replays are filled anyway, each with its request's nonce.
    const text =
      html && nonce
        ? rendered.replaceAll(
            ` nonce="${nonce}"`,
            template ? ` nonce="${NONCE_PLACEHOLDER}"` : "",
          )
        : rendered;
    const headers = new Headers(response.headers);
    // Set again for whichever encoding a replay sends.
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    headers.delete("ETag");
    // A marketing page changes only with a deploy. Browsers ask again each
    // time (a 304 costs a few hundred bytes); a CDN keeps it until the deploy
    // purges it (README, Deploy). A blog page keeps its loader's shorter rule.
    if (ttlMs === Infinity && !headers.has("Cache-Control")) {
      headers.set("Cache-Control", MARKETING_CACHE_CONTROL);
      headers.append("Vary", "Cookie");
    }
    const body = Buffer.from(text);
    const entry: Entry = {
      status: response.status,
      headers: [...headers],
      body,
      digest: createHash("sha256")
        .update(body)
        .digest("base64url")
        .slice(0, 27),
      encoded: {},
      scriptHashes,
      expires: performance.now() + ttlMs,
      template,
      revalidates: template && keptCopiesRevalidate(context),
    };
    // Re-inserting moves the key to the end: the first key is the oldest.
    cache.delete(key);
    cache.set(key, entry);
    if (cache.size > MAX_ENTRIES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    if (!template) {
      compress(entry, ttlMs === Infinity).catch((error: unknown) => {
        // Replays send the plain body, which the server compresses itself.
        console.error("page cache: compression failed", error);
      });
    }
    const fresh = answer(entry);
    fresh.headers.set("X-Page-Cache", "miss");
    return fresh;
  };
}

export const pageCacheMiddleware = createPageCacheMiddleware(pageCache);
