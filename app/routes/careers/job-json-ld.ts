import { BRAND_NAME } from "#app/content/site.ts";
import { absoluteUrl } from "#app/lib/meta.ts";
import { countryName, type Job } from "./job-posting.ts";

// Google for Jobs reads a job page's `JobPosting` structured data. Built from
// the same row the page shows; an open job's page only (the list and a
// closed job's page carry none, as Google asks of an expired posting).

const EMPLOYMENT_TYPE: Record<string, string> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
  Temporary: "TEMPORARY",
  Internship: "INTERN",
};

const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

const list = (title: string, items: string[]) =>
  items.length === 0
    ? ""
    : `<h2>${title}</h2><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;

/** The page's text as the HTML Google shows in its job listing. */
export function jobDescriptionHtml(job: Job) {
  return [
    `<p>${escapeHtml(job.description)}</p>`,
    `<h2>About the Role</h2><p>${escapeHtml(job.about)}</p>`,
    list("Responsibilities", job.responsibilities),
    list("Qualifications", job.qualifications),
    list("What We Offer", job.benefits),
  ].join("");
}

export function jobPostingJsonLd(job: Job, siteUrl: string) {
  const remote = job.location_type === "remote";
  const office =
    job.office_locality && job.office_country
      ? {
          "@type": "Place",
          address: {
            "@type": "PostalAddress",
            addressLocality: job.office_locality,
            addressCountry: job.office_country,
          },
        }
      : null;
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: jobDescriptionHtml(job),
    identifier: {
      "@type": "PropertyValue",
      name: BRAND_NAME,
      value: String(job.id),
    },
    datePosted: job.posted_at,
    ...(job.closes_at ? { validThrough: job.closes_at } : {}),
    employmentType: EMPLOYMENT_TYPE[job.employment_type] ?? "OTHER",
    hiringOrganization: {
      "@type": "Organization",
      name: BRAND_NAME,
      sameAs: siteUrl,
      logo: absoluteUrl(siteUrl, "/favicon.svg"),
    },
    // Fully remote: where the employee may live; an office the job also
    // offers is its jobLocation. On site or hybrid: the office alone.
    ...(office ? { jobLocation: office } : {}),
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: job.remote_countries.map((code) => ({
            "@type": "Country",
            name: countryName(code),
          })),
        }
      : {}),
    ...(job.pay_min !== null && job.pay_max !== null && job.pay_currency
      ? {
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: job.pay_currency,
            value: {
              "@type": "QuantitativeValue",
              minValue: Number(job.pay_min),
              maxValue: Number(job.pay_max),
              unitText: job.pay_unit,
            },
          },
        }
      : {}),
    directApply: true,
    url: absoluteUrl(siteUrl, `/careers/${job.id}`),
  };
}
