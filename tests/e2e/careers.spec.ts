import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import {
  startFailingSite,
  type FailingSite,
} from "../support/failing-backend.ts";
import {
  fillHoneypot,
  honeypotFields,
  service,
  submitServedForm,
  uniqueEmail,
  waitForHydration,
} from "../support/form-helpers.ts";
import type { ServedHtml } from "../support/served-html.ts";
import { mailHeaders, readMail, searchMail } from "../support/mailbox.ts";

// The browser tests are about the page with scripts (the dialog, client
// validation, the fetcher) and run in "js", except the application sent
// through the form in the page, which also runs without scripts. The rest of
// the no-JS path is checked over HTTP (@no-js-only): the form the server
// renders at ?apply=1 is posted as a browser sends it, CV included, and the
// answer's HTML read.

const PDF = Buffer.from(
  "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n",
);
// Enough of a Word document for its first bytes and entry names.
const DOCX = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from(
    "\u0014\u0000[Content_Types].xml<Types/>PK\u0003\u0004word/document.xml<w:document/>",
  ),
]);
const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(64),
]);
const MZ = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(64)]);
const SIX_MB_PDF = Buffer.concat([
  Buffer.from("%PDF-1.7\n"),
  Buffer.alloc(6 * 1024 * 1024),
]);

