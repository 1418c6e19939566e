// The job form of /admin/jobs/{id}. The same schema runs in the browser
// (Conform) and in the action. Lists are one item per line, so they are
// edited without JavaScript; countries are ISO codes, "EU" standing for the
// member states.
import "#app/lib/zod-config.ts";
import { z } from "zod";
import {
  EMPLOYMENT_TYPES,
  EU_COUNTRIES,
  LOCATION_TYPES,
  needsPayRange,
  PAY_UNITS,
  type Job,
} from "#app/routes/careers/job-posting.ts";
import { JOB_FORM_MESSAGES as M } from "#app/content/admin-jobs.ts";

/** Words that make a job title speak to one gender, with a neutral word for each. */
export const GENDERED_TITLE_WORDS: Record<string, string> = {
  chairman: "chair",
  salesman: "salesperson",
  saleswoman: "salesperson",
  foreman: "supervisor",
  workman: "worker",
  craftsman: "craftsperson",
  draftsman: "drafter",
  spokesman: "spokesperson",
  businessman: "businessperson",
  cameraman: "camera operator",
  handyman: "maintenance technician",
  headmaster: "head teacher",
  fireman: "firefighter",
  policeman: "police officer",
  waitress: "server",
  hostess: "host",
  stewardess: "flight attendant",
  manpower: "staffing",
  guy: "person",
  guys: "people",
  ninja: "expert",
  he: "they",
  she: "they",
  his: "their",
  her: "their",
};

/** The gendered words in a title, as written. */
export function genderedWords(title: string) {
  return (title.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) =>
    Object.hasOwn(GENDERED_TITLE_WORDS, word),
  );
}

const MAX_ITEMS = 30;

const lines = z
  .string()
  .optional()
  .transform((text) =>
    (text ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.string().max(500, M.itemTooLong)).max(MAX_ITEMS, M.tooManyItems),
  );

const countries = z
  .string()
  .optional()
  .transform((text) => {
    const codes = (text ?? "")
      .toUpperCase()
      .split(/[\s,;]+/)
      .filter(Boolean)
      .flatMap((code) => (code === "EU" ? [...EU_COUNTRIES] : [code]));
    return [...new Set(codes)];
  })
  .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, M.countryCode)));

/** The form's text for countries: the member states folded back into "EU". */
export function countriesText(codes: string[]) {
  const all = EU_COUNTRIES.every((code) => codes.includes(code));
  const rest = all
    ? codes.filter(
        (code) => !(EU_COUNTRIES as readonly string[]).includes(code),
      )
    : codes;
  return [...(all ? ["EU"] : []), ...rest].join(", ");
}

/** `YYYY-MM-DDTHH:mm[:ss]` as a datetime-local input sends it, read as UTC. */
const utcTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, M.dateTime)
  .transform((text) => new Date(`${text}${text.length === 16 ? ":00" : ""}Z`))
  .refine((date) => !Number.isNaN(date.getTime()), M.dateTime)
  .transform((date) => date.toISOString());

/** A stored time as a datetime-local input shows it (UTC, to the second). */
export function utcInputValue(iso: string | null) {
  return iso ? new Date(iso).toISOString().slice(0, 19) : "";
}

const text = (max: number) =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .max(max, M.tooLong(max));

