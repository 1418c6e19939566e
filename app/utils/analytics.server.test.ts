import { describe, expect, test } from "vitest";
import {
  createAnalytics,
  deviceClass,
  FLUSH_AT,
  MAX_PENDING_BYTES,
  visitorKey,
  type Batch,
  type CountedRequest,
} from "./analytics.server.ts";

const FIREFOX =
  "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

function counter(options: { enabled?: boolean; countryHeader?: string } = {}) {
  const batches: Batch[] = [];
  const analytics = createAnalytics({
    enabled: options.enabled ?? true,
    site: "example.com",
    flushMs: 60_000,
    countryHeader: options.countryHeader,
    send: async (_site, batch) => {
      batches.push(batch);
    },
  });
  return { ...analytics, batches };
}

function get(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
): CountedRequest {
  return {
    method,
    url,
    headers: { host: "example.com", "user-agent": FIREFOX, ...headers },
    socket: { remoteAddress: "192.0.2.4" },
  };
}

/** Counts a request answered with `status` and `type`; the paths it recorded. */
function view(
  analytics: ReturnType<typeof counter>,
  request: CountedRequest,
  status = 200,
  type = "text/html; charset=utf-8",
) {
  analytics.countPageView(request)?.(status, type);
  return paths(analytics.pending().hits);
}

/** Each view's path, as many times as it was counted. */
function paths(hits: Batch["hits"]) {
  return hits.flatMap((hit) => Array<string>(hit.views).fill(hit.path));
}

describe("countPageView", () => {
  test("counts an HTML page, its revalidation and a data request for a page", () => {
    const analytics = counter();
    view(analytics, get("/careers"));
    view(analytics, get("/careers", { "if-none-match": '"x"' }), 304, "");
    view(
      analytics,
      get("/blueprints.data", { referer: "http://example.com/" }),
      200,
      "text/x-script",
    );
    view(analytics, get("/_.data"), 200, "text/x-script");
    expect(paths(analytics.pending().hits)).toEqual([
      "/careers",
      "/careers",
      "/blueprints",
      "/",
    ]);
  });

  test.each([
    ["a HEAD", get("/", {}, "HEAD")],
    ["a POST", get("/contact-us", {}, "POST")],
    ["a prefetch (Sec-Purpose)", get("/", { "sec-purpose": "prefetch" })],
    ["a prerender", get("/", { "sec-purpose": "prefetch;prerender" })],
    ["a prefetch (Purpose)", get("/", { purpose: "prefetch" })],
    [
      "a bot",
      get("/", {
        "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
      }),
    ],
    ["no User-Agent", get("/", { "user-agent": "" })],
    ["a signed-in visitor", get("/", { cookie: "a=1; sb-127-auth-token=x" })],
    ["a chunked session cookie", get("/", { cookie: "sb-127-auth-token.0=x" })],
    ["an asset", get("/assets/root-abc.js")],
    ["a file", get("/favicon.ico")],
    ["a feed", get("/blueprints/rss.xml")],
    ["the health check", get("/healthz")],
  ])("does not count %s", (_name, request) => {
    const analytics = counter();
    expect(view(analytics, request)).toEqual([]);
  });

  test("counts a visitor with another site's cookie", () => {
    expect(view(counter(), get("/", { cookie: "theme=dark" }))).toEqual(["/"]);
  });

  test.each([
    ["a 404", 404, "text/html"],
    ["a redirect", 302, "text/html"],
    ["a server error", 500, "text/html"],
    ["JSON", 200, "application/json"],
  ])("does not count %s", (_name, status, type) => {
    expect(view(counter(), get("/nowhere"), status, type)).toEqual([]);
  });

  test("does not count the revalidation after a form posted with JavaScript", () => {
    const analytics = counter();
    view(
      analytics,
      get("/contact-us.data", { referer: "http://example.com/contact-us" }),
      200,
      "text/x-script",
    );
    expect(analytics.pending().hits).toEqual([]);
  });

  test("keeps another site's host, the campaign, the country and the device; never the path's query", () => {
    const analytics = counter({ countryHeader: "CF-IPCountry" });
    view(
      analytics,
      get(
        "/?utm_source=news&utm_medium=email&utm_campaign=spring&email=a@b.c",
        {
          referer: "https://news.example.org/today?id=1",
          "cf-ipcountry": "de",
          "user-agent":
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
        },
      ),
    );
    expect(analytics.pending().hits).toEqual([
      {
        address: visitorKey(
          "192.0.2.4",
          "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
        ),
        user_agent: "",
        path: "/",
        referrer_host: "news.example.org",
        utm_source: "news",
        utm_medium: "email",
        utm_campaign: "spring",
        country: "DE",
        device: "mobile",
        views: 1,
      },
    ]);
  });

  test("keeps no referrer for the site's own pages and no country without the header named", () => {
    const analytics = counter();
    view(
      analytics,
      get("/careers", {
        referer: "http://example.com/",
        "cf-ipcountry": "DE",
      }),
    );
    const [hit] = analytics.pending().hits;
    expect(hit?.referrer_host).toBeUndefined();
    expect(hit?.country).toBeUndefined();
  });

  test("counts nothing when switched off", () => {
    const analytics = counter({ enabled: false });
    expect(analytics.countPageView(get("/"))).toBeNull();
  });
});