/** A renamed executable (twice) and a text file: none is a CV. */
const WRONG_FILES = [
  { name: "cv.pdf", buffer: ELF },
  {
    name: "cv.docx",
    buffer: MZ,
    mimeType:
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  {
    name: "cv.txt",
    buffer: Buffer.from("Plain text CV"),
    mimeType: "text/plain",
  },
];

async function applicationsFrom(email: string) {
  const { data, error } = await service
    .from("job_applications")
    .select("*")
    .eq("email", email);
  if (error) throw error;
  return data;
}

/** The application form: in a dialog with JavaScript, in the page (?apply=1) without. */
async function openApplication(
  page: Page,
  project: string,
  jobId = "1",
  base = "",
) {
  await page.goto(`${base}/careers/${jobId}`);
  const title =
    (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const control = page.getByRole("link", { name: "Apply Now" }).first();
  if (project === "js") await waitForHydration(control);
  await control.click();
  if (project === "js") {
    const dialog = page.getByRole("dialog", { name: `Apply for ${title}` });
    await expect(dialog).toBeVisible();
    return dialog.locator("form");
  }
  await expect(page).toHaveURL(
    new RegExp(`/careers/${jobId}\\?apply=1#apply$`),
  );
  // The page scrolls to the form, which lands below the sticky header (64 px).
  await expect
    .poll(() =>
      page.locator("#apply").evaluate((panel) => {
        const { top } = panel.getBoundingClientRect();
        return top >= 64 && top < 150;
      }),
    )
    .toBe(true);
  return page.locator("#apply form");
}

type Application = {
  name?: string;
  email?: string;
  comment?: string;
  file?: { name: string; buffer: Buffer; mimeType?: string };
};

async function fillApplication(form: Locator, values: Application) {
  if (values.name !== undefined)
    await form
      .getByRole("textbox", { name: "Name", exact: true })
      .fill(values.name);
  if (values.email !== undefined)
    await form
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(values.email);
  if (values.comment !== undefined)
    await form
      .getByRole("textbox", { name: "Comment (optional)" })
      .fill(values.comment);
  if (values.file) {
    await form.locator('input[type="file"]').setInputFiles({
      name: values.file.name,
      mimeType: values.file.mimeType ?? "application/pdf",
      buffer: values.file.buffer,
    });
  }
}

const submit = (form: Locator) =>
  form.getByRole("button", { name: "Submit Application" }).click();

async function expectKept(
  form: Locator,
  values: { name: string; email: string; comment?: string },
) {
  await expect(
    form.getByRole("textbox", { name: "Name", exact: true }),
  ).toHaveValue(values.name);
  await expect(
    form.getByRole("textbox", { name: "Email", exact: true }),
  ).toHaveValue(values.email);
  if (values.comment !== undefined) {
    await expect(
      form.getByRole("textbox", { name: "Comment (optional)" }),
    ).toHaveValue(values.comment);
  }
}

/** Posts the application form of /careers/{jobId}?apply=1 as a browser without scripts does. */
function applyWithoutScripts(
  request: APIRequestContext,
  pageUrl: string,
  values: Application,
  options?: { replaceHoneypot?: string },
) {
  return submitServedForm(
    request,
    pageUrl,
    "page-job-application",
    {
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.email === undefined ? {} : { email: values.email }),
      ...(values.comment === undefined ? {} : { comment: values.comment }),
      ...(values.file
        ? {
            cv: {
              name: values.file.name,
              mimeType: values.file.mimeType ?? "application/pdf",
              buffer: values.file.buffer,
            },
          }
        : {}),
    },
    options,
  );
}

function expectKeptIn(
  html: ServedHtml,
  values: { name: string; email: string; comment?: string },
) {
  expect(html.value("name", "page-job-application")).toBe(values.name);
  expect(html.value("email", "page-job-application")).toBe(values.email);
  if (values.comment !== undefined) {
    expect(html.value("comment", "page-job-application")).toBe(values.comment);
  }
}

test.describe("careers pages", () => {
  test(
    "lists both positions as cards linking to their pages",
    { tag: "@js-only" },
    async ({ page }) => {
      const response = await page.goto("/careers");
      expect(response?.status()).toBe(200);
      const research = page.getByRole("link", {
        name: /Research Scientist Intern \(PhD\)/,
      });
      const founding = page.getByRole("link", { name: /Founding Engineer/ });
      await expect(research).toHaveAttribute("href", "/careers/1");
      await expect(founding).toHaveAttribute("href", "/careers/2");
      await expect(research).toContainText("Internship");
      await expect(research).toContainText("3 months, extendable to 6");
      await expect(founding).toContainText("Full-time");
      await expect(founding).toContainText("Remote (EU, UK or US) or London");
      await founding.click();
      await expect(page).toHaveURL(/\/careers\/2$/);
      await expect(
        page.getByRole("heading", { level: 1, name: "Founding Engineer" }),
      ).toBeVisible();
    },
  );

  test(
    "a job page shows about, responsibilities, qualifications, benefits and Apply Now",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/careers/1");
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: "Research Scientist Intern (PhD)",
        }),
      ).toBeVisible();
      for (const heading of [
        "About the Role",
        "Responsibilities",
        "Qualifications",
        "What We Offer",
      ]) {
        await expect(
          page.getByRole("heading", { level: 2, name: heading }),
        ).toBeVisible();
      }
      await expect(
        page.getByText("Compute budget for your experiments."),
      ).toBeVisible();
      // At the top, at the end of the text, and beside it on a wide screen.
      const apply = page.getByRole("link", { name: "Apply Now" });
      await expect(apply).toHaveCount(3);
      for (const link of await apply.all()) {
        await expect(link).toHaveAttribute("href", "/careers/1?apply=1#apply");
      }
      await expect(
        page.getByRole("heading", {
          level: 2,
          name: "Interested in this role?",
        }),
      ).toBeVisible();
      await expect(
        page.getByRole("complementary", { name: "Apply for this role" }),
      ).toBeVisible();
    },
  );

  test(
    "an unknown job answers 404 with a way back",
    { tag: "@js-only" },
    async ({ page }) => {
      const response = await page.goto("/careers/does-not-exist");
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { name: "Job Not Found" }),
      ).toBeVisible();
      await expect(
        page.getByText("The job you're looking for doesn't exist."),
      ).toBeVisible();
      await page.getByRole("link", { name: "Back to Careers" }).click();
      await expect(page).toHaveURL(/\/careers$/);
    },
  );
});

