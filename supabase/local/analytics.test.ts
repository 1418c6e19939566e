import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-support.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

const HOUR = 3_600_000;
const at = (start: Date, hours: number) =>
  new Date(start.getTime() + hours * HOUR).toISOString();

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

  it("rolls hits up into days by page, landing page and source, and deletes hits after 30 days", async () => {
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
    const { error } = await service.rpc("analytics_rotate", { p_now: now });
    expect(error).toBeNull();
    const { data } = await service
      .from("analytics_daily")
      .select("dimension, value, views, visitors")
      .eq("day", "2032-05-10");
    const rows = Object.fromEntries(
      (
        data as {
          dimension: string;
          value: string;
          views: number;
          visitors: number;
        }[]
      ).map((row) => [
        `${row.dimension}:${row.value}`,
        [row.views, row.visitors],
      ]),
    );
    expect(rows).toEqual({
      "site:": [5, 3],
      "page:/blueprints/a": [3, 2],
      "page:/careers": [1, 1],
      "page:/contact-us": [1, 1],
      "post:/blueprints/a": [3, 2],
      "landing:/blueprints/a": [3, 2],
      "landing:/careers": [1, 1],
      "referrer:news.example": [1, 1],
      "utm_campaign:spring": [1, 1],
      "device:mobile": [1, 1],
      "country:DE": [1, 1],
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

    await service.rpc("analytics_rotate", { p_now: "2032-06-10T12:00:00Z" });
    const { count } = await service
      .from("analytics_hits")
      .select("*", { count: "exact", head: true })
      .lte("at", now);
    expect(count).toBe(0);
    // The aggregates stay.
    const { count: kept } = await service
      .from("analytics_daily")
      .select("*", { count: "exact", head: true })
      .eq("day", "2032-05-10");
    expect(kept).toBe(11);
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