export const JobSchema = z
  .object({
    title: text(120),
    description: text(400),
    location: text(120),
    duration: text(80),
    employment_type: z.enum(EMPLOYMENT_TYPES, { error: M.required }),
    about: text(5000),
    responsibilities: lines,
    qualifications: lines,
    benefits: lines,
    location_type: z.enum(LOCATION_TYPES, { error: M.required }),
    office_locality: z.string().trim().max(120).optional(),
    office_country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, M.countryCode)
      .optional(),
    remote_countries: countries,
    pay_min: z.number({ error: M.payNumber }).positive(M.payNumber).optional(),
    pay_max: z.number({ error: M.payNumber }).positive(M.payNumber).optional(),
    pay_currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, M.currency)
      .optional(),
    pay_unit: z.enum(PAY_UNITS).optional(),
    posted_at: utcTime.optional(),
    closes_at: utcTime.optional(),
    published: z.boolean().optional(),
  })
  .superRefine((job, ctx) => {
    const gendered = genderedWords(job.title);
    if (gendered.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["title"],
        message: M.gendered(
          gendered.map((word) => [word, GENDERED_TITLE_WORDS[word] ?? ""]),
        ),
      });
    }
    if (job.location_type !== "remote") {
      if (!job.office_locality)
        ctx.addIssue({
          code: "custom",
          path: ["office_locality"],
          message: M.officeRequired,
        });
      if (!job.office_country)
        ctx.addIssue({
          code: "custom",
          path: ["office_country"],
          message: M.officeRequired,
        });
    } else if (job.remote_countries.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["remote_countries"],
        message: M.remoteCountries,
      });
    }
    const pay = [job.pay_min, job.pay_max, job.pay_currency, job.pay_unit];
    const given = pay.filter((value) => value !== undefined).length;
    if (given > 0 && given < pay.length) {
      ctx.addIssue({ code: "custom", path: ["pay_min"], message: M.payAll });
    } else if (
      job.pay_min !== undefined &&
      job.pay_max !== undefined &&
      job.pay_max < job.pay_min
    ) {
      ctx.addIssue({ code: "custom", path: ["pay_max"], message: M.payOrder });
    } else if (
      given === 0 &&
      needsPayRange({
        location_type: job.location_type,
        office_country: job.office_country ?? null,
        remote_countries: job.remote_countries,
      })
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["pay_min"],
        message: M.payRequired,
      });
    }
    if (job.closes_at && job.posted_at && job.closes_at <= job.posted_at) {
      ctx.addIssue({
        code: "custom",
        path: ["closes_at"],
        message: M.closesAfterPosted,
      });
    }
  });

export type JobInput = z.output<typeof JobSchema>;

/** The row the form's values make: absent optional fields are cleared. */
export function jobRow(input: JobInput) {
  const office = input.location_type !== "remote" || input.office_locality;
  return {
    title: input.title,
    description: input.description,
    location: input.location,
    duration: input.duration,
    employment_type: input.employment_type,
    about: input.about,
    responsibilities: input.responsibilities,
    qualifications: input.qualifications,
    benefits: input.benefits,
    location_type: input.location_type,
    office_locality: office ? (input.office_locality ?? null) : null,
    office_country: office ? (input.office_country ?? null) : null,
    remote_countries:
      input.location_type === "remote" ? input.remote_countries : [],
    pay_min: input.pay_min ?? null,
    pay_max: input.pay_max ?? null,
    pay_currency: input.pay_currency ?? null,
    pay_unit: input.pay_unit ?? null,
    published: input.published ?? false,
    closes_at: input.closes_at ?? null,
    ...(input.posted_at ? { posted_at: input.posted_at } : {}),
  } satisfies Partial<Job>;
}

/** What the form shows for a stored job. */
export function jobFormValues(job: Job) {
  return {
    title: job.title,
    description: job.description,
    location: job.location,
    duration: job.duration,
    employment_type: job.employment_type,
    about: job.about,
    responsibilities: job.responsibilities.join("\n"),
    qualifications: job.qualifications.join("\n"),
    benefits: job.benefits.join("\n"),
    location_type: job.location_type,
    office_locality: job.office_locality ?? "",
    office_country: job.office_country ?? "",
    remote_countries: countriesText(job.remote_countries),
    pay_min: job.pay_min === null ? "" : String(job.pay_min),
    pay_max: job.pay_max === null ? "" : String(job.pay_max),
    pay_currency: job.pay_currency ?? "",
    pay_unit: job.pay_unit ?? "",
    posted_at: utcInputValue(job.posted_at),
    closes_at: utcInputValue(job.closes_at),
    published: job.published ? "on" : "",
  };
}