test.describe("job application", () => {
  test(
    "shows every validation message for an empty form",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const form = await openApplication(page, testInfo.project.name);
      await submit(form);
      await expect(
        form.getByText("Name must be at least 2 characters"),
      ).toBeVisible();
      await expect(
        form.getByText("Please enter a valid email address"),
      ).toBeVisible();
      await expect(form.getByText("CV file is required")).toBeVisible();
    },
  );

  test(
    "asks for a CV when none is chosen and keeps the text",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const values = {
        name: "No File",
        email: uniqueEmail("nofile", testInfo.project.name),
        comment: "Forgot it",
      };
      const form = await openApplication(page, testInfo.project.name);
      await fillApplication(form, values);
      await submit(form);
      await expect(form.getByText("CV file is required")).toBeVisible();
      await expectKept(form, values);
      expect(await applicationsFrom(values.email)).toHaveLength(0);
    },
  );

  test(
    "refuses a file over 5MB",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      // Six megabytes through a browser (and, without JS, through the server) take a while on a busy machine.
      test.slow();
      const values = {
        name: "Big File",
        email: uniqueEmail("big", testInfo.project.name),
        comment: "Large CV",
      };
      const form = await openApplication(page, testInfo.project.name);
      await fillApplication(form, {
        ...values,
        file: { name: "big.pdf", buffer: SIX_MB_PDF },
      });
      await submit(form);
      await expect(
        form.getByText("File size must be less than 5MB"),
      ).toBeVisible();
      await expectKept(form, values);
      expect(await applicationsFrom(values.email)).toHaveLength(0);
    },
  );

  test(
    "refuses other file types and renamed executables",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const values = {
        name: "Mallory",
        email: uniqueEmail("exe", testInfo.project.name),
        comment: "",
      };
      const form = await openApplication(page, testInfo.project.name);
      for (const file of WRONG_FILES) {
        await fillApplication(form, { ...values, file });
        await submit(form);
        await expect(
          form.getByText("Only PDF, DOC, and DOCX files are accepted"),
        ).toBeVisible();
        await expectKept(form, values);
      }
      expect(await applicationsFrom(values.email)).toHaveLength(0);
    },
  );

  test("submits an application: row stored, CV in the bucket, a confirmation in place of the form", async ({
    page,
  }, testInfo) => {
    const values = {
      name: "Marie Curie",
      email: uniqueEmail("apply", testInfo.project.name),
      comment: "Happy to start in January.",
    };
    const form = await openApplication(page, testInfo.project.name);
    await fillApplication(form, {
      ...values,
      file: { name: "Marie Curie CV.pdf", buffer: PDF },
    });
    await submit(form);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Application submitted successfully!");
    await expect(toast).toContainText(
      "Thank you for your interest. We've received your application and will be in touch soon.",
    );
    await expect(
      page.getByText("Thank you, your application is with our hiring team"),
    ).toBeVisible();
    if (testInfo.project.name === "js") {
      await page
        .getByRole("dialog")
        .getByRole("button", { name: "Done" })
        .click();
      await expect(page.getByRole("dialog")).toBeHidden();
    } else {
      await expect(
        page.getByRole("link", { name: "See all open positions" }),
      ).toBeVisible();
    }

    const rows = await applicationsFrom(values.email);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      job_id: "1",
      job_title: "Research Scientist Intern (PhD)",
      name: "Marie Curie",
      comment: "Happy to start in January.",
      cv_file_name: "Marie Curie CV.pdf",
    });
    expect(row.cv_path).toMatch(/^\d{13}-Marie Curie CV\.pdf$/);
    const timestamp = Number(String(row.cv_path).split("-")[0]);
    expect(Math.abs(Date.now() - timestamp)).toBeLessThan(5 * 60_000);
    const { data: stored, error } = await service.storage
      .from("cv-uploads")
      .download(row.cv_path);
    expect(error).toBeNull();
    expect(Buffer.from(await stored!.arrayBuffer()).equals(PDF)).toBe(true);

    // The candidate's confirmation arrives, from the team, saying how long
    // the application is kept.
    await expect
      .poll(async () => (await searchMail(`to:${values.email}`)).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const [confirmation] = await searchMail(`to:${values.email}`);
    expect(confirmation?.Subject).toBe(
      "We received your application for Research Scientist Intern (PhD)",
    );
    expect((await readMail(confirmation!.ID)).Text).toContain(
      "we delete it and your CV 6 months after that decision",
    );
    expect((await mailHeaders(confirmation!.ID))["Reply-To"]).toEqual([
      "sales@recursa.ai",
    ]);
  });

  test(
    "the same application sent again is one; another person's from a second tab is another",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      const mine = {
        name: "Marie Curie",
        email: uniqueEmail("again", project),
        file: { name: "cv.pdf", buffer: PDF },
      };
      const theirs = {
        ...mine,
        name: "Pierre Curie",
        email: uniqueEmail("tab", project),
      };
      const other = await page.context().newPage();
      // Both tabs open the same stored page before either sends.
      const forms = [
        await openApplication(page, project),
        await openApplication(other, project),
      ];
      await fillApplication(forms[0]!, mine);
      await submit(forms[0]!);
      await expect(page.getByTestId("toast")).toContainText(
        "Application submitted successfully!",
      );
      // Sent again: from the page opened anew, as after the back button.
      const again = await openApplication(page, project);
      await fillApplication(again, mine);
      await submit(again);
      await expect(page.getByTestId("toast")).toContainText(
        "Application submitted successfully!",
      );
      await fillApplication(forms[1]!, theirs);
      await submit(forms[1]!);
      await expect(other.getByTestId("toast")).toContainText(
        "Application submitted successfully!",
      );
      expect(await applicationsFrom(mine.email)).toHaveLength(1);
      expect(await applicationsFrom(theirs.email)).toHaveLength(1);
    },
  );

  test(
    "accepts a DOCX for the founding engineer role without a comment",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const email = uniqueEmail("docx", testInfo.project.name);
      const form = await openApplication(page, testInfo.project.name, "2");
      await fillApplication(form, {
        name: "Alan Turing",
        email,
        file: {
          name: "../../etc/turing.docx",
          buffer: DOCX,
          mimeType:
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        },
      });
      await submit(form);
      await expect(page.getByTestId("toast")).toContainText(
        "Application submitted successfully!",
      );
      const [row] = await applicationsFrom(email);
      expect(row).toMatchObject({
        job_id: "2",
        job_title: "Founding Engineer",
        comment: null,
      });
      // Browsers send only the base name; the server strips directories anyway.
      expect(row?.cv_path).toMatch(/^\d{13}-turing\.docx$/);
    },
  );

  // the busy state is drawn by the client
  test(
    "says Submitting... and disables the button while busy",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      await page.route(
        (url) => url.pathname === "/careers/1.data",
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await route.continue();
        },
      );
      const form = await openApplication(page, testInfo.project.name);
      await fillApplication(form, {
        name: "Busy Bee",
        email: uniqueEmail("busy", testInfo.project.name),
        file: { name: "cv.pdf", buffer: PDF },
      });
      await submit(form);
      const busy = form.getByRole("button", { name: "Submitting..." });
      await expect(busy).toBeVisible();
      await expect(busy).toBeDisabled();
      await expect(page.getByTestId("toast")).toContainText(
        "Application submitted successfully!",
      );
    },
  );

  test(
    "refuses a filled honeypot",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const values = {
        name: "Spam Bot",
        email: uniqueEmail("bot", testInfo.project.name),
        comment: "Hire me",
      };
      const form = await openApplication(page, testInfo.project.name);
      await fillApplication(form, {
        ...values,
        file: { name: "cv.pdf", buffer: PDF },
      });
      await fillHoneypot(form);
      await submit(form);
      await expect(form.getByRole("alert")).toContainText(
        "Your submission could not be accepted",
      );
      await expectKept(form, values);
      expect(await applicationsFrom(values.email)).toHaveLength(0);
    },
  );

  test(
    "a 50 MB upload is refused with the size message and the text kept",
    { tag: "@js-only" },
    async ({ request }) => {
      test.slow();
      const fields = honeypotFields(
        await (await request.get("/careers/1?apply=1")).text(),
      );
      const email = `huge-${Date.now()}@example.com`;
      const response = await request.post("/careers/1?apply=1", {
        multipart: {
          ...fields,
          name: "Huge Upload",
          email,
          comment: "Fifty megabytes",
          cv: {
            name: "huge.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.alloc(50 * 1024 * 1024),
          },
        },
        timeout: 60_000,
      });
      expect(response.status()).toBe(413);
      const html = await response.text();
      expect(html).toContain("File size must be less than 5MB");
      expect(html).toContain('value="Huge Upload"');
      expect(await applicationsFrom(email)).toHaveLength(0);
      expect((await request.get("/healthz")).ok()).toBe(true);
    },
  );

  test(
    "more than one file is refused",
    { tag: "@js-only" },
    async ({ request }) => {
      const fields = honeypotFields(
        await (await request.get("/careers/1?apply=1")).text(),
      );
      const email = `two-${Date.now()}@example.com`;
      // Playwright's multipart option takes one value per name: build the body by hand.
      const form = new FormData();
      for (const [key, value] of Object.entries({
        ...fields,
        name: "Two Files",
        email,
      }))
        form.append(key, value);
      form.append(
        "cv",
        new File([PDF], "one.pdf", { type: "application/pdf" }),
      );
      form.append(
        "cv",
        new File([PDF], "two.pdf", { type: "application/pdf" }),
      );
      const response = await request.post("/careers/1?apply=1", {
        multipart: form,
      });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain("CV file is required");
      expect(await applicationsFrom(email)).toHaveLength(0);
    },
  );

  test(
    "limits applications per address",
    { tag: "@js-only" },
    async ({ request }) => {
      const fields = honeypotFields(
        await (await request.get("/careers/2?apply=1")).text(),
      );
      const email = `eager-${Date.now()}@example.com`;
      // Each with another CV: an application of its own.
      let sent = 0;
      const post = () =>
        request.post("/careers/2?apply=1", {
          multipart: {
            ...fields,
            name: "Eager Applicant",
            email,
            cv: {
              name: "cv.pdf",
              mimeType: "application/pdf",
              buffer: Buffer.concat([PDF, Buffer.from(`% version ${++sent}`)]),
            },
          },
        });
      for (let i = 0; i < 5; i++) expect((await post()).status()).toBe(200);
      const limited = await post();
      expect(limited.status()).toBe(429);
      expect(limited.headers()["retry-after"]).toBeTruthy();
      expect(await limited.text()).toContain(
        "Too many submissions from your address",
      );
      expect(await applicationsFrom(email)).toHaveLength(5);
    },
  );
  test(
    "without scripts: an empty form, a missing CV, a file over 5MB and other file types get their message and keep the text",
    { tag: "@no-js-only" },
    async ({ request, baseURL }, testInfo) => {
      test.slow();
      const pageUrl = new URL("/careers/1?apply=1", baseURL).toString();
      const empty = await applyWithoutScripts(request, pageUrl, {});
      expect(empty.answer.status()).toBe(400);
      for (const message of [
        "Name must be at least 2 characters",
        "Please enter a valid email address",
        "CV file is required",
      ]) {
        expect(empty.html.text).toContain(message);
      }

      const values = {
        name: "No File",
        email: uniqueEmail("nofile", testInfo.project.name),
        comment: "Forgot it",
      };
      const noFile = await applyWithoutScripts(request, pageUrl, values);
      expect(noFile.html.text).toContain("CV file is required");
      expectKeptIn(noFile.html, values);

      const big = await applyWithoutScripts(request, pageUrl, {
        ...values,
        file: { name: "big.pdf", buffer: SIX_MB_PDF },
      });
      expect(big.html.text).toContain("File size must be less than 5MB");
      expectKeptIn(big.html, values);

      for (const file of WRONG_FILES) {
        const wrong = await applyWithoutScripts(request, pageUrl, {
          ...values,
          file,
        });
        expect(wrong.html.text).toContain(
          "Only PDF, DOC, and DOCX files are accepted",
        );
        expectKeptIn(wrong.html, values);
      }
      expect(await applicationsFrom(values.email)).toHaveLength(0);
    },
  );

  test(
    "without scripts: the same application sent again is one, another person's from the same stored page another, a DOCX without comment is accepted",
    { tag: "@no-js-only" },
    async ({ request, baseURL }, testInfo) => {
      const project = testInfo.project.name;
      const pageUrl = new URL("/careers/1?apply=1", baseURL).toString();
      const mine = {
        name: "Marie Curie",
        email: uniqueEmail("again", project),
        file: { name: "cv.pdf", buffer: PDF },
      };
      const theirs = {
        ...mine,
        name: "Pierre Curie",
        email: uniqueEmail("tab", project),
      };
      for (const values of [mine, mine, theirs]) {
        const { answer, html } = await applyWithoutScripts(
          request,
          pageUrl,
          values,
        );
        expect(answer.status()).toBe(200);
        expect(html.toast?.title).toBe("Application submitted successfully!");
        expect(html.announcements).toContainEqual(
          expect.stringContaining(
            "Thank you, your application is with our hiring team",
          ),
        );
        expect(html.linkTo("See all open positions")).toBe("/careers");
      }
      expect(await applicationsFrom(mine.email)).toHaveLength(1);
      expect(await applicationsFrom(theirs.email)).toHaveLength(1);

      const email = uniqueEmail("docx", project);
      const docx = await applyWithoutScripts(
        request,
        new URL("/careers/2?apply=1", baseURL).toString(),
        {
          name: "Alan Turing",
          email,
          file: {
            name: "../../etc/turing.docx",
            buffer: DOCX,
            mimeType:
              "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          },
        },
      );
      expect(docx.html.toast?.title).toBe(
        "Application submitted successfully!",
      );
      const [row] = await applicationsFrom(email);
      expect(row).toMatchObject({
        job_id: "2",
        job_title: "Founding Engineer",
        comment: null,
      });
      // A browser sends only the base name; this one did not, and the
      // server stripped the directories.
      expect(row?.cv_path).toMatch(/^\d{13}-turing\.docx$/);
    },
  );

  test(
    "without scripts: a filled honeypot is refused in the form with the text kept",
    { tag: "@no-js-only" },
    async ({ request, baseURL }, testInfo) => {
      const values = {
        name: "Spam Bot",
        email: uniqueEmail("bot", testInfo.project.name),
        comment: "Hire me",
      };
      const { html } = await applyWithoutScripts(
        request,
        new URL("/careers/1?apply=1", baseURL).toString(),
        { ...values, file: { name: "cv.pdf", buffer: PDF } },
        { replaceHoneypot: "I am a bot" },
      );
      expect(html.announcements).toContainEqual(
        expect.stringContaining("Your submission could not be accepted"),
      );
      expectKeptIn(html, values);
      expect(await applicationsFrom(values.email)).toHaveLength(0);
    },
  );
});

