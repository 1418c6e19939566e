import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { parseCookieHeader } from "@supabase/ssr";
import { isbot } from "isbot";
import type { Json } from "#app/utils/database.types.ts";
import { clientAddressOf, getClientIp } from "#app/utils/client-ip.server.ts";
import { env } from "#app/utils/env.server.ts";
import { getServiceClient } from "#app/utils/service-client.server.ts";
import { isAuthCookieName } from "#app/utils/session.server.ts";

// Page views and accepted forms, counted on the server without a cookie or
// anything else in the browser (decision 160). The production server's
// request listener asks `countPageView` about every request, stored page or
// not; what passes is reduced at once to a few bounded fields (a hash of the
// visitor's address and User-Agent, the canonical path, the referrer's host,
// capped campaign fields, the device class), kept in memory within a byte
// bound and handed to Postgres in one call every few seconds
// (analytics_record), where the visitor's hash is hashed again with the
// day's salt. A batch Postgres refuses is merged back and sent again later.

/**
 * What a page view or a form hands to analytics_record: `address` is the
 * visitor key made here, `user_agent` is empty (it is part of the key).
 */
type Visit = { address: string; user_agent: string };
export type Hit = Visit & {
  path: string;
  referrer_host?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  country?: string;
  device: DeviceClass;
  /** The same view this many times within one batch (a reload, a poller). */
  views: number;
};
export type ConversionKind = "contact" | "application" | "newsletter";
export type Conversion = Visit & { kind: ConversionKind; form_path: string };
export type Batch = { hits: Hit[]; conversions: Conversion[] };

/** The parts of a Node request the counter reads. */
export type CountedRequest = {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string };
};

/** Called once the response's status and type are known. */
export type PageView = (status: number, contentType: unknown) => void;

export type DeviceClass = "desktop" | "mobile" | "tablet";

/**
 * What unsent views and forms may hold together, as counted by `sizeOf`:
 * past it (Postgres down for a long while) new ones are not counted.
 */
export const MAX_PENDING_BYTES = 4 * 1024 * 1024;
/** A batch this large goes at once rather than waiting for the timer. */
export const FLUSH_AT = 1_000;
/** The longest wait between attempts while Postgres refuses batches. */
export const MAX_BACKOFF_MS = 60_000;
const MAX_PATH = 512;
const MAX_UTM = 100;
/** No browser sends a User-Agent this long; a flood of them is not counted. */
const MAX_USER_AGENT = 1_024;

/**
 * The visitor as Postgres sees it: 22 characters whatever the client sent,
 * hashed again there with the day's salt.
 */
export function visitorKey(address: string, userAgent: string) {
  return createHash("sha256")
    .update(`${address}\n${userAgent}`)
    .digest("base64url")
    .slice(0, 22);
}

/** What a pending entry holds, in bytes, roughly: its strings and a row's overhead. */
function sizeOf(key: string) {
  return key.length * 2 + 200;
}

/** Tablets first: an Android tablet's User-Agent has no "Mobile". */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent))
    return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent))
    return "mobile";
  return "desktop";
}

// Browsers send a handful of User-Agents, each many times, and a visitor
// sends the same one on every page: isbot's one large expression, the device
// patterns and the visitor's hash run once for each, not per request (they
// cost a stored page more than the rest of its answer). Bounded, since a
// client may send any text.
const agents = new Map<string, { bot: boolean; device: DeviceClass }>();
const TOO_LONG = { bot: true, device: "desktop" } as const;
function agentOf(userAgent: string) {
  if (userAgent.length > MAX_USER_AGENT) return TOO_LONG;
  let agent = agents.get(userAgent);
  if (agent === undefined) {
    agent = { bot: isbot(userAgent), device: deviceClass(userAgent) };
    if (agents.size >= 1_000) agents.clear();
    agents.set(userAgent, agent);
  }
  return agent;
}
const bot = (userAgent: string) => agentOf(userAgent).bot;
const visitors = new Map<string, string>();
function visitorOf(address: string, userAgent: string) {
  const both = `${address}\n${userAgent}`;
  let visitor = visitors.get(both);
  if (visitor === undefined) {
    visitor = visitorKey(address, userAgent);
    if (visitors.size >= 1_000) visitors.clear();
    visitors.set(both, visitor);
  }
  return visitor;
}

