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
// not; what passes is kept in memory and handed to Postgres in one call every
// few seconds (analytics_record), where the visitor's address and User-Agent
// become a hash with the day's salt and are dropped.

/** What a page view or a form hands to analytics_record. */
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

/** Past this many different unsent views, more are dropped rather than held: Postgres is down. */
export const MAX_PENDING = 10_000;
/** A batch this large goes at once rather than waiting for the timer. */
export const FLUSH_AT = 1_000;
const MAX_PATH = 512;
const MAX_UTM = 100;

/** Tablets first: an Android tablet's User-Agent has no "Mobile". */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent))
    return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent))
    return "mobile";
  return "desktop";
}

// Browsers send a handful of User-Agents, each many times: isbot's one large
// expression runs once per User-Agent, not per request.
const botAnswers = new Map<string, boolean>();
function bot(userAgent: string) {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    if (botAnswers.size >= 1_000) botAnswers.clear();
    botAnswers.set(userAgent, answer);
  }
  return answer;
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
  let timer: ReturnType<typeof setInterval> | null = null;
  let flushing: Promise<void> | null = null;
  const country = countryHeader?.toLowerCase();

  function schedule() {
    if (hits.size + conversions.length >= FLUSH_AT && !flushing) {
      void flush();
    }
    if (timer) return;
    timer = setInterval(() => void flush(), flushMs);
    timer.unref();
  }

  /** Hands what is pending to Postgres; a failed batch is dropped, not retried. */
  function flush(): Promise<void> {
    if (flushing) return flushing.then(flush);
    if (hits.size === 0 && conversions.length === 0) return Promise.resolve();
    const batch = { hits: [...hits.values()], conversions };
    hits = new Map();
    conversions = [];
    flushing = send(site, batch)
      .catch((error: unknown) => {
        console.error(
          `analytics: ${batch.hits.length} page views and ${batch.conversions.length} forms not recorded`,
          error,
        );
      })
      .finally(() => {
        flushing = null;
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
      // Most views repeat one already pending (a reload, a poller, the same
      // visitor again), so the key is made first and only a new view is
      // classified and allocated.
      const key = [
        address,
        userAgent,
        path,
        referrerHost,
        utmSource,
        utmMedium,
        utmCampaign,
        countryKnown,
      ].join("\n");
      const same = hits.get(key);
      if (same) {
        same.views += 1;
        return;
      }
      if (hits.size >= MAX_PENDING) return;
      hits.set(key, {
        address,
        user_agent: userAgent,
        path,
        referrer_host: referrerHost,
        utm_source: utmSource,
        utm_medium: utmMedium,
        utm_campaign: utmCampaign,
        country: countryKnown,
        device: deviceClass(userAgent),
        views: 1,
      });
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
    if (conversions.length >= MAX_PENDING) return;
    conversions.push({
      address: getClientIp(request),
      user_agent: userAgent,
      kind,
      form_path: formPath.slice(0, MAX_PATH),
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