test.describe("when the job-application function fails", () => {
  let site: FailingSite;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    site = await startFailingSite();
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test(
    "shows the error, keeps the text and asks for the file again",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const values = {
        name: "Rosalind Franklin",
        email: uniqueEmail("down", testInfo.project.name),
        comment: "Photo 51",
      };
      const form = await openApplication(
        page,
        testInfo.project.name,
        "1",
        site.url,
      );
      await fillApplication(form, {
        ...values,
        file: { name: "cv.pdf", buffer: PDF },
      });
      await submit(form);
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText("Error");
      await expect(toast).toContainText(
        "Failed to submit application. Please try again.",
      );
      await expect(form.getByRole("alert")).toContainText(
        "Please choose your CV file again",
      );
      await expectKept(form, values);
      if (testInfo.project.name === "js")
        await expect(page.getByRole("dialog")).toBeVisible();
      expect(await applicationsFrom(values.email)).toHaveLength(0);
    },
  );
  test(
    "without scripts: the error toast, the text kept and the CV asked for again",
    { tag: "@no-js-only" },
    async ({ request }, testInfo) => {
      const values = {
        name: "Rosalind Franklin",
        email: uniqueEmail("down", testInfo.project.name),
        comment: "Photo 51",
      };
      const { html } = await applyWithoutScripts(
        request,
        `${site.url}/careers/1?apply=1`,
        { ...values, file: { name: "cv.pdf", buffer: PDF } },
      );
      expect(html.toast?.title).toBe("Error");
      expect(html.toast?.description).toBe(
        "Failed to submit application. Please try again.",
      );
      expect(html.announcements).toContainEqual(
        expect.stringContaining("Please choose your CV file again"),
      );
      expectKeptIn(html, values);
      expect(await applicationsFrom(values.email)).toHaveLength(0);
    },
  );
});
