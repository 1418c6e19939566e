import { createHash, randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { ACCOUNTS, signIn, type Account } from "../support/auth-helpers.ts";
import { AXE_AUTHOR, creditedPost } from "../support/authors.ts";
import { axeTarget, expectNoAxeViolations } from "../support/axe.ts";
import { storageStateFor } from "../support/e2e-env.ts";
import { expect, test } from "../support/fixtures.ts";
import {
  service,
  uniqueEmail,
  waitForHydration,
} from "../support/form-helpers.ts";

// axe's WCAG 2.2 A/AA rules, colour contrast included, on the pages
// marketing.spec.ts does not cover: the form pages themed from the brand's
// tokens (app/lib/theme.ts), the blog and the team's pages, at desktop and
// 375 px. A page is checked in every state it shows data in: the inbox
// filled and with a submission open, forms with their errors, dialogs and
// toasts open, the editor with a post in it. Each state first asserts that
// its data is on the screen, so an empty page cannot pass for a full one.
//
// One page load per state: axe runs at 1280 px, the viewport shrinks to
// 375 px and axe runs again. A state whose document is the same with and
// without scripts (the server's HTML, which hydration leaves as it is) is
// checked once, in the js project (@js-only); a state reached through a
// form post, or whose page swaps parts in once hydrated (the editor, the
// share buttons, dialogs), is checked in both. Signed-in states reuse the
// run's one sign-in per role (tests/support/sign-in.setup.ts).

// Two full axe runs with colour contrast take seconds each on a busy machine.
test.describe.configure({ timeout: 90_000 });

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

const POST_ID = "b0000000-0000-4000-8000-000000000001";
const POST_WITH_COVER = `/blueprints/${POST_ID}`;
const POST_WITHOUT_COVER = "/blueprints/b0000000-0000-4000-8000-000000000007";

// A heading names the page where the path alone could land elsewhere (a
// signed-out visitor gets the sign-in form instead).
/** A new submission, so the admin navigation shows its count badge. */
async function newSubmission() {
  const { error } = await service.from("contact_messages").insert({
    name: "Axe Check",
    email: `axe-${crypto.randomUUID()}@example.com`,
    message: "A new message, so the inbox count shows.",
  });
  if (error) throw new Error(error.message);
}

/** Axe at both widths on the page as it is: one load, then a resize. */
async function expectNoViolationsAtBothWidths(page: Page) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
}

/** The title suffix of a state checked in the js project alone. */
function once(bothProjects: boolean | undefined) {
  return bothProjects ? "" : " @js-only";
}

/** The run's stored sign-in of the account, for test.use. */
function signedInAs(account: Account | undefined) {
  return { storageState: account ? storageStateFor(account) : undefined };
}

const PENDING_INVITATION = "c0000000-0000-4000-8000-00000000a11e";
const EXPIRED_INVITATION = "c0000000-0000-4000-8000-00000000a11f";

/** An invitation of this run with a fixed id, pending or past its expiry. */
function invitation(id: string, expiresIn: number) {
  return async () => {
    await service.from("invitations").delete().eq("id", id);
    const { error } = await service.from("invitations").insert({
      id,
      email: uniqueEmail("axe-invite", "axe"),
      role: "editor",
      sent_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + expiresIn).toISOString(),
    });
    if (error) throw new Error(error.message);
  };
}