describe("flush", () => {
  test("hands page views and forms over in one batch and starts again empty", async () => {
    const analytics = counter();
    view(analytics, get("/"));
    analytics.countConversion(
      new Request("http://example.com/contact-us", {
        method: "POST",
        headers: { "User-Agent": FIREFOX },
      }),
      "contact",
      "/contact-us",
    );
    await analytics.flush();
    await analytics.flush();
    expect(analytics.batches).toHaveLength(1);
    expect(analytics.batches[0]?.hits.map((hit) => hit.path)).toEqual(["/"]);
    expect(analytics.batches[0]?.conversions).toEqual([
      expect.objectContaining({ kind: "contact", form_path: "/contact-us" }),
    ]);
    expect(analytics.pending()).toEqual({
      hits: [],
      conversions: [],
      bytes: 0,
    });
  });
});

describe("a busy machine", () => {
  test("sends a full batch at once instead of waiting for the timer", async () => {
    const analytics = counter();
    for (let index = 0; index < FLUSH_AT; index++) {
      view(analytics, {
        ...get("/"),
        socket: { remoteAddress: `10.0.${index >> 8}.${index & 255}` },
      });
    }
    expect(analytics.batches).toHaveLength(1);
    expect(analytics.batches[0]?.hits).toHaveLength(FLUSH_AT);
    expect(analytics.pending().hits).toEqual([]);
  });
});

describe("a batch", () => {
  test("holds the same view again as a count, and another visitor's or page's as a row", () => {
    const analytics = counter();
    for (let index = 0; index < 5; index++) view(analytics, get("/"));
    view(analytics, get("/careers"));
    view(analytics, { ...get("/"), socket: { remoteAddress: "192.0.2.5" } });
    expect(
      analytics.pending().hits.map(({ address, path, views }) => ({
        address,
        path,
        views,
      })),
    ).toEqual([
      { address: visitorKey("192.0.2.4", FIREFOX), path: "/", views: 5 },
      { address: visitorKey("192.0.2.4", FIREFOX), path: "/careers", views: 1 },
      { address: visitorKey("192.0.2.5", FIREFOX), path: "/", views: 1 },
    ]);
  });

  test("holds a view in a few bounded fields, whatever the request sent", () => {
    const analytics = counter();
    const agent = `${FIREFOX} ${"x".repeat(900)}`;
    view(
      analytics,
      get(`/?utm_source=${"s".repeat(5_000)}&q=${"q".repeat(5_000)}`, {
        "user-agent": agent,
        referer: `https://${"r".repeat(300)}.example.org/${"p".repeat(5_000)}`,
      }),
    );
    const [hit] = analytics.pending().hits;
    expect(hit).toMatchObject({
      address: visitorKey("192.0.2.4", agent),
      user_agent: "",
      path: "/",
      device: "desktop",
    });
    expect(JSON.stringify(hit).length).toBeLessThan(600);
    // Longer than any browser's: not counted, not held.
    const long = get("/", { "user-agent": `${FIREFOX} ${"x".repeat(2_000)}` });
    expect(analytics.countPageView(long)).toBeNull();
  });

  test("stays within its bytes under a flood of distinct visitors and pages", () => {
    const analytics = counter();
    for (let index = 0; index < 40_000; index++) {
      analytics.countPageView({
        ...get(`/blueprints/${"p".repeat(400)}${index}`, {
          "user-agent": `${FIREFOX} ${index}`,
        }),
      })?.(200, "text/html");
    }
    expect(analytics.pending().bytes).toBeLessThanOrEqual(MAX_PENDING_BYTES);
  });
});

describe("a failed batch", () => {
  test("is merged back into what is pending and sent with the next, none lost", async () => {
    const sent: Batch[] = [];
    let down = true;
    const analytics = createAnalytics({
      enabled: true,
      site: "example.com",
      flushMs: 60_000,
      send: async (_site, batch) => {
        if (down) throw new Error("Postgres is down");
        sent.push(batch);
      },
    });
    const errors = console.error;
    console.error = () => {};
    try {
      analytics.countPageView(get("/"))?.(200, "text/html");
      analytics.countPageView(get("/careers"))?.(200, "text/html");
      await analytics.flush();
      expect(sent).toEqual([]);
      analytics.countPageView(get("/"))?.(200, "text/html");
      await analytics.flush();
      down = false;
      analytics.countPageView(get("/"))?.(200, "text/html");
      await analytics.flush();
    } finally {
      console.error = errors;
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]!.hits.map(({ path, views }) => ({ path, views }))).toEqual([
      { path: "/", views: 3 },
      { path: "/careers", views: 1 },
    ]);
    expect(analytics.pending().bytes).toBe(0);
  });
});

describe("deviceClass", () => {
  test.each([
    [FIREFOX, "desktop"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36", "mobile"],
    ["Mozilla/5.0 (Linux; Android 14; SM-X710) Safari/537.36", "tablet"],
    ["Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) Safari/605.1.15", "tablet"],
  ])("%s is %s", (userAgent, expected) => {
    expect(deviceClass(userAgent)).toBe(expected);
  });
});
