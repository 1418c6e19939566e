import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { JOB_FORM_MESSAGES } from "#app/content/admin-jobs.ts";
import { EU_COUNTRIES } from "#app/routes/careers/job-posting.ts";
import { JobApplicationSchema } from "#app/routes/careers/job-application-schema.ts";
import {
  countriesText,
  genderedWords,
  JobSchema,
  jobRow,
} from "./job-schema.ts";

function form(values: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) body.set(key, value);
  return parseWithZod(body, { schema: JobSchema });
}

/** The field errors a refused form gets; undefined when it is accepted. */
function errors(values: Record<string, string>) {
  const result = form(values);
  return result.status === "success" ? undefined : result.error;
}

const BERLIN = {
  title: "Data Engineer",
  description: "Build pipelines.",
  location: "Berlin (hybrid)",
  duration: "Permanent",
  employment_type: "Full-time",
  about: "About the role.",
  responsibilities: "Build pipelines.\r\n\r\n  Review code.  \n",
  location_type: "hybrid",
  office_locality: "Berlin",
  office_country: "de",
  pay_min: "70000",
  pay_max: "90000",
  pay_currency: "eur",
  pay_unit: "YEAR",
  closes_at: "2026-12-31T23:59:30",
  published: "on",
};

describe("the job form", () => {
  test("reads one list item per line, codes in capitals and times as UTC", () => {
    const result = form(BERLIN);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    const row = jobRow(result.value);
    expect(row).toMatchObject({
      responsibilities: ["Build pipelines.", "Review code."],
      qualifications: [],
      office_country: "DE",
      pay_currency: "EUR",
      pay_min: 70000,
      published: true,
      closes_at: "2026-12-31T23:59:30.000Z",
      remote_countries: [],
    });
  });

  test("refuses a job in the EU or the UK without its pay range", () => {
    const { pay_min, pay_max, pay_currency, pay_unit, ...unpaid } = BERLIN;
    expect([pay_min, pay_max, pay_currency, pay_unit]).toHaveLength(4);
    expect(errors(unpaid)?.pay_min).toEqual([JOB_FORM_MESSAGES.payRequired]);
    const remoteFromUk = {
      ...unpaid,
      location_type: "remote",
      office_locality: "",
      office_country: "",
      remote_countries: "gb",
    };
    expect(errors(remoteFromUk)?.pay_min).toEqual([
      JOB_FORM_MESSAGES.payRequired,
    ]);
    // Outside the EU and the UK the range is the team's choice.
    expect(form({ ...remoteFromUk, remote_countries: "US, CA" }).status).toBe(
      "success",
    );
  });

  test("refuses half a pay range and a maximum below the minimum", () => {
    expect(errors({ ...BERLIN, pay_unit: "" })?.pay_min).toEqual([
      JOB_FORM_MESSAGES.payAll,
    ]);
    expect(errors({ ...BERLIN, pay_max: "100" })?.pay_max).toEqual([
      JOB_FORM_MESSAGES.payOrder,
    ]);
  });

  test("refuses a gendered title and says which word and what to use", () => {
    expect(genderedWords("Senior Salesman / Chairman")).toEqual([
      "salesman",
      "chairman",
    ]);
    expect(genderedWords("Research Scientist Intern (PhD)")).toEqual([]);
    expect(genderedWords("Founding Engineer")).toEqual([]);
    const error = errors({ ...BERLIN, title: "Lead Salesman" })?.title;
    expect(error?.[0]).toContain('"salesman" (try "salesperson")');
  });

  test("needs an office on site, and countries for a remote job", () => {
    expect(errors({ ...BERLIN, office_locality: "" })?.office_locality).toEqual(
      [JOB_FORM_MESSAGES.officeRequired],
    );
    expect(
      errors({ ...BERLIN, location_type: "remote" })?.remote_countries,
    ).toEqual([JOB_FORM_MESSAGES.remoteCountries]);
  });

  test("EU stands for the member states, both ways", () => {
    const result = form({
      ...BERLIN,
      location_type: "remote",
      remote_countries: "eu, gb us",
    });
    if (result.status !== "success") throw new Error("refused");
    expect(result.value.remote_countries).toEqual([
      ...EU_COUNTRIES,
      "GB",
      "US",
    ]);
    expect(countriesText(result.value.remote_countries)).toBe("EU, GB, US");
  });
});

describe("the application form", () => {
  test("asks nothing about pay history", () => {
    expect(Object.keys(JobApplicationSchema.shape)).toEqual([
      "name",
      "email",
      "comment",
      "cv",
    ]);
  });
});