const ROUTES: {
  path: string;
  heading?: string;
  account?: Account;
  setup?: () => Promise<void>;
  /** Its document changes once hydrated, so the no-JS one is checked too. */
  bothProjects?: boolean;
}[] = [
  { path: "/auth" },
  { path: "/contact-us" },
  { path: "/newsletter" },
  { path: "/careers" },
  { path: "/careers/1" },
  { path: "/blueprints" },
  { path: POST_WITH_COVER, bothProjects: true },
  { path: POST_WITHOUT_COVER, bothProjects: true },
  { path: "/no-such-page" },
  { path: "/privacy" },
  {
    path: `/invitation/${PENDING_INVITATION}?token_hash=${"a".repeat(56)}&type=invite`,
    heading: "Join the team",
    setup: invitation(PENDING_INVITATION, 3_600_000),
  },
  {
    path: `/invitation/${EXPIRED_INVITATION}`,
    heading: "This invitation has expired",
    setup: invitation(EXPIRED_INVITATION, -60_000),
  },
  { path: "/admin/audit", heading: "Audit log", account: "admin" },
  {
    path: "/write",
    heading: "Write a New Post",
    account: "author",
    bothProjects: true,
  },
  { path: "/admin/newsletter", heading: "Subscribers", account: "admin" },
  { path: "/admin/jobs", heading: "Jobs", account: "admin" },
  { path: "/admin/jobs/1", heading: "Edit:", account: "admin" },
  {
    path: "/admin/jobs/1/applications",
    heading: "Applications:",
    account: "admin",
  },
  { path: "/admin/analytics", heading: "Analytics", account: "admin" },
  { path: "/admin/settings", heading: "Settings", account: "admin" },
  { path: "/admin/profile", heading: "Your profile", account: "author" },
  { path: "/admin/pages", heading: "Pages", account: "admin" },
  {
    path: "/admin/pages/data-engineer",
    heading: "Edit page: Agent: Peter, Data Engineer",
    account: "admin",
  },
  {
    path: "/admin/pages/company",
    heading: "Edit page: Company",
    account: "admin",
  },
  {
    path: "/admin/pages/home/revisions",
    heading: "Revisions",
    account: "admin",
  },
  {
    path: `/edit/${POST_ID}/revisions`,
    heading: "Revisions",
    account: "admin",
  },
  {
    path: `/edit/${POST_ID}/preview-links`,
    heading: "Preview links",
    account: "admin",
  },
  {
    path: `/edit/${POST_ID}/newsletter`,
    heading: "Send to subscribers",
    account: "admin",
  },
  {
    path: "/admin",
    heading: "Platform Users Management",
    account: "admin",
    setup: newSubmission,
  },
];

async function open(page: Page, path: string, heading?: string) {
  await page.goto(path);
  await expect(
    page.getByRole("heading", { level: 1, name: heading }).first(),
  ).toBeVisible();
}

for (const { path, heading, account, setup, bothProjects } of ROUTES) {
  test.describe(() => {
    test.use(signedInAs(account));
    test(`${path} has no axe violations (colour contrast included) at 1280 and 375 px${once(bothProjects)}`, async ({
      page,
      browser,
    }, testInfo) => {
      await setup?.();
      const target = await axeTarget(page, browser, testInfo.project.name);
      await target.emulateMedia({ reducedMotion: "reduce" });
      await target.setViewportSize(SIZES[0]!);
      await open(target, path, heading);
      await expectNoViolationsAtBothWidths(target);
    });
  });
}

// The same rules on each form with its errors showing, the state a visitor
// who got something wrong is in: the form sent empty (or, for sign-in, with
// a wrong password), once, then checked at both widths. The target page of
// the no-js project has no app scripts, so its forms post to the server and
// its dialogs are the pages' inline no-JS forms.

/** Opens a dialog from its link: after hydration, or the link's own page without scripts. */
async function openFrom(
  page: Page,
  project: string,
  path: string,
  link: string,
  dialog: string | RegExp,
  inline: string,
) {
  await page.goto(path);
  const control = page.getByRole("link", { name: link }).first();
  if (project !== "js") {
    await control.click();
    return page.locator(`${inline} form`);
  }
  await waitForHydration(control);
  await control.click();
  const opened = page.getByRole("dialog", { name: dialog });
  await expect(opened).toBeVisible();
  return opened.locator("form");
}

const ERROR_STATES: {
  name: string;
  open(page: Page, project: string): Promise<Locator>;
  fill?(form: Locator): Promise<void>;
  submit: string;
  shows: string;
}[] = [
  {
    name: "/contact-us",
    async open(page) {
      await page.goto("/contact-us");
      return page.locator("form#contact-us");
    },
    submit: "Send Message",
    shows: "Please enter a valid email address",
  },
  {
    name: "/careers/1's application",
    open: (page, project) =>
      openFrom(
        page,
        project,
        "/careers/1",
        "Apply Now",
        /^Apply for /,
        "#apply",
      ),
    submit: "Submit Application",
    shows: "CV file is required",
  },
  {
    name: "/company's Get in Touch",
    open: (page, project) =>
      openFrom(
        page,
        project,
        "/company",
        "Get in Touch",
        "Get in Touch",
        "#get-in-touch",
      ),
    submit: "Send Message",
    shows: "Message must be at least 10 characters",
  },
  {
    name: "/auth",
    async open(page) {
      await page.goto("/auth");
      return page.locator("main form");
    },
    // A new address each time: five failures for one address are throttled.
    async fill(form) {
      await form
        .getByLabel("Email")
        .fill(`axe-${crypto.randomUUID()}@example.com`);
      await form
        .getByRole("textbox", { name: "Password" })
        .fill("not-the-password");
    },
    submit: "Sign In",
    shows: "Invalid login credentials",
  },
];

