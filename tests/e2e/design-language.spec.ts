import type { Locator, Page } from "@playwright/test";
import { signIn } from "../support/auth-helpers.ts";
import { expect, test } from "../support/fixtures.ts";

// One design language: every heading, button and input on the form and tool
// pages (built from Mantine components, themed by app/lib/theme.ts) measures
// the same as its counterpart on the marketing pages (plain markup and CSS
// modules reading the same tokens from app/styles/app.css), at 1280 and
// 375 px. Read from computed styles, so it holds whatever the markup is.

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

const TEXT = [
  "font-family",
  "font-size",
  "font-weight",
  "line-height",
  "letter-spacing",
  "color",
];
const BOX = [
  "height",
  "border-top-width",
  "border-top-left-radius",
  "padding-left",
];
const BUTTON = [...BOX, "font-size", "font-weight", "font-family"];
const INPUT = [...BOX, "font-size", "font-family", "color", "background-color"];
const FOCUS = [
  "outline-style",
  "outline-width",
  "outline-color",
  "outline-offset",
];

type Styles = Record<string, string>;

function read(locator: Locator, properties: string[]) {
  return locator.evaluate((element, names) => {
    const style = getComputedStyle(element);
    return Object.fromEntries(
      names.map((name) => [name, style.getPropertyValue(name)]),
    );
  }, properties);
}

/** The marketing counterparts, measured on the marketing pages themselves. */
async function marketing(page: Page) {
  await page.goto("/careers");
  const h1 = await read(page.locator("main h1"), TEXT);
  await page.goto("/careers/1");
  const h2 = await read(
    page.getByRole("heading", { level: 2, name: "About the Role" }),
    TEXT,
  );
  await page.goto("/company");
  const h3 = await read(
    page.getByRole("heading", { level: 3, name: "Mastery" }),
    TEXT,
  );
  await page.goto("/");
  const primary = page.getByRole("link", { name: "Start Now" }).first();
  const secondary = page.getByRole("link", { name: "See the results" });
  const buttons = {
    filled: await read(primary, [
      ...BUTTON,
      "background-color",
      "color",
      "padding-right",
    ]),
    default: await read(secondary, [
      ...BUTTON,
      "background-color",
      "color",
      "border-top-color",
    ]),
  };
  await page.goto("/blueprints");
  const search = page.getByRole("searchbox");
  const input = await read(search, [...INPUT, "border-top-color"]);
  await search.focus();
  const inputFocus = await read(search, FOCUS);
  await page.keyboard.press("Tab");
  const buttonFocus = await read(
    page.getByRole("button", { name: "Search" }),
    FOCUS,
  );
  return {
    headings: { h1, h2, h3 } as Record<string, Styles>,
    buttons,
    input,
    inputFocus,
    buttonFocus,
  };
}

type Marketing = Awaited<ReturnType<typeof marketing>>;

/** The type-scale level a heading is drawn at: Mantine's Title says so in its variables, else its tag. */
function level(element: Element) {
  const style = element.getAttribute("style") ?? "";
  return (
    /--title-fz:\s*var\(--mantine-(h\d)-font-size\)/.exec(style)?.[1] ??
    element.tagName.toLowerCase()
  );
}

async function expectSameLanguage(
  page: Page,
  path: string,
  expected: Marketing,
) {
  const where = `${path} at ${page.viewportSize()?.width} px`;
  let compared = 0;

  for (const heading of await page.locator("main :is(h1, h2, h3)").all()) {
    if (!(await heading.isVisible())) continue;
    const at = await heading.evaluate(level);
    const counterpart = expected.headings[at];
    if (!counterpart) continue;
    const name = (await heading.textContent())?.trim();
    expect(
      await read(heading, TEXT),
      `${where}: heading "${name}" (${at})`,
    ).toEqual(counterpart);
    compared += 1;
  }

  for (const button of await page
    .locator("main .mantine-Button-root[data-size='md']")
    .all()) {
    if (!(await button.isVisible())) continue;
    const variant = (await button.getAttribute("data-variant")) ?? "filled";
    const counterpart =
      variant === "filled"
        ? expected.buttons.filled
        : variant === "default"
          ? expected.buttons.default
          : null;
    if (!counterpart) continue;
    const name = (await button.textContent())?.trim();
    expect(
      await read(button, Object.keys(counterpart)),
      `${where}: button "${name}"`,
    ).toEqual(counterpart);
    compared += 1;
  }

  for (const input of await page.locator("main .mantine-Input-input").all()) {
    if (!(await input.isVisible())) continue;
    const { name, multiline, code } = await input.evaluate((element) => ({
      name:
        element.closest(".mantine-InputWrapper-root")?.querySelector("label")
          ?.textContent ?? "",
      multiline: element.tagName === "TEXTAREA",
      code: getComputedStyle(element).fontFamily.includes("monospace"),
    }));
    // A text area is as tall as its text, and a field for code (the post's
    // HTML without scripts) is set in monospace; the rest is the same.
    const { height, ...box } = expected.input;
    const { "font-family": family, "font-size": size, ...rest } = box;
    const counterpart = {
      ...rest,
      ...(multiline ? {} : { height }),
      ...(code ? {} : { "font-family": family, "font-size": size }),
    };
    expect(
      await read(input, Object.keys(counterpart)),
      `${where}: input "${name}"`,
    ).toEqual(counterpart);
    compared += 1;
  }
  return compared;
}

test("form and tool pages measure the same as the marketing pages", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const measured: {
    size: (typeof SIZES)[number];
    expected: Awaited<ReturnType<typeof marketing>>;
  }[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    measured.push({ size, expected: await marketing(page) });
  }
  const check = async (path: string) => {
    for (const { size, expected } of measured) {
      await page.setViewportSize(size);
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      const compared = await expectSameLanguage(page, path, expected);
      expect(compared, `${path}: nothing to compare`).toBeGreaterThan(0);
    }
  };

  await check("/auth");
  await check("/contact-us");
  await check("/careers/1?apply=1");

  // Keyboard focus looks the same too (scripts or not: it is CSS alone).
  if (testInfo.project.name === "js") {
    const { expected } = measured[0]!;
    await page.setViewportSize(SIZES[0]!);
    await page.goto("/auth");
    const email = page.getByLabel("Email");
    await email.focus();
    expect(await read(email, FOCUS)).toEqual(expected.inputFocus);
    await page.getByRole("textbox", { name: "Password" }).focus();
    await page.keyboard.press("Tab");
    const button = page.getByRole("button", { name: "Sign In" });
    await expect(button).toBeFocused();
    expect(await read(button, FOCUS)).toEqual(expected.buttonFocus);
  }

  await signIn(page, "admin");
  await page.waitForURL((url) => url.pathname === "/admin");
  for (const path of ["/admin", "/admin/inbox", "/write"]) await check(path);
});
