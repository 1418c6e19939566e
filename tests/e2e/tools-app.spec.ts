import type { Page } from "@playwright/test";
import { ACCOUNTS, signIn } from "../support/auth-helpers.ts";
import { BASE_URL } from "../support/e2e-env.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";
import { service, uniqueEmail } from "../support/form-helpers.ts";

// The team's app (app/routes/tools/tools-layout.tsx): its own header with
// the tools, the signed-in person and Sign Out instead of the marketing
// header and footer; the inbox as list and detail; lists that fit a phone.
// At 1280 and 375 px with scripts; every control is a link or a form, and the
// forms are posted without scripts too. What reads only the server's document
// (which tools a role sees, refusals, an empty filter) runs once, in "js".

// A sign-in hashes a password on the embedded database: waits are longer.
const expect = baseExpect.configure({ timeout: 15_000 });

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

const nav = (page: Page) =>
  page.getByRole("navigation", { name: "Team tools" });

/** Nothing wider than the window, so nothing is cut off or scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

async function expectInsideWindow(page: Page, selector: string) {
  const width = page.viewportSize()?.width ?? 0;
  for (const element of await page.locator(selector).all()) {
    if (!(await element.isVisible())) continue;
    const box = await element.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
}

async function storeMessage(email: string) {
  const { data, error } = await service
    .from("contact_messages")
    .insert({
      name: "Pane Person",
      email,
      message: "A message to read in the detail pane.",
      source: "contact-page",
    })
    .select("id")
    .single();
  if (error) throw error;
  return data.id as string;
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });
    // Without scripts the forms (Sign Out, Mark handled) post the same at
    // any width, and the layout is the same document's: once, at 1280 px.
    const noScriptsAtDesktopOnly = size.width < 1000 ? ["@js-only"] : [];

    test(
      "a team member moves between the tools in the app's own frame",
      { tag: noScriptsAtDesktopOnly },
      async ({ page }) => {
        await signIn(page, "admin");
        await expect(page).toHaveURL(/\/admin$/);

        // The app's header, not the marketing site's.
        const header = page.getByRole("banner");
        await expect(header).toHaveCount(1);
        await expect(page.getByRole("contentinfo")).toHaveCount(0);
        await expect(
          page.getByRole("link", { name: "Request Demo" }),
        ).toHaveCount(0);
        await expect(header.getByTestId("signed-in-person")).toContainText(
          ACCOUNTS.admin.email,
        );
        await expect(header.getByTestId("signed-in-person")).toContainText(
          "Admin",
        );
        await expect(nav(page).getByRole("link")).toHaveText([
          "Write",
          "Pages",
          "Platform Users",
          "People",
          /^Inbox/,
          "Jobs",
          "Analytics",
          "Subscribers",
          "Settings",
          "Audit log",
          "Your profile",
        ]);

        // The title right under the bar, not 120 px further down.
        const bar = await header.boundingBox();
        const title = page.getByRole("heading", {
          level: 1,
          name: "Platform Users Management",
        });
        const top = await title.boundingBox();
        expect(top!.y - (bar!.y + bar!.height)).toBeLessThan(48);
        await expect(
          nav(page).getByRole("link", { name: "Platform Users" }),
        ).toHaveAttribute("aria-current", "page");
        await expectNoSidewaysScroll(page);
        // Every row's button is whole on the screen: rows become cards on a phone.
        await expectInsideWindow(
          page,
          "[data-testid='platform-user-row'] button",
        );

        await nav(page)
          .getByRole("link", { name: /^Inbox/ })
          .click();
        await expect(page).toHaveURL(/\/admin\/inbox$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          "Inbox",
        );
        await expect(
          nav(page).getByRole("link", { name: /^Inbox/ }),
        ).toHaveAttribute("aria-current", "page");
        await expectNoSidewaysScroll(page);
        await expectInsideWindow(
          page,
          "[data-testid='inbox-row'] :is(a, button)",
        );

        await nav(page).getByRole("link", { name: "Write" }).click();
        await expect(page).toHaveURL(/\/write$/);
        await expect(
          page.getByRole("heading", { level: 1, name: "Write a New Post" }),
        ).toBeVisible();
        await expect(
          page.getByRole("button", { name: "Sign Out" }),
        ).toHaveCount(1);
        await expectNoSidewaysScroll(page);

        // Sign Out is a plain form post: signed out, back on the sign-in form.
        await page.getByRole("button", { name: "Sign Out" }).click();
        await expect(page.getByTestId("toast")).toContainText(
          "Signed out successfully",
        );
        await expect(
          page.getByRole("heading", { name: "Team Login" }),
        ).toBeVisible();
        await expect(nav(page)).toHaveCount(0);
      },
    );

    test(
      "an author sees only the writing tool, and the admin pages refuse them in the frame",
      { tag: "@js-only" },
      async ({ page }) => {
        await signIn(page, "author");
        await expect(page).toHaveURL(/\/write$/);
        await expect(nav(page).getByRole("link")).toHaveText([
          "Write",
          "Your profile",
        ]);
        await expect(page.getByTestId("signed-in-person")).toContainText(
          "Author",
        );
        await page.goto("/admin");
        await expect(page.getByTestId("access-denied-message")).toBeVisible();
        // One way out, the header's.
        await expect(
          page.getByRole("button", { name: "Sign Out" }),
        ).toHaveCount(1);
        await expect(page.getByRole("contentinfo")).toHaveCount(0);
      },
    );

    test(
      "the inbox shows counts per tab, and a submission in its detail pane",
      { tag: noScriptsAtDesktopOnly },
      async ({ page }, testInfo) => {
        const email = uniqueEmail("tools-pane", testInfo.project.name);
        const id = await storeMessage(email);
        await signIn(page, "admin");
        await expect(page).toHaveURL(/\/admin$/);
        await page.goto("/admin/inbox");

        for (const [label, tabs] of [
          ["Kind", ["All", "Messages", "Applications"]],
          ["Status", ["All", "New", "Handled"]],
        ] as const) {
          const links = page
            .getByRole("navigation", { name: label })
            .getByRole("link");
          await expect(links).toHaveText(
            tabs.map((tab) => new RegExp(`^${tab}\\s*(\\d+|99\\+)$`)),
          );
        }
        await expect(
          page
            .getByRole("navigation", { name: "Kind" })
            .getByRole("link", { name: /^All/ }),
        ).toHaveAttribute("aria-current", "page");

        const row = page.getByTestId("inbox-row").filter({ hasText: email });
        await row
          .getByRole("link", { name: "Pane Person", exact: true })
          .click();
        await expect(page).toHaveURL(new RegExp(`\\?open=${id}$`));
        const detail = page.getByTestId("inbox-detail");
        await expect(
          detail.getByRole("heading", { level: 2, name: "Pane Person" }),
        ).toBeVisible();
        await expect(detail).toContainText(
          "A message to read in the detail pane.",
        );
        const list = page.getByRole("region", { name: "Submissions" });
        if (size.width >= 1000) {
          // Side by side: the list on the left, the submission on the right.
          await expect(list).toBeVisible();
          const listBox = await list.boundingBox();
          const detailBox = await detail.boundingBox();
          expect(detailBox!.x).toBeGreaterThan(listBox!.x + listBox!.width - 1);
          await expect(
            detail.getByRole("link", { name: "Back to the list" }),
          ).toBeHidden();
        } else {
          // A phone: the submission alone, with the way back to the list.
          await expect(list).toBeHidden();
          await expectNoSidewaysScroll(page);
          await detail.getByRole("link", { name: "Back to the list" }).click();
          await expect(page).toHaveURL(/\/admin\/inbox$/);
          await expect(list).toBeVisible();
          await expect(detail).toHaveCount(0);
          await row
            .getByRole("link", { name: "Pane Person", exact: true })
            .click();
        }

        // Acting from the pane lands back on the same submission.
        await detail.getByRole("button", { name: "Mark handled" }).click();
        await expect(page.getByTestId("toast")).toContainText(
          "Marked as handled",
        );
        await expect(page).toHaveURL(new RegExp(`\\?open=${id}$`));
        await expect(
          detail.getByRole("button", { name: "Mark new" }),
        ).toBeVisible();
      },
    );

    test(
      "a filter with nothing in it says so and offers everything",
      { tag: "@js-only" },
      async ({ page }) => {
        await signIn(page, "admin");
        await expect(page).toHaveURL(/\/admin$/);
        // A cursor past the oldest submission: nothing before it.
        const before = Buffer.from(
          JSON.stringify(["1970-01-01T00:00:00.000Z", crypto.randomUUID()]),
        ).toString("base64url");
        await page.goto(`/admin/inbox?kind=message&page=2&after=${before}`);
        await expect(
          page.getByText("No submissions match these filters."),
        ).toBeVisible();
        await page.getByRole("link", { name: "Show everything" }).click();
        await expect(page).toHaveURL(/\/admin\/inbox$/);
        await expect(page.getByTestId("inbox-row").first()).toBeVisible();
      },
    );
  });
}

test.describe(
  "customers are sent to their own sign-in",
  { tag: "@js-only" },
  () => {
    const platformSignIn = (page: Page) =>
      page.getByRole("link", { name: "Platform sign-in" });

    test("the team's sign-in says whose it is and links to the platform's", async ({
      page,
    }) => {
      await page.goto("/auth");
      await expect(page.getByTestId("platform-sign-in")).toContainText(
        "This sign-in is for the Recursa team.",
      );
      const href = await platformSignIn(page).getAttribute("href");
      expect(href).toMatch(/^https?:\/\/[^/]+\/auth$/);
      expect(new URL(href!).origin).not.toBe(new URL(BASE_URL).origin);
    });

    test("a platform user who signs in here is denied with the link onward", async ({
      page,
    }) => {
      await signIn(page, "reader");
      await expect(page.getByTestId("access-denied-message")).toBeVisible();
      await expect(platformSignIn(page)).toHaveAttribute(
        "href",
        /^https?:\/\/[^/]+\/auth$/,
      );
    });
  },
);
