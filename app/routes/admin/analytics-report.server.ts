import type { AnalyticsRange } from "./analytics-range.ts";
import { eachDay } from "./analytics-range.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";

// What the dashboard shows for a period, read with the team member's own
// token (row-level security lets only team members read the aggregates) in
// one call (analytics_totals): each day's totals, today's as of the last
// batch the server flushed, and each dimension's most visited values over the
// period, the top pages that are posts and conversions per landing page among
// them (decision 190).

/** How many values each table lists. */
export const TOP_LIMIT = 20;

export type Count = { value: string; views: number; visitors: number };
export type DayCount = { day: string; views: number; visitors: number };
export type LandingConversions = {
  path: string;
  landed: number;
  contact: number;
  application: number;
  newsletter: number;
  /** Conversions per visitor who landed there; null when none landed. */
  rate: number | null;
};

export type AnalyticsReport = {
  days: DayCount[];
  totals: { visitors: number; views: number; conversions: number };
  pages: Count[];
  posts: (Count & { title: string | null })[];
  referrers: Count[];
  sources: Count[];
  mediums: Count[];
  campaigns: Count[];
  countries: Count[];
  devices: Count[];
  conversions: LandingConversions[];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadReport(
  supabase: TypedSupabaseClient,
  range: AnalyticsRange,
): Promise<AnalyticsReport | null> {
  const summed = await supabase.rpc("analytics_totals", {
    p_from: range.from,
    p_to: range.to,
    p_limit: TOP_LIMIT,
  });
  if (summed.error) {
    console.error(`analytics report failed: ${summed.error.message}`);
    return null;
  }
  // The generated type of a function returning a table is loose.
  const rows = summed.data as {
    dimension: string;
    value: string;
    views: number | string;
    visitors: number | string;
  }[];
  const dimension = (name: string): Count[] =>
    rows
      .filter((row) => row.dimension === name)
      .map((row) => ({
        value: row.value,
        views: Number(row.views),
        visitors: Number(row.visitors),
      }));

  const byDay = new Map(dimension("day").map((row) => [row.value, row]));
  const days = eachDay(range.from, range.to).map((day) => ({
    day,
    views: byDay.get(day)?.views ?? 0,
    visitors: byDay.get(day)?.visitors ?? 0,
  }));

  const posts = dimension("post");
  const ids = posts
    .map((post) => post.value.split("/")[2] ?? "")
    .filter((id) => UUID.test(id));
  const titles = new Map<string, string>();
  if (ids.length > 0) {
    const { data, error } = await supabase
      .from("blog_posts")
      .select("id, title")
      .in("id", ids);
    if (error) console.error(`analytics post titles failed: ${error.message}`);
    for (const post of data ?? []) titles.set(post.id, post.title);
  }

  const landed = new Map(
    dimension("landing").map((row) => [row.value, row.visitors]),
  );
  const conversionPaths = new Map<string, LandingConversions>();
  for (const kind of ["contact", "application", "newsletter"] as const) {
    for (const row of dimension(`conversion_${kind}`)) {
      const entry = conversionPaths.get(row.value) ?? {
        path: row.value,
        landed: landed.get(row.value) ?? 0,
        contact: 0,
        application: 0,
        newsletter: 0,
        rate: null,
      };
      entry[kind] += row.views;
      conversionPaths.set(row.value, entry);
    }
  }
  const conversions = [...conversionPaths.values()]
    .map((entry) => {
      const total = entry.contact + entry.application + entry.newsletter;
      return {
        ...entry,
        rate: entry.landed > 0 ? total / entry.landed : null,
      };
    })
    .sort(
      (a, b) =>
        b.contact +
        b.application +
        b.newsletter -
        (a.contact + a.application + a.newsletter),
    );

  return {
    days,
    totals: {
      visitors: days.reduce((sum, day) => sum + day.visitors, 0),
      views: days.reduce((sum, day) => sum + day.views, 0),
      conversions: conversions.reduce(
        (sum, row) => sum + row.contact + row.application + row.newsletter,
        0,
      ),
    },
    pages: dimension("page"),
    posts: posts.map((post) => ({
      ...post,
      title: titles.get(post.value.split("/")[2] ?? "") ?? null,
    })),
    referrers: dimension("referrer"),
    sources: dimension("utm_source"),
    mediums: dimension("utm_medium"),
    campaigns: dimension("utm_campaign"),
    countries: dimension("country"),
    devices: dimension("device"),
    conversions,
  };
}
