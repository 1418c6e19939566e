import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { parseCookieHeader } from "@supabase/ssr";
import {
  createContext,
  createRequestHandler,
  RouterContextProvider,
  type MiddlewareFunction,
  type ServerBuild,
} from "react-router";
import { env } from "#app/utils/env.server.ts";
import { MARKETING_CACHE_CONTROL } from "#app/utils/public-cache.server.ts";
import { keepNotModifiedHeaders } from "#app/utils/response-headers.server.ts";
import {
  applySecurityHeaders,
  nonceContext,
  scriptHashesContext,
} from "#app/utils/security.server.ts";
import { serverTimingHeader } from "#app/utils/server-timing.server.ts";
import {
  declareRuleContext,
  type StoreRule,
} from "#app/utils/stored-page.server.ts";
import { isAuthCookieName } from "#app/utils/session.server.ts";
import { TOAST_COOKIE } from "#app/utils/toast.server.ts";

// Every public page is the same bytes for every anonymous visitor, so its
// render is stored and replayed: no React, no loaders, no Supabase. A route
// declares that it is stored, and for how long, in its own middleware
// (app/utils/stored-page.server.ts). React Router's root middleware stores what it
// renders (storePagesMiddleware); the production server answers from the
// store before anything else runs (answerStoredPage, app/server/http-server.ts).
// Everything that can make a page personal bypasses both: a session or flash
// cookie on the request, a query string, a response that sets a cookie, is
// private, or is anything but a 200.

/**
 * Every post is a key of its own: past this many pages (tens of megabytes)
 * the oldest stored is dropped.
 */
export const MAX_ENTRIES = 500;

type Encoding = "br" | "gzip";

type Entry = {
  status: number;
  headers: [string, string][];
  contentType: string;
  body: Buffer;
  /** Filled before the entry is stored. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Each encoding's answer, made on first use (replayFor). */
  replays: Partial<Record<Encoding | "identity", Replay>>;
  /** A hash of the stored body; each encoding's ETag is made from it. */
  digest: string;
  /** The inline scripts' hashes, for an HTML page's policy. */
  scriptHashes: string[] | null;
  rule: StoreRule;
  /** performance.now() after which the entry is stale. */
  expires: number;
  /**
   * performance.now() it may never be answered after, stale or not: the end
   * of its own s-maxage, which a page that reads posts caps at the next
   * scheduled publication.
   */
  deadline: number;
  /** performance.now() its render began at: its age counts from there. */
  madeAt: number;
};

/** The parts of a Node request the store reads. */
export type StoredPageRequest = {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
};

/**
 * A stored page's answer, as the production server writes it. Its headers
 * are flat lists of names and values, the form `writeHead` takes fastest
 * (given an object made per request, Node spends more on enumerating it than
 * on the rest of the answer): `headers`, made once per stored page and
 * encoding and shared by every answer, so the server may keep what it makes
 * of it; `extra`, this answer's own.
 */
export type StoredAnswer = {
  status: number;
  headers: readonly string[];
  extra: string[];
  contentType: string;
  body: Buffer | null;
};

/** Whether the request carries anything that makes its page personal. */
function personal(cookieHeader: string | null | undefined) {
  return parseCookieHeader(cookieHeader ?? "").some(
    ({ name }) => name === TOAST_COOKIE || isAuthCookieName(name),
  );
}

/**
 * How long the response lets a shared cache keep it (its s-maxage), in
 * milliseconds; unlimited without one.
 */
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

/** The encodings the request accepts, brotli (the smallest) first. */
export function acceptedEncodings(acceptEncoding: string | null | undefined) {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((param) => param.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.toLowerCase());
  }
  return (["br", "gzip"] as const).filter(
    (encoding) => accepted.has(encoding) || accepted.has("*"),
  );
}

