import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import type { Page } from "@playwright/test";
import { signIn } from "../support/auth-helpers.ts";
import { SUPABASE_ANON_KEY, SUPABASE_URL } from "../support/e2e-env.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";
import {
  service,
  uniqueEmail,
  waitForHydration,
} from "../support/form-helpers.ts";
import { googleProblems } from "../support/google-job-posting.ts";

// Jobs the team runs: opened in the admin, on /careers with valid
// structured data and in the sitemap, closed on time by the database's
// clock, refusing applications once closed.

const expect = baseExpect.configure({ timeout: 20_000 });

const anon = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
  auth: { persistSession: false },
});

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");

/** A datetime-local value `seconds` from now, in UTC. */
function utcInSeconds(seconds: number) {
  return new Date(Date.now() + seconds * 1000).toISOString().slice(0, 19);
}

/** Opens a job through /admin/jobs/new and returns its id. */
async function openJobInAdmin(
  page: Page,
  project: string,
  { title, closesAt = "" }: { title: string; closesAt?: string },
) {
  await page.goto("/admin/jobs/new");
  const save = page.getByRole("button", { name: "Save job" });
  if (project === "js") await waitForHydration(save);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page
    .getByLabel("Summary (the card on /careers)")
    .fill("Build the data platform our agents run on.");
  await page.getByLabel("Employment type").selectOption("Full-time");
  await page.getByLabel("Duration").fill("Permanent");
  await page.getByLabel("Location as shown").fill("Berlin (hybrid)");
  await page
    .getByLabel("About the role")
    .fill("You will build the pipelines our agents learn from.");
  await page
    .getByLabel("Responsibilities (one per line)")
    .fill("Build pipelines.\nReview code.");
  await page.getByLabel("Qualifications (one per line)").fill("SQL.");
  await page.getByLabel("What we offer (one per line)").fill("Equity.");
  await page.getByLabel("Where the work is done").selectOption("hybrid");
  await page.getByLabel("Office city").fill("Berlin");
  await page.getByLabel("Office country (two-letter code)").fill("DE");
  await page.getByLabel("Closes (UTC, optional)").fill(closesAt);
  // A job in the EU must show its pay range: refused without one.
  await save.click();
  await expect(
    page.getByText("A job open to the EU or the UK must show its pay range"),
  ).toBeVisible();
  await expect(
    page.getByRole("textbox", { name: "Title", exact: true }),
  ).toHaveValue(title);
  await page.getByLabel("Pay from").fill("70000");
  await page.getByLabel("Pay up to").fill("90000");
  await page.getByLabel("Currency").fill("EUR");
  await page
    .getByRole("combobox", { name: "Per", exact: true })
    .selectOption("YEAR");
  await page.getByRole("button", { name: "Save job" }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  const link = page.getByRole("link", { name: title, exact: true });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute("href")) ?? "";
  return href.split("/").pop() ?? "";
}

/** The JobPosting objects a page's JSON-LD holds. */
async function jobPostings(page: Page) {
  const scripts = await page
    .locator('script[type="application/ld+json"]')
    .allTextContents();
  return scripts
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .filter((item) => item["@type"] === "JobPosting");
}

async function isOpenInDatabase(id: string) {
  const { data, error } = await anon
    .from("open_jobs")
    .select("id")
    .eq("id", Number(id));
  if (error) throw error;
  return data.length > 0;
}