function header(headers: IncomingHttpHeaders, name: string) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether a browser asked for the page ahead of a click that may never come. */
function prefetch(headers: IncomingHttpHeaders) {
  return (
    /prefetch|prerender/i.test(header(headers, "sec-purpose") ?? "") ||
    /prefetch/i.test(header(headers, "purpose") ?? "") ||
    /prefetch/i.test(header(headers, "x-moz") ?? "")
  );
}

/**
 * A session cookie: a team member, an author or another signed-in account.
 * Their own visits are not counted; the cookie's name is enough, so no
 * session is checked for it.
 */
function signedIn(cookie: string | undefined) {
  return (
    cookie !== undefined &&
    cookie.includes("auth-token") &&
    parseCookieHeader(cookie).some(({ name }) => isAuthCookieName(name))
  );
}

/** A file or a feed: a dot in the last segment that is not a page's data. */
function fileLike(path: string) {
  return path.lastIndexOf(".") > path.lastIndexOf("/");
}

function utm(params: URLSearchParams | null, name: string) {
  const value = params?.get(name)?.trim();
  return value ? value.slice(0, MAX_UTM) : undefined;
}

export function createAnalytics({
  enabled,
  site,
  flushMs,
  countryHeader,
  send,
}: {
  enabled: boolean;
  /** Part of each visitor's hash, so two sites never share one. */
  site: string;
  flushMs: number;
  countryHeader?: string;
  send: (site: string, batch: Batch) => Promise<void>;
}) {
  // Keyed by everything a view keeps, so the same view again within a batch
  // is a count, not another row to send and store.
  let hits = new Map<string, Hit>();
  let conversions: Conversion[] = [];
  let bytes = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushing: Promise<void> | null = null;
  let failures = 0;
  const country = countryHeader?.toLowerCase();

  function schedule() {
    if (hits.size + conversions.length >= FLUSH_AT && !flushing && !failures) {
      void flush();
    }
    if (timer) return;
    const wait = Math.min(flushMs * 2 ** failures, MAX_BACKOFF_MS);
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, wait);
    timer.unref();
  }

  /** Whether `size` more bytes fit; they are counted if so. */
  function room(size: number) {
    if (bytes + size > MAX_PENDING_BYTES) return false;
    bytes += size;
    return true;
  }

  function keepHit(key: string, hit: Hit) {
    const same = hits.get(key);
    if (same) {
      same.views += hit.views;
      return true;
    }
    if (!room(sizeOf(key))) return false;
    hits.set(key, hit);
    return true;
  }

  /**
   * Hands what is pending to Postgres. A batch it refuses is merged back
   * into what is pending (the same view again is a count), within the
   * bound, and sent again after a wait that doubles with each failure.
   */
  function flush(): Promise<void> {
    if (flushing) return flushing.then(flush);
    if (hits.size === 0 && conversions.length === 0) return Promise.resolve();
    const sent = hits;
    const batch = { hits: [...sent.values()], conversions };
    hits = new Map();
    conversions = [];
    bytes = 0;
    flushing = send(site, batch)
      .then(
        () => {
          failures = 0;
        },
        (error: unknown) => {
          failures += 1;
          const before = batch.conversions.length + sent.size;
          let kept = 0;
          for (const [key, hit] of sent) if (keepHit(key, hit)) kept += 1;
          const later = conversions;
          conversions = [];
          for (const conversion of [...batch.conversions, ...later]) {
            if (room(sizeOf(conversion.form_path))) {
              conversions.push(conversion);
              if (batch.conversions.includes(conversion)) kept += 1;
            }
          }
          console.error(
            `analytics: a batch of ${before} rows not recorded, ${kept} kept for the next attempt`,
            error,
          );
        },
      )
      .finally(() => {
        flushing = null;
        if (hits.size > 0 || conversions.length > 0) schedule();
      });
    return flushing;
  }

  /**
   * The page view a request would be, or null when it is not one: anything
   * but a GET, a prefetch, a file, a feed, the health check, a signed-in
   * visitor, a bot. React Router's data request for a page (`/x.data`, a
   * navigation with JavaScript) counts as that page, unless it comes from the
   * page itself (the revalidation after a form on it). The response decides
   * the rest: a 200 or 304 of an HTML page or of a page's data.
   */
  function countPageView(request: CountedRequest): PageView | null {
    if (!enabled || request.method !== "GET") return null;
    const { headers } = request;
    const url = request.url ?? "/";
    const queryAt = url.indexOf("?");
    let path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (!path.startsWith("/") || path.length > MAX_PATH) return null;
    const data = path.endsWith(".data");
    if (data) {
      path =
        path === "/_.data" || path === "/_root.data"
          ? "/"
          : path.slice(0, -".data".length);
    } else if (fileLike(path)) {
      return null;
    }
    if (path.startsWith("/assets/") || path === "/healthz") return null;
    if (prefetch(headers) || signedIn(header(headers, "cookie"))) return null;
    const userAgent = header(headers, "user-agent") ?? "";
    if (!userAgent || bot(userAgent)) return null;

    return (status, contentType) => {
      if (status !== 200 && status !== 304) return;
      if (status === 200) {
        const type = String(contentType ?? "");
        if (!type.startsWith(data ? "text/x-script" : "text/html")) return;
      }
      let referrerHost: string | undefined;
      const referer = header(headers, "referer");
      if (referer) {
        const from = URL.parse(referer);
        if (from && from.host !== header(headers, "host")) {
          referrerHost = from.hostname.slice(0, 255) || undefined;
        } else if (data && from?.pathname === path) {
          return;
        }
      }
      const params =
        queryAt === -1 ? null : new URLSearchParams(url.slice(queryAt + 1));
      const countryCode = country
        ? header(headers, country)?.toUpperCase()
        : undefined;
      const address = clientAddressOf(headers, request.socket?.remoteAddress);
      const utmSource = utm(params, "utm_source");
      const utmMedium = utm(params, "utm_medium");
      const utmCampaign = utm(params, "utm_campaign");
      // XX and T1 (Tor) are what Cloudflare says when it does not know.
      const countryKnown =
        countryCode && /^[A-Z]{2}$/.test(countryCode) && countryCode !== "XX"
          ? countryCode
          : undefined;
      const visitor = visitorOf(address, userAgent);
      const key = [
        visitor,
        path,
        referrerHost,
        utmSource,
        utmMedium,
        utmCampaign,
        countryKnown,
      ].join("\n");
      const kept = keepHit(key, {
        address: visitor,
        user_agent: "",
        path,
        referrer_host: referrerHost,
        utm_source: utmSource,
        utm_medium: utmMedium,
        utm_campaign: utmCampaign,
        country: countryKnown,
        device: agentOf(userAgent).device,
        views: 1,
      });
      if (!kept) return;
      schedule();
    };
  }

  /**
   * An accepted form, credited in Postgres to the first page its visitor
   * was counted on that day (the same hash), or to the form's own page.
   */
  function countConversion(
    request: Request,
    kind: ConversionKind,
    formPath: string,
  ) {
    if (!enabled) return;
    const userAgent = request.headers.get("User-Agent") ?? "";
    if (!userAgent || bot(userAgent)) return;
    if (signedIn(request.headers.get("Cookie") ?? undefined)) return;
    const form_path = formPath.slice(0, MAX_PATH);
    if (!room(sizeOf(form_path))) return;
    conversions.push({
      address: visitorKey(getClientIp(request), userAgent),
      user_agent: "",
      kind,
      form_path,
    });
    schedule();
  }

  return {
    countPageView,
    countConversion,
    flush,
    pending: () => ({
      hits: [...hits.values()],
      conversions: [...conversions],
      bytes,
    }),
  };
}

async function sendToPostgres(site: string, batch: Batch) {
  const supabase = getServiceClient();
  if (!supabase) return;
  const { error } = await supabase.rpc("analytics_record", {
    p_site: site,
    p_hits: batch.hits as unknown as Json,
    p_conversions: batch.conversions as unknown as Json,
  });
  if (error) throw error;
}

const analytics = createAnalytics({
  enabled: env.ANALYTICS === "on",
  site: new URL(env.SITE_URL).host,
  flushMs: env.ANALYTICS_FLUSH_MS,
  countryHeader: env.COUNTRY_HEADER,
  send: sendToPostgres,
});

export const countPageView = analytics.countPageView;
export const countConversion = analytics.countConversion;
export const flushAnalytics = analytics.flush;
