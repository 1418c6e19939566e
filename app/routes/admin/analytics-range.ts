import { z } from "zod";
import {
  ANALYTICS_COPY,
  ANALYTICS_RANGES,
  DEFAULT_RANGE,
  MAX_RANGE_DAYS,
} from "#app/content/analytics.ts";

// The dashboard's period, from its GET form's query: the same schema on the
// server (the loader) and in the browser (the form's own checks).

const DAY_MS = 86_400_000;

export const RangeSchema = z.object({
  range: z.enum(ANALYTICS_RANGES).catch(DEFAULT_RANGE),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
});

export type RangeName = (typeof ANALYTICS_RANGES)[number];

export type AnalyticsRange = {
  range: RangeName;
  /** First and last day shown, YYYY-MM-DD (UTC), both included. */
  from: string;
  to: string;
  days: number;
  /** Why a custom range was not taken; the last 30 days are shown instead. */
  errors: string[];
  /** What the visitor typed, kept in the form when refused. */
  typed: { from: string; to: string };
};

function shift(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string) {
  return Array.from({ length: daysBetween(from, to) }, (_, index) =>
    shift(from, index),
  );
}

export function parseRange(
  params: URLSearchParams,
  today: string,
): AnalyticsRange {
  const parsed = RangeSchema.parse(Object.fromEntries(params));
  const typed = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const last = (range: RangeName, days: number, errors: string[] = []) => ({
    range,
    from: shift(today, 1 - days),
    to: today,
    days,
    errors,
    typed,
  });
  if (parsed.range !== "custom") {
    return last(parsed.range, Number(parsed.range));
  }
  const errors: string[] = [];
  if (!parsed.from) errors.push(ANALYTICS_COPY.errors.from);
  if (!parsed.to) errors.push(ANALYTICS_COPY.errors.to);
  if (parsed.from && parsed.to) {
    if (parsed.from > parsed.to) errors.push(ANALYTICS_COPY.errors.order);
    else if (daysBetween(parsed.from, parsed.to) > MAX_RANGE_DAYS)
      errors.push(ANALYTICS_COPY.errors.tooLong);
    if (parsed.to > today) errors.push(ANALYTICS_COPY.errors.future);
  }
  if (errors.length > 0 || !parsed.from || !parsed.to) {
    return last("custom", Number(DEFAULT_RANGE), errors);
  }
  return {
    range: "custom",
    from: parsed.from,
    to: parsed.to,
    days: daysBetween(parsed.from, parsed.to),
    errors,
    typed,
  };
}