test.describe("jobs the team runs", () => {
  test("a job opened in the admin is on /careers, its page carries valid JSON-LD, and the sitemap lists it", async ({
    page,
    request,
  }, { project }) => {
    test.slow();
    const title = `Data Engineer ${randomUUID().slice(0, 6)}`;
    await signIn(page, "admin", "/admin/jobs");
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    const id = await openJobInAdmin(page, project.name, { title });

    const list = await request.get("/careers");
    const listHtml = await list.text();
    expect(listHtml).toContain(title);
    expect(listHtml).toContain(`href="/careers/${id}"`);
    expect(listHtml).toContain("€70,000 – €90,000 per year");
    expect(listHtml).not.toContain('"JobPosting"');

    await page.goto(`/careers/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("€70,000 – €90,000 per year")).toBeVisible();
    const [posting, ...more] = await jobPostings(page);
    expect(more).toEqual([]);
    expect(posting).toBeDefined();
    expect(googleProblems(posting ?? {})).toEqual([]);
    expect(posting).toMatchObject({
      title,
      identifier: { value: id },
      jobLocation: { address: { addressCountry: "DE" } },
      baseSalary: { currency: "EUR", value: { unitText: "YEAR" } },
    });

    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/careers/${id}</loc>`);

    // The preview shows the draft's page to the team.
    await page.goto(`/admin/jobs/${id}/preview`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("a closing time a few seconds ahead closes the job by the database's clock; an application after it is refused and nothing stored", async ({
    page,
    request,
  }, { project }) => {
    test.slow();
    const title = `Closing Role ${randomUUID().slice(0, 6)}`;
    await signIn(page, "admin", "/admin/jobs");
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    const id = await openJobInAdmin(page, project.name, {
      title,
      closesAt: utcInSeconds(12),
    });
    expect(await isOpenInDatabase(id)).toBe(true);
    // No cache may keep the page past its closing time.
    const open = await request.get(`/careers/${id}`);
    const header = open.headers()["cache-control"] ?? "";
    const seconds = (name: string) =>
      Number(new RegExp(`${name}=(\\d+)`).exec(header)?.[1]);
    expect(
      seconds("s-maxage") + seconds("stale-while-revalidate"),
    ).toBeLessThanOrEqual(15);

    // The form is opened while the job is open…
    const visitor = page;
    await visitor.goto(`/careers/${id}`);
    const apply = visitor.getByRole("link", { name: "Apply Now" }).first();
    if (project.name === "js") await waitForHydration(apply);
    await apply.click();
    const form =
      project.name === "js"
        ? visitor.getByRole("dialog").locator("form")
        : visitor.locator("#apply form");
    const email = uniqueEmail("closed", project.name);
    const cvName = `closed-${randomUUID().slice(0, 8)}.pdf`;
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Ada");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await form.locator('input[type="file"]').setInputFiles({
      name: cvName,
      mimeType: "application/pdf",
      buffer: PDF,
    });

    // …nothing runs at the closing time: the database's predicate turns.
    await expect
      .poll(() => isOpenInDatabase(id), { timeout: 30_000, intervals: [500] })
      .toBe(false);

    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(
      visitor.getByText("This position closed before your application arrived"),
    ).toBeVisible();
    const { data: rows } = await service
      .from("job_applications")
      .select("id")
      .eq("email", email);
    expect(rows).toEqual([]);
    const { data: objects } = await service.storage
      .from("cv-uploads")
      .list("", { search: cvName.replace(/\.pdf$/, "") });
    expect(objects ?? []).toEqual([]);

    const list = await (await request.get("/careers")).text();
    expect(list).not.toContain(title);
    expect(list).toContain("Founding Engineer");
    const closed = await request.get(`/careers/${id}`);
    expect(closed.status()).toBe(410);
    await page.goto(`/careers/${id}`);
    await expect(
      page.getByRole("heading", { name: "This position is closed" }),
    ).toBeVisible();
    expect(await jobPostings(page)).toEqual([]);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain(`/careers/${id}</loc>`);
    expect(sitemap).toContain("/careers/1</loc>");

    // Reopened from the list, it is back.
    await page.goto("/admin/jobs");
    const row = page.getByTestId("job-row").filter({ hasText: title });
    await expect(row.getByText("Closed")).toBeVisible();
    await row.getByRole("button", { name: "Open" }).click();
    await expect(row.getByRole("button", { name: "Close now" })).toBeVisible();
    expect(await isOpenInDatabase(id)).toBe(true);
  });

  test("the seeded jobs read as before and refuse a gendered title in the admin", async ({
    page,
  }, { project }) => {
    await signIn(page, "admin", "/admin/jobs/2");
    await expect(page).toHaveURL(/\/admin\/jobs\/2$/);
    const title = page.getByRole("textbox", { name: "Title", exact: true });
    await expect(title).toHaveValue("Founding Engineer");
    await expect(
      page.getByLabel("Remote from (two-letter codes, or EU)"),
    ).toHaveValue("EU, GB, US");
    const save = page.getByRole("button", { name: "Save job" });
    if (project.name === "js") await waitForHydration(save);
    await title.fill("Founding Salesman");
    await save.click();
    await expect(
      page.getByText('"salesman" (try "salesperson")'),
    ).toBeVisible();
    const { data } = await service
      .from("jobs")
      .select("title")
      .eq("id", 2)
      .single();
    expect(data?.title).toBe("Founding Engineer");
  });
});
