import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, startTestServer, type TestServer } from "./test-support.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

const HOUR = 3_600_000;
const at = (start: Date, hours: number) =>
  new Date(start.getTime() + hours * HOUR).toISOString();

type Row = {
  dimension: string;
  value: string;
  views: number | string;
  visitors: number | string;
};

function byKey(result: { data: unknown; error: unknown }) {
  if (result.error) throw new Error(JSON.stringify(result.error));
  return Object.fromEntries(
    (result.data as Row[]).map((row) => [
      `${row.dimension}:${row.value}`,
      [Number(row.views), Number(row.visitors)],
    ]),
  );
}

function withoutSite(rows: Record<string, number[]>) {
  return Object.fromEntries(
    Object.entries(rows).filter(([key]) => !key.startsWith("site:")),
  );
}

/** What the dashboard reads for a range, as the team member. */
async function totals(from: string, to: string) {
  const admin = await server.signedIn("admin");
  return byKey(
    await admin.rpc("analytics_totals", {
      p_from: from,
      p_to: to,
      p_limit: 20,
    }),
  );
}

const visitor = (address: string, userAgent = "Firefox") => ({
  address,
  user_agent: userAgent,
});

describe("analytics_rotate", () => {
  it("leaves no salt made 48 hours or more before the clock it is given", async () => {
    const service = server.service();
    const start = new Date("2031-03-01T10:00:00Z");
    // A hit a day for four days makes four salts.
    for (const day of [0, 1, 2, 3]) {
      const { error } = await service.rpc("analytics_record", {
        p_site: "example.com",
        p_hits: [{ ...visitor("192.0.2.1"), path: "/" }],
        p_now: at(start, day * 24),
      });
      expect(error).toBeNull();
    }
    const { error } = await service.rpc("analytics_rotate", {
      p_now: at(start, 3 * 24 + 1),
    });
    expect(error).toBeNull();
    const { data } = await service
      .from("analytics_salts")
      .select("day, created_at");
    const salts = data as { day: string; created_at: string }[];
    const oldest = Date.parse(at(start, 3 * 24 + 1)) - 48 * HOUR;
    expect(salts.length).toBeGreaterThan(0);
    for (const salt of salts) {
      expect(Date.parse(salt.created_at)).toBeGreaterThan(oldest);
    }
    expect(salts.map((salt) => salt.day).sort()).toEqual([
      "2031-03-03",
      "2031-03-04",
    ]);
  });

  it("counts each batch into its open day at once, closes the day into days, weeks and months, and deletes hits after 30 days", async () => {
    const service = server.service();
    const now = "2032-05-10T12:00:00Z";
    const record = (hits: object[], conversions: object[] = []) =>
      service.rpc("analytics_record", {
        p_site: "example.com",
        p_hits: hits,
        p_conversions: conversions,
        p_now: now,
      });
    expect(
      (
        await record([
          {
            ...visitor("198.51.100.1"),
            path: "/blueprints/a",
            referrer_host: "news.example",
            utm_campaign: "spring",
            device: "mobile",
            country: "DE",
          },
          // The same view twice within one batch: one row, counted twice.
          { ...visitor("198.51.100.2"), path: "/blueprints/a", views: 2 },
          { ...visitor("198.51.100.2", "Chrome"), path: "/careers" },
        ])
      ).error,
    ).toBeNull();
    // The first visitor moves on and sends a form; the second sends one too.
    // A later batch counts a visitor it has seen that day as no new visitor.
    await record(
      [{ ...visitor("198.51.100.1"), path: "/contact-us" }],
      [
        {
          ...visitor("198.51.100.1"),
          kind: "contact",
          form_path: "/contact-us",
        },
        { ...visitor("203.0.113.9"), kind: "contact", form_path: "/company" },
      ],
    );
    const expected = {
      "site:": [5, 3],
      "page:/blueprints/a": [3, 2],
      "page:/careers": [1, 1],
      "page:/contact-us": [1, 1],
      "landing:/blueprints/a": [3, 2],
      "landing:/careers": [1, 1],
      "referrer:news.example": [1, 1],
      "utm_campaign:spring": [1, 1],
      "device:mobile": [1, 1],
      "country:DE": [1, 1],
    };
    // Before any schedule: the open day already has it all.
    expect(
      byKey(
        await service
          .from("analytics_live")
          .select("dimension, value, views, visitors")
          .eq("day", "2032-05-10"),
      ),
    ).toEqual(expected);
    expect(await totals("2032-05-10", "2032-05-10")).toEqual({
      ...withoutSite(expected),
      "day:2032-05-10": [5, 3],
      "post:/blueprints/a": [3, 2],
      "conversion_contact:/blueprints/a": [1, 0],
      "conversion_contact:/company": [1, 0],
    });
    const { data: conversions } = await service
      .from("analytics_conversions")
      .select("kind, landing_path, referrer_host")
      .gte("at", "2032-05-10")
      .order("landing_path");
    expect(conversions).toEqual([
      {
        kind: "contact",
        landing_path: "/blueprints/a",
        referrer_host: "news.example",
      },
      { kind: "contact", landing_path: "/company", referrer_host: null },
    ]);
    // No address or User-Agent is kept, only the hash.
    const { data: hits } = await service
      .from("analytics_hits")
      .select("*")
      .eq("at", now);
    for (const hit of hits as Record<string, unknown>[]) {
      expect(JSON.stringify(hit)).not.toMatch(/198\.51|Firefox|Chrome/);
      expect(hit.visitor).toMatch(/^[0-9a-f]{64}$/);
    }

    // Ten minutes into the next day the day is still open; past them, closed.
    await service.rpc("analytics_rotate", { p_now: "2032-05-11T00:09:00Z" });
    const { count: open } = await service
      .from("analytics_live")
      .select("*", { count: "exact", head: true })
      .eq("day", "2032-05-10");
    expect(open).toBe(10);
    await service.rpc("analytics_rotate", { p_now: "2032-06-10T12:00:00Z" });
    const { count } = await service
      .from("analytics_hits")
      .select("*", { count: "exact", head: true })
      .lte("at", now);
    expect(count).toBe(0);
    for (const [period, start] of [
      ["day", "2032-05-10"],
      ["week", "2032-05-10"],
      ["month", "2032-05-01"],
    ] as const) {
      expect(
        byKey(
          await service
            .from("analytics_rollups")
            .select("dimension, value, views, visitors")
            .eq("period", period)
            .eq("start", start),
        ),
        period,
      ).toEqual(expected);
    }
    const { count: stillOpen } = await service
      .from("analytics_live")
      .select("*", { count: "exact", head: true })
      .eq("day", "2032-05-10");
    expect(stillOpen).toBe(0);
    // Read as a month, as a week and days, and as days: the same figures.
    for (const [from, to] of [
      ["2032-05-01", "2032-05-31"],
      ["2032-05-08", "2032-05-20"],
      ["2032-05-10", "2032-05-10"],
    ] as const) {
      const read = await totals(from, to);
      expect(read["page:/blueprints/a"], `${from}..${to}`).toEqual([3, 2]);
      expect(read["day:2032-05-10"], `${from}..${to}`).toEqual([5, 3]);
    }
  });

  it("keeps a closed day's top 100 values of a dimension and sums the rest into one row", async () => {
    const service = server.service();
    // Page i has i views, from one visitor of its own.
    const hits = Array.from({ length: 150 }, (_, page) => ({
      ...visitor(`10.0.${page}.1`),
      path: `/page-${page + 1}`,
      views: page + 1,
    }));
    expect(
      (
        await service.rpc("analytics_record", {
          p_site: "example.com",
          p_hits: hits,
          p_now: "2034-02-03T10:00:00Z",
        })
      ).error,
    ).toBeNull();
    await service.rpc("analytics_rotate", { p_now: "2034-02-05T00:00:00Z" });
    const { data } = await service
      .from("analytics_rollups")
      .select("value, views, visitors")
      .eq("period", "day")
      .eq("start", "2034-02-03")
      .eq("dimension", "page");
    const rows = data as { value: string; views: number }[];
    expect(rows).toHaveLength(101);
    // Pages 51 to 150 keep their rows; 1 to 50 are the '' row.
    expect(rows.find((row) => row.value === "")?.views).toBe((50 * 51) / 2);
    expect(rows.some((row) => row.value === "/page-50")).toBe(false);
    expect(rows.some((row) => row.value === "/page-51")).toBe(true);
    const read = await totals("2034-02-01", "2034-02-28");
    expect(read["day:2034-02-03"]).toEqual([(150 * 151) / 2, 150]);
    expect(read["page:/page-150"]).toEqual([150, 1]);
    expect(
      Object.keys(read).filter((key) => key.startsWith("page:")),
    ).toHaveLength(20);
    expect(read["page:"]).toBeUndefined();
  });

  it("counts an author's post views at once, for that author only", async () => {
    const service = server.service();
    const { data, error } = await service
      .from("blog_posts")
      .insert({
        title: "Counted post",
        content: "<p>Counted.</p>",
        author_id: DEMO.author.id,
      })
      .select("id")
      .single();
    if (error) throw error;
    const id = (data as { id: string }).id;
    // The same visitor twice in two batches, another once.
    for (const address of ["192.0.2.30", "192.0.2.30", "192.0.2.31"]) {
      expect(
        (
          await service.rpc("analytics_record", {
            p_site: "example.com",
            p_hits: [{ ...visitor(address), path: `/blueprints/${id}` }],
          })
        ).error,
      ).toBeNull();
    }
    const author = await server.signedIn("author");
    const own = await author.rpc("analytics_own_post_views", { p_days: 7 });
    expect(own.error).toBeNull();
    expect(own.data).toContainEqual({ post_id: id, views: 3, visitors: 2 });
    const reader = await server.signedIn("reader");
    const { data: rows } = await reader
      .from("analytics_post_days")
      .select("views")
      .eq("post_id", id);
    expect(rows).toEqual([]);
  });

  it("counts one visitor again under the next day's salt, not as the same hash", async () => {
    const service = server.service();
    for (const now of ["2033-01-01T23:00:00Z", "2033-01-02T01:00:00Z"]) {
      await service.rpc("analytics_record", {
        p_site: "example.com",
        p_hits: [{ ...visitor("192.0.2.77"), path: "/agents/x" }],
        p_now: now,
      });
    }
    const { data } = await service
      .from("analytics_hits")
      .select("visitor")
      .eq("path", "/agents/x");
    const hashes = (data as { visitor: string }[]).map((row) => row.visitor);
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).not.toBe(hashes[1]);
  });
});