for (const { name, open, fill, submit, shows } of ERROR_STATES) {
  test(`${name} with its errors showing has no axe violations at 1280 and 375 px`, async ({
    page,
    browser,
  }, testInfo) => {
    const target = await axeTarget(page, browser, testInfo.project.name);
    await target.emulateMedia({ reducedMotion: "reduce" });
    await target.setViewportSize(SIZES[0]!);
    const form = await open(target, testInfo.project.name);
    await fill?.(form);
    await form.getByRole("button", { name: submit }).click();
    await expect(target.getByText(shows).first()).toBeVisible();
    await expectNoViolationsAtBothWidths(target);
  });
}

// The team's tools, each in the state it shows data in. The no-js project's
// target has no app scripts: its forms post to the server, and a dialog is
// the page's no-JS form (the editor's preview comes back inline).

const PDF = Buffer.from(
  "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n",
);

type Filled = { messageId: string; applicationId: string; email: string };

/** A message and a job application of this test alone, stored as the functions store them. */
async function fillInbox(project: string): Promise<Filled> {
  const email = uniqueEmail("axe-inbox", project);
  const message = await service
    .from("contact_messages")
    .insert({
      name: "Axe Message",
      email,
      message: "A message long enough to wrap in the list and the pane.",
      source: "contact-page",
    })
    .select("id")
    .single();
  if (message.error) throw message.error;
  const cvPath = `${Date.now()}-${crypto.randomUUID().slice(0, 8)} axe.pdf`;
  const upload = await service.storage
    .from("cv-uploads")
    .upload(cvPath, PDF, { contentType: "application/pdf" });
  if (upload.error) throw upload.error;
  const application = await service
    .from("job_applications")
    .insert({
      job_id: "2",
      job_title: "Founding Engineer",
      name: "Axe Applicant",
      email,
      comment: "An application with a CV.",
      cv_file_name: "axe cv.pdf",
      cv_path: cvPath,
    })
    .select("id")
    .single();
  if (application.error) throw application.error;
  return {
    messageId: message.data.id as string,
    applicationId: application.data.id as string,
    email,
  };
}

/** Both kinds and the "New" state shown as badges in the list: the state axe must judge. */
async function expectFilledList(page: Page, email: string) {
  const rows = page.getByTestId("inbox-row").filter({ hasText: email });
  await expect(rows).toHaveCount(2);
  for (const badge of ["Message", "Application", "New"]) {
    await expect(
      rows.locator(".mantine-Badge-root", { hasText: badge }).first(),
    ).toBeVisible();
  }
}

async function typeContent(page: Page, project: string, html: string) {
  if (project === "js") {
    // The editor's own element carries no React props: wait on the form's.
    await waitForHydration(page.getByRole("textbox", { name: "Title" }));
    const editor = page.locator(".ProseMirror");
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.type(html.replace(/<[^>]+>/g, " ").trim());
  } else {
    await page.getByRole("textbox", { name: "Content" }).fill(html);
  }
}

