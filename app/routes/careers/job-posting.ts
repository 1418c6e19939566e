import type { Tables } from "#app/utils/database.types.ts";

// A job as the jobs table holds it, and what the pages and structured data
// make of it. Shared by the careers pages, their meta and the admin's preview.

export type Job = Tables<"jobs">;

export const EMPLOYMENT_TYPES = [
  "Full-time",
  "Part-time",
  "Contract",
  "Temporary",
  "Internship",
] as const;

export const LOCATION_TYPES = ["on-site", "hybrid", "remote"] as const;

export const PAY_UNITS = ["HOUR", "DAY", "WEEK", "MONTH", "YEAR"] as const;

/** The European Union's member states, ISO 3166-1 alpha-2. */
export const EU_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
] as const;

/** Where pay transparency law asks for a pay range in the ad: the EU and the UK. */
const PAY_RANGE_COUNTRIES = new Set<string>([...EU_COUNTRIES, "GB"]);

type Where = Pick<Job, "location_type" | "office_country" | "remote_countries">;

/** Every country the job may be done from. */
export function jobCountries(job: Where) {
  const countries = new Set<string>();
  if (job.office_country) countries.add(job.office_country);
  if (job.location_type === "remote") {
    for (const country of job.remote_countries) countries.add(country);
  }
  return [...countries];
}

/** Whether the job may be done from the EU or the UK, where its ad must show pay. */
export function needsPayRange(job: Where) {
  return jobCountries(job).some((country) => PAY_RANGE_COUNTRIES.has(country));
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

export function countryName(code: string) {
  return regionNames.of(code) ?? code;
}

const UNIT_LABELS: Record<string, string> = {
  HOUR: "per hour",
  DAY: "per day",
  WEEK: "per week",
  MONTH: "per month",
  YEAR: "per year",
};

/** "€60,000 – €80,000 per year", or null for a job without a pay range. */
export function payRangeLabel(
  job: Pick<Job, "pay_min" | "pay_max" | "pay_currency" | "pay_unit">,
) {
  if (job.pay_min === null || job.pay_max === null || !job.pay_currency)
    return null;
  const money = new Intl.NumberFormat("en-GB", {
    style: "currency",
    currency: job.pay_currency,
    maximumFractionDigits: 0,
  });
  // A numeric column may come over the wire as a string.
  const [min, max] = [Number(job.pay_min), Number(job.pay_max)];
  const range =
    min === max
      ? money.format(min)
      : `${money.format(min)} – ${money.format(max)}`;
  return `${range} ${UNIT_LABELS[job.pay_unit ?? ""] ?? ""}`.trim();
}

/** What the list page and a job page's card show of a job. */
export type JobCard = Pick<
  Job,
  "id" | "title" | "description" | "location" | "duration" | "employment_type"
> & { pay: string | null };

export function jobCard(job: Job): JobCard {
  return {
    id: job.id,
    title: job.title,
    description: job.description,
    location: job.location,
    duration: job.duration,
    employment_type: job.employment_type,
    pay: payRangeLabel(job),
  };
}
