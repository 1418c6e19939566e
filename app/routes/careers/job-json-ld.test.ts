import { describe, expect, test } from "vitest";
import { jobPostingJsonLd } from "./job-json-ld.ts";
import type { Job } from "./job-posting.ts";
import { googleProblems } from "#tests/support/google-job-posting.ts";

const SITE = "https://site.test";

function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 7,
    title: "Data Engineer",
    description: "Build pipelines.",
    location: "Berlin (hybrid)",
    duration: "Permanent",
    employment_type: "Full-time",
    about: "You will build pipelines with our agents.",
    responsibilities: ["Build <fast> pipelines."],
    qualifications: ["SQL."],
    benefits: ["Equity."],
    location_type: "hybrid",
    office_locality: "Berlin",
    office_country: "DE",
    remote_countries: [],
    pay_min: 70000,
    pay_max: 90000,
    pay_currency: "EUR",
    pay_unit: "YEAR",
    published: true,
    posted_at: "2026-11-20T09:00:00+00:00",
    closes_at: "2026-12-31T23:59:00+00:00",
    created_at: "2026-11-20T09:00:00+00:00",
    updated_at: "2026-11-20T09:00:00+00:00",
    ...overrides,
  };
}

describe("a job page's JobPosting", () => {
  test("a hybrid job is eligible, with its office, pay and every recommended property", () => {
    const ld = jobPostingJsonLd(job(), SITE);
    expect(googleProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      title: "Data Engineer",
      datePosted: "2026-11-20T09:00:00+00:00",
      validThrough: "2026-12-31T23:59:00+00:00",
      employmentType: "FULL_TIME",
      directApply: true,
      identifier: { value: "7" },
      jobLocation: {
        address: { addressLocality: "Berlin", addressCountry: "DE" },
      },
      baseSalary: {
        currency: "EUR",
        value: { minValue: 70000, maxValue: 90000, unitText: "YEAR" },
      },
    });
    expect(ld).not.toHaveProperty("jobLocationType");
    expect(ld).not.toHaveProperty("applicantLocationRequirements");
    // The description is the page's text as HTML, escaped.
    expect(ld.description).toContain("<li>Build &lt;fast&gt; pipelines.</li>");
  });

  test("a fully remote job is TELECOMMUTE with the countries it may be done from", () => {
    const ld = jobPostingJsonLd(
      job({
        location_type: "remote",
        office_locality: null,
        office_country: null,
        remote_countries: ["GB", "US"],
        closes_at: null,
      }),
      SITE,
    );
    expect(googleProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: [
        { "@type": "Country", name: "United Kingdom" },
        { "@type": "Country", name: "United States" },
      ],
    });
    expect(ld).not.toHaveProperty("jobLocation");
    expect(ld).not.toHaveProperty("validThrough");
  });

  test("an on-site job has a jobLocation and no remote properties", () => {
    const ld = jobPostingJsonLd(
      job({
        location_type: "on-site",
        pay_min: null,
        pay_max: null,
        pay_currency: null,
        pay_unit: null,
      }),
      SITE,
    );
    expect(googleProblems(ld)).toEqual([]);
    expect(ld).not.toHaveProperty("jobLocationType");
    expect(ld).not.toHaveProperty("baseSalary");
  });

  test.each([
    ["title", "title is required"],
    ["description", "description is required"],
    ["datePosted", "datePosted is required, in ISO 8601"],
    ["hiringOrganization", "hiringOrganization with a name is required"],
    ["jobLocation", "jobLocation is required unless the job is fully remote"],
  ])("the rules fail a job missing %s", (property, problem) => {
    const ld: Record<string, unknown> = jobPostingJsonLd(job(), SITE);
    delete ld[property];
    expect(googleProblems(ld)).toEqual([problem]);
  });

  test("the rules fail a job whose office is not recorded, or a remote job without countries", () => {
    expect(
      googleProblems(
        jobPostingJsonLd(
          job({ office_locality: null, office_country: null }),
          SITE,
        ),
      ),
    ).toEqual(["jobLocation is required unless the job is fully remote"]);
    expect(
      googleProblems(
        jobPostingJsonLd(
          job({
            location_type: "remote",
            office_country: null,
            remote_countries: [],
          }),
          SITE,
        ),
      ),
    ).toEqual([
      "a TELECOMMUTE job needs at least one applicantLocationRequirements",
    ]);
  });

  test("the rules fail what Google does not accept", () => {
    const ld = jobPostingJsonLd(job(), SITE);
    expect(googleProblems({ ...ld, hiringOrganization: {} })).toContain(
      "hiringOrganization with a name is required",
    );
    expect(googleProblems({ ...ld, jobLocationType: "REMOTE" })).toContain(
      "jobLocationType's only value is TELECOMMUTE",
    );
    expect(
      googleProblems({
        ...ld,
        applicantLocationRequirements: [{ "@type": "Country", name: "DE" }],
      }),
    ).toContain(
      "applicantLocationRequirements belong to a TELECOMMUTE job only",
    );
    expect(
      googleProblems({ ...ld, validThrough: "2026-11-01T00:00:00Z" }),
    ).toContain("validThrough must come after datePosted");
    expect(
      googleProblems({
        ...ld,
        baseSalary: { "@type": "MonetaryAmount", currency: "EUR", value: 5 },
      }),
    ).toHaveLength(1);
  });
});