const TOOL_STATES: {
  name: string;
  account?: Account;
  /** The state is reached by a form post or swaps parts in once hydrated. */
  bothProjects?: boolean;
  /** It shows this test's own message and application. */
  filled?: boolean;
  reach(page: Page, project: string, filled: Filled): Promise<void>;
}[] = [
  {
    name: "/admin right after signing in, its toast showing",
    bothProjects: true,
    async reach(page) {
      await signIn(page, "admin");
      await page.waitForURL((url) => url.pathname === "/admin");
      await expect(page.getByTestId("toast")).toContainText("Welcome back!");
    },
  },
  {
    name: "/admin/inbox filled with a message and an application",
    filled: true,
    account: "admin",
    async reach(page, _project, { email }) {
      await page.goto("/admin/inbox");
      await expectFilledList(page, email);
    },
  },
  {
    name: "/admin/inbox with a message open in the detail pane",
    filled: true,
    account: "admin",
    async reach(page, _project, { email, messageId }) {
      await page.goto(`/admin/inbox?open=${messageId}`);
      const detail = page.getByTestId("inbox-detail");
      await expect(detail).toContainText(email);
      await expect(detail.getByRole("heading", { level: 2 })).toHaveText(
        "Axe Message",
      );
    },
  },
  {
    name: "/admin/inbox with an application open in the detail pane",
    filled: true,
    account: "admin",
    async reach(page, _project, { applicationId }) {
      await page.goto(`/admin/inbox?kind=application&open=${applicationId}`);
      const detail = page.getByTestId("inbox-detail");
      await expect(
        detail.getByRole("link", { name: "Download CV (axe cv.pdf)" }),
      ).toBeVisible();
      await expect(
        detail.locator(".mantine-Badge-root", { hasText: "Application" }),
      ).toBeVisible();
    },
  },
  {
    name: "/admin/inbox after Mark handled, its toast showing",
    filled: true,
    bothProjects: true,
    account: "admin",
    async reach(page, _project, { email }) {
      await page.goto("/admin/inbox?kind=message");
      await page
        .getByTestId("inbox-row")
        .filter({ hasText: email })
        .getByRole("button", { name: "Mark handled" })
        .click();
      await expect(page.getByTestId("toast")).toContainText(
        "Marked as handled",
      );
      await expect(
        page.getByTestId("inbox-row").filter({ hasText: email }).first(),
      ).toContainText("Handled");
    },
  },
  {
    name: "/blueprints/authors/{slug} with its author's post",
    async reach(page) {
      const post = await creditedPost("Axe author page");
      try {
        await page.goto(`/blueprints/authors/${AXE_AUTHOR.slug}`);
        await expect(
          page.getByRole("heading", { level: 1, name: AXE_AUTHOR.name }),
        ).toBeVisible();
        await expect(
          page.getByRole("link", { name: post.title }),
        ).toBeVisible();
      } finally {
        await service.from("blog_posts").delete().eq("id", post.id);
      }
    },
  },
  {
    name: "/admin/settings with an address refused, the values kept",
    bothProjects: true,
    account: "admin",
    async reach(page, project) {
      await page.goto("/admin/settings");
      const field = page.getByRole("textbox", {
        name: "Contact messages go to",
      });
      if (project === "js") await waitForHydration(field);
      await field.fill("not-an-address");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(
        page.getByText("Enter an e-mail address, like team@example.com."),
      ).toBeVisible();
      await expect(field).toHaveValue("not-an-address");
    },
  },
  {
    name: "/admin/inbox's delete confirmation",
    filled: true,
    account: "admin",
    async reach(page, _project, { applicationId }) {
      await page.goto(`/admin/inbox/application/${applicationId}/delete`);
      await expect(
        page.getByText("Its CV (axe cv.pdf) is deleted with it."),
      ).toBeVisible();
    },
  },
  {
    name: "/write with a post typed in",
    bothProjects: true,
    account: "author",
    async reach(page, project) {
      await page.goto("/write");
      await page
        .getByRole("textbox", { name: "Title" })
        .fill("An accessible post");
      await typeContent(
        page,
        project,
        "<h2>A heading</h2><p>Some text for the editor.</p>",
      );
      await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(
        "An accessible post",
      );
    },
  },
  {
    // Blanks rather than nothing: the browser's own check of a required
    // field would stop an empty form before the server saw it.
    name: "/write sent blank, its errors showing",
    bothProjects: true,
    account: "author",
    async reach(page, project) {
      await page.goto("/write");
      const title = page.getByRole("textbox", { name: "Title" });
      if (project === "js") await waitForHydration(title);
      else await page.getByRole("textbox", { name: "Content" }).fill(" ");
      await title.fill("   ");
      await page.getByRole("button", { name: "Publish Post" }).click();
      await expect(
        page.getByText("Please provide a title for your post.").first(),
      ).toBeVisible();
    },
  },
  {
    name: "/write's preview open",
    bothProjects: true,
    account: "author",
    async reach(page, project) {
      await page.goto("/write");
      await page
        .getByRole("textbox", { name: "Title" })
        .fill("A previewed post");
      await typeContent(page, project, "<p>Previewed text.</p>");
      await page.getByRole("button", { name: "Preview" }).click();
      const preview =
        project === "js"
          ? page.getByRole("dialog")
          : page.locator("#inline-preview-heading").locator("xpath=..");
      await expect(preview.first()).toBeVisible();
      await expect(page.getByText("Previewed text.").first()).toBeVisible();
    },
  },
  {
    name: "/edit/{id} with a post loaded",
    bothProjects: true,
    account: "admin",
    async reach(page) {
      await page.goto(`/edit/${POST_WITH_COVER.split("/").pop()}`);
      await expect(
        page.getByRole("heading", { level: 1, name: "Edit Blog Post" }),
      ).toBeVisible();
      await expect(
        page.getByRole("textbox", { name: "Title" }),
      ).not.toHaveValue("");
    },
  },
  {
    name: "/blueprints/{id}/delete's confirmation",
    account: "admin",
    async reach(page) {
      await page.goto(`${POST_WITH_COVER}/delete`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(
        page.getByRole("button", { name: /Delete/ }).first(),
      ).toBeVisible();
    },
  },
  {
    name: "/admin/applications/{id} with its application open",
    filled: true,
    account: "admin",
    async reach(page, _project, { applicationId, email }) {
      await page.goto(`/admin/applications/${applicationId}`);
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: "Axe Applicant, Founding Engineer",
        }),
      ).toBeVisible();
      await expect(page.getByText(email).first()).toBeVisible();
      await expect(page.getByTestId("application-status")).toBeVisible();
    },
  },
  {
    name: "/preview/{token} of a draft, opened signed out",
    async reach(page, project) {
      const title = `Axe preview ${project} ${crypto.randomUUID().slice(0, 8)}`;
      const draft = await service
        .from("blog_posts")
        .insert({
          title,
          content: "<p>A draft shared before it is published.</p>",
          author_id: ACCOUNTS.author.id,
          published: false,
        })
        .select("id")
        .single();
      if (draft.error) throw draft.error;
      // As the preview-links page makes one: only the token's hash is stored.
      const token = randomBytes(32).toString("base64url");
      const link = await service.from("post_preview_links").insert({
        post_id: draft.data.id as string,
        token_hash: createHash("sha256").update(token).digest("hex"),
        created_by: ACCOUNTS.author.id,
      });
      if (link.error) throw link.error;
      await page.goto(`/preview/${token}`);
      await expect(
        page.getByRole("heading", { level: 1, name: title }),
      ).toBeVisible();
      await expect(page.getByText("Draft preview").first()).toBeVisible();
    },
  },
  {
    name: "/admin refused to an author inside the team's app",
    account: "author",
    async reach(page) {
      await page.goto("/admin");
      await expect(page.getByTestId("access-denied-message")).toBeVisible();
      await expect(page.getByTestId("platform-sign-in")).toBeVisible();
    },
  },
  {
    name: "/admin/inbox signed out: the sign-in form inside the team's app",
    async reach(page) {
      await page.goto("/admin/inbox");
      await expect(
        page.getByRole("heading", { name: "Team Login" }),
      ).toBeVisible();
    },
  },
];

const NOTHING_FILLED: Filled = { messageId: "", applicationId: "", email: "" };

for (const { name, account, bothProjects, filled, reach } of TOOL_STATES) {
  test.describe(() => {
    test.use(signedInAs(account));
    test(`${name}: no axe violations at 1280 and 375 px${once(bothProjects)}`, async ({
      page,
      browser,
    }, testInfo) => {
      const project = testInfo.project.name;
      const data = filled ? await fillInbox(project) : NOTHING_FILLED;
      const target = await axeTarget(page, browser, project);
      await target.emulateMedia({ reducedMotion: "reduce" });
      await target.setViewportSize(SIZES[0]!);
      await reach(target, project, data);
      await expectNoViolationsAtBothWidths(target);
    });
  });
}