// Browsers send one of a few Accept-Encoding values, each on every request:
// each is parsed once. Bounded, since a client may send any text.
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
 * the deploy gets brotli's best; a blog page is stored again every few
 * seconds, so it gets a quality that takes milliseconds, not a hundred.
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
export function noneMatch(ifNoneMatch: string | null | undefined, tag: string) {
  if (ifNoneMatch == null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch
    .split(",")
    .some((candidate) => candidate.trim().replace(/^W\//, "") === tag);
}

/** What a replay sends for one encoding of an entry, made once. */
type Replay = {
  headers: readonly string[];
  notModified: readonly string[];
  tag: string;
  body: Buffer;
};

/**
 * An entry's answer for one encoding: its bytes, tag and headers (the
 * security headers with the page's script hashes included), made the first
 * time it is asked for, so a replay only copies them.
 */
function replayFor(entry: Entry, encoding: Encoding | null): Replay {
  const key = encoding ?? "identity";
  const made = entry.replays[key];
  if (made) return made;
  const body = (encoding && entry.encoded[encoding]) || entry.body;
  const tag = entityTag(entry.digest, encoding);
  const headers = new Headers(entry.headers);
  headers.set("X-Page-Cache", "hit");
  headers.set("ETag", tag);
  const notModified = new Headers(headers);
  keepNotModifiedHeaders(notModified);
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  for (const made of [headers, notModified]) {
    applySecurityHeaders(made, entry.scriptHashes ?? []);
  }
  const replay = {
    headers: [...headers].flat(),
    notModified: [...notModified].flat(),
    tag,
    body,
  };
  entry.replays[key] = replay;
  return replay;
}

/**
 * The one place a stored page's answer is made: its bytes in the best
 * encoding the request accepts, tagged, or a 304 when the request names that
 * tag; the security headers with the page's script hashes; Server-Timing.
 */
function storedAnswer(
  entry: Entry,
  request: StoredPageRequest,
  started: number,
): StoredAnswer {
  const encoding =
    encodingsFor(request.headers["accept-encoding"]).find(
      (candidate) => entry.encoded[candidate],
    ) ?? null;
  const replay = replayFor(entry, encoding);
  const notModified = noneMatch(request.headers["if-none-match"], replay.tag);
  const extra: string[] = [];
  // A blog or content page's lifetimes were cut to end by the next
  // publication when it was made: its age, rounded up, keeps a CDN and a
  // browser to that end.
  if (
    entry.rule === "until-posts-change" ||
    entry.rule === "until-pages-change"
  ) {
    extra.push("age", String(Math.ceil((started - entry.madeAt) / 1000)));
  }
  extra.push(
    "server-timing",
    serverTimingHeader(performance.now() - started, {
      supabaseMs: 0,
      supabaseCalls: 0,
    }),
  );
  return {
    status: notModified ? 304 : entry.status,
    headers: notModified ? replay.notModified : replay.headers,
    extra,
    contentType: entry.contentType,
    body: notModified || request.method === "HEAD" ? null : replay.body,
  };
}

/** The key a request's page is stored under: its path, for a GET without query or personal cookies. */
function storeKey(
  method: string | undefined,
  url: string,
  cookie?: string | null,
) {
  if (method !== "GET" || url.includes("?") || personal(cookie)) return null;
  return url;
}

/** A render of a stored page under way, and what waits for it. */
type Render = {
  /** The rule its route declared, once its middleware has run. */
  rule: StoreRule | null;
  /** The entry it makes, null if it makes none. */
  entry: Promise<Entry | null>;
  /** Settled once it is stored or given up. */
  done: Promise<void>;
  droppedBefore: Map<StoreRule, number>;
  /** Whether the store's middleware has taken it on. */
  begun: boolean;
  made: (entry: Entry | null) => void;
  release: () => void;
};

// The render a request started by the store itself is.
const backgroundRenderContext = createContext<Render | null>(null);

// This server's own React Router, for renders no visitor waits for.
let handler:
  | Promise<
      (request: Request, context: RouterContextProvider) => Promise<Response>
    >
  | undefined;

/**
 * Renders a stored page again as an anonymous visitor would get it, for no
 * visitor: the store's middleware keeps what it renders.
 */
async function renderAgain(path: string, context: RouterContextProvider) {
  handler ??= import("virtual:react-router/server-build").then((build) =>
    createRequestHandler(build as unknown as ServerBuild, process.env.NODE_ENV),
  );
  const handle = await handler;
  const response = await handle(
    new Request(new URL(path, env.SITE_URL)),
    context,
  );
  await response.body?.cancel();
}

export function createPageStore({
  blogSeconds = env.PAGE_CACHE_BLOG_SECONDS,
  maxEntries = MAX_ENTRIES,
  revalidate = renderAgain,
}: {
  blogSeconds?: number;
  maxEntries?: number;
  /**
   * Renders the page stored under a key again, in the background, with this
   * request context.
   */
  revalidate?: (key: string, context: RouterContextProvider) => Promise<void>;
} = {}) {
  const entries = new Map<string, Entry>();
  // Keys being rendered and stored right now, each with the rule its route
  // declared (once its middleware has run), the entry its render makes (null
  // if it makes none) and when it is stored or given up: meanwhile requests
  // get the expired copy, so a busy page costs one render per expiry. A
  // request that finds no copy it may answer (never stored in this
  // process, past its deadline, dropped after a save) while a declared page
  // is rendered waits for that render instead of making its own: fifty
  // connections on a page just deployed or past its deadline would otherwise
  // be fifty renders, fifty compressions and fifty rounds of queries at once.
  // It waits in front of Express when it can (answer), so it gets the stored
  // bytes; in the middleware when it arrived before the render began, so it
  // gets the render. A page no route declares is never waited for, so
  // anonymous requests to pages never stored (sign-in, say) never queue
  // behind one another.
  const refreshing = new Map<string, Render>();
  // Bumped when a rule's pages are dropped, so a render that began before
  // (and may hold the old post) is not stored after.
  const dropped = new Map<StoreRule, number>();
  const droppedSince = (before: Map<StoreRule, number>, rule: StoreRule) =>
    (dropped.get(rule) ?? 0) !== (before.get(rule) ?? 0);
  const lifetimeMs = (rule: StoreRule) =>
    rule === "until-deploy" ? Infinity : blogSeconds * 1000;

  function register(key: string): Render {
    let made: (entry: Entry | null) => void = () => {};
    let finished: () => void = () => {};
    const render: Render = {
      rule: null,
      entry: new Promise((resolve) => {
        made = resolve;
      }),
      done: new Promise((resolve) => {
        finished = resolve;
      }),
      droppedBefore: new Map(dropped),
      begun: false,
      made: (entry) => made(entry),
      release: () => {
        if (refreshing.get(key) === render) refreshing.delete(key);
        finished();
      },
    };
    refreshing.set(key, render);
    return render;
  }

  /**
   * Starts a render of a stored page no visitor waits for, registered at
   * once, so that every request arriving before it reaches the middleware
   * knows of it.
   */
  function renderInBackground(key: string, rule: StoreRule) {
    const render = register(key);
    render.rule = rule;
    const context = new RouterContextProvider();
    context.set(backgroundRenderContext, render);
    revalidate(key, context)
      .catch((error: unknown) => {
        console.error(`page store: rendering ${key} again failed`, error);
      })
      .finally(() => {
        // Failed before the middleware took it on: nothing else ends it.
        if (!render.begun) {
          render.made(null);
          render.release();
        }
      });
    return render;
  }

  /**
   * The stored answer for a request whenever a copy may be sent without
   * waiting: GET and HEAD of a stored path without query or personal
   * cookies, within its deadline. The first request past a copy's lifetime
   * starts one render of it in the background; until that render is stored,
   * it and the others get this copy. Null otherwise.
   */
  function onHand(request: StoredPageRequest): StoredAnswer | null {
    const started = performance.now();
    const method = request.method === "HEAD" ? "GET" : request.method;
    const key = storeKey(method, request.url ?? "", request.headers.cookie);
    if (key === null) return null;
    const entry = entries.get(key);
    if (!entry || entry.deadline <= started) return null;
    if (entry.expires <= started && !refreshing.has(key)) {
      // Claimed here, not when the render reaches the middleware: requests
      // arriving meanwhile would each start one (a page's whole load of
      // connections at once, every expiry). If it never comes back, the
      // first request a lifetime later starts another.
      entry.expires = Math.min(
        started + lifetimeMs(entry.rule),
        entry.deadline,
      );
      renderInBackground(key, entry.rule);
    }
    return storedAnswer(entry, request, started);
  }

  /**
   * The production server's answer for a stored page, made before Express
   * and React Router see the request, or null to let them render it: the
   * answer on hand. A page with no copy it may answer (never stored in this
   * process, past its deadline, dropped after a save), while a render of it
   * is under way and its route has declared it stored, is a promise: the
   * answer once that render is stored, or null if it was not. A copy past
   * its deadline starts that render in the background. Each of those
   * requests rendering and compressing the page for itself would hold the
   * one core for as long as the render takes to be stored, and every request
   * meanwhile would do the same.
   */
  function answer(
    request: StoredPageRequest,
    mayWait = true,
  ): StoredAnswer | Promise<StoredAnswer | null> | null {
    const ready = onHand(request);
    if (ready || !mayWait) return ready;
    const method = request.method === "HEAD" ? "GET" : request.method;
    const key = storeKey(method, request.url ?? "", request.headers.cookie);
    if (key === null) return null;
    const past = entries.get(key);
    const under =
      refreshing.get(key) ??
      (past ? renderInBackground(key, past.rule) : undefined);
    if (!under?.rule || droppedSince(under.droppedBefore, under.rule))
      return null;
    return under.done.then(() => answer(request, false));
  }

  /**
   * Stores what React Router renders for a page whose route declares it
   * stored. The entry is kept once compressed; this visitor gets the render
   * itself, compressed on the way out and untagged (only stored bytes are).
   */
  const middleware: MiddlewareFunction<Response> = async (
    { request, context },
    next,
  ) => {
    const url = new URL(request.url);
    const key = storeKey(
      request.method,
      url.pathname + url.search,
      request.headers.get("Cookie"),
    );
    if (key === null) return next();
    const background = context.get(backgroundRenderContext);
    const leader = refreshing.get(key);
    if (leader && leader !== background) {
      const entry = leader.rule ? await leader.entry : null;
      // A post or job changed since that render began: it may show the old one.
      if (!entry || droppedSince(leader.droppedBefore, entry.rule))
        return next();
      context.set(scriptHashesContext, entry.scriptHashes);
      // Each waiter's copy compressed for itself, on the one core, queued
      // ahead of the store's own compression, which every request arriving
      // meanwhile waits for: they get the store's bytes when it is done.
      await leader.done;
      return renderedResponse(entry, request.headers.get("Accept-Encoding"));
    }
    const under = leader ?? register(key);
    under.begun = true;
    const { made, release, droppedBefore } = under;
    context.set(declareRuleContext, (rule) => {
      under.rule = rule;
    });
    let storing = false;
    // Lifetimes count from before the render: the loader measured the time
    // left until a publication after this moment.
    const started = performance.now();
    try {
      const response = await next();
      const { rule } = under;
      if (rule === null || lifetimeMs(rule) === 0) return response;
      if (!storable(response)) {
        // The backend failed while an older copy exists: that copy is
        // answered for another lifetime rather than every request rendering
        // (and failing) again meanwhile, though never past its deadline.
        // Any other answer (a job gone, a post unpublished) ends the copy.
        const stale = entries.get(key);
        if (stale && response.status >= 500) {
          stale.expires = Math.min(
            performance.now() + lifetimeMs(rule),
            stale.deadline,
          );
        } else if (stale) {
          entries.delete(key);
        }
        return response;
      }
      // A page is kept no longer than its own header lets a CDN keep it.
      const shared = sharedLifetimeMs(response.headers.get("Cache-Control"));
      if (Math.min(lifetimeMs(rule), shared) === 0) return response;
      const entry = await entryOf(response, context.get(nonceContext), rule);
      made(entry);
      context.set(scriptHashesContext, entry.scriptHashes);
      storing = true;
      compress(entry.body, rule)
        .then(
          (encoded) => {
            entry.encoded = encoded;
          },
          (error: unknown) => {
            console.error("page store: compression failed", error);
          },
        )
        .then(() => {
          if (droppedSince(droppedBefore, rule)) return;
          entry.madeAt = started;
          entry.deadline = started + shared;
          entry.expires = Math.min(
            performance.now() + lifetimeMs(rule),
            entry.deadline,
          );
          // Re-inserting moves the key to the end: the first key is the oldest.
          entries.delete(key);
          entries.set(key, entry);
          if (entries.size > maxEntries) {
            const oldest = entries.keys().next().value;
            if (oldest !== undefined) entries.delete(oldest);
          }
        })
        .finally(release);
      return renderedResponse(entry);
    } finally {
      if (!storing) {
        made(null);
        release();
      }
    }
  };

  /** Drops the pages kept by `rule` (a post was saved or deleted). */
  function drop(rule: StoreRule) {
    dropped.set(rule, (dropped.get(rule) ?? 0) + 1);
    for (const [key, entry] of entries) {
      if (entry.rule === rule) entries.delete(key);
    }
  }

  return { entries, answer, middleware, drop };
}

/**
 * A render's answer to the visitors it was made for, untagged (only stored
 * bytes are): the stored text, compressed on the way out, or, given the
 * request's Accept-Encoding, the store's compressed bytes it accepts.
 */
function renderedResponse(entry: Entry, acceptEncoding?: string | null) {
  const headers = new Headers(entry.headers);
  headers.set("X-Page-Cache", "miss");
  const encoding =
    acceptEncoding === undefined
      ? undefined
      : encodingsFor(acceptEncoding ?? undefined).find(
          (candidate) => entry.encoded[candidate],
        );
  if (encoding) headers.set("Content-Encoding", encoding);
  const body = (encoding && entry.encoded[encoding]) || entry.body;
  return new Response(new Uint8Array(body), {
    status: entry.status,
    headers,
  });
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
  // Set again for whichever encoding a replay sends.
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  headers.delete("ETag");
  // As Express would send it: a text type without a charset (single fetch's) gets one.
  if (contentType.startsWith("text/") && !/charset=/i.test(contentType)) {
    headers.set("Content-Type", `${contentType}; charset=utf-8`);
  }
  if (!/accept-encoding/i.test(headers.get("Vary") ?? "")) {
    headers.append("Vary", "Accept-Encoding");
  }
  // A page kept until the deploy: browsers ask again each time (a 304 costs
  // a few hundred bytes); a CDN keeps it until the deploy purges it (README,
  // Deploy). A blog page keeps its loader's shorter rule.
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
    expires: 0,
    deadline: 0,
    madeAt: 0,
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
