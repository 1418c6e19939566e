import type { Page } from "@playwright/test";
import { signIn, type Account } from "../support/auth-helpers.ts";
import { axeTarget, expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { service } from "../support/form-helpers.ts";

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
