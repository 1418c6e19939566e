import type { Locator, Page } from "@playwright/test";
import { signIn, type Account } from "../support/auth-helpers.ts";
import { axeTarget, expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { service, waitForHydration } from "../support/form-helpers.ts";

// axe's WCAG 2.1 A/AA rules, colour contrast included, on the pages
// marketing.spec.ts does not cover: the form pages themed from the brand's
// tokens (app/lib/theme.ts), the blog and the team's pages, at desktop and
// 375 px, in both projects.

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

const POST_WITH_COVER = "/blueprints/b0000000-0000-4000-8000-000000000001";
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

const ROUTES: {
  path: string;
  heading?: string;
  account?: Account;
  setup?: () => Promise<void>;
}[] = [
  { path: "/auth" },
  { path: "/contact-us" },
  { path: "/careers" },
  { path: "/careers/1" },
  { path: "/blueprints" },
  { path: POST_WITH_COVER },
  { path: POST_WITHOUT_COVER },
  { path: "/no-such-page" },
  { path: "/write", heading: "Write a New Post", account: "author" },
  {
    path: "/admin",
    heading: "Platform Users Management",
    account: "admin",
    setup: newSubmission,
  },
  {
    path: "/admin/inbox",
    heading: "Inbox",
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

for (const { path, heading, account, setup } of ROUTES) {
  test(`${path} has no axe violations (colour contrast included) at 1280 and 375 px`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(60_000);
    await setup?.();
    const target = await axeTarget(page, browser, testInfo.project.name);
    await target.emulateMedia({ reducedMotion: "reduce" });
    if (account) {
      await signIn(target, account, path);
      await target.waitForURL((url) => url.pathname === path);
    }
    for (const size of SIZES) {
      await target.setViewportSize(size);
      await open(target, path, heading);
      await expectNoAxeViolations(target);
    }
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
    test.setTimeout(60_000);
    const target = await axeTarget(page, browser, testInfo.project.name);
    await target.emulateMedia({ reducedMotion: "reduce" });
    await target.setViewportSize(SIZES[0]!);
    const form = await open(target, testInfo.project.name);
    await fill?.(form);
    await form.getByRole("button", { name: submit }).click();
    await expect(target.getByText(shows).first()).toBeVisible();
    for (const size of SIZES) {
      await target.setViewportSize(size);
      await expectNoAxeViolations(target);
    }
  });
}
