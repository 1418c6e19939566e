import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** axe's WCAG 2.0, 2.1 and 2.2 A/AA rules. */
export const WCAG_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22a",
  "wcag22aa",
];

/**
 * Why axe may leave a text's contrast "to review" without anything being
 * wrong with it: it could not see the whole background (an image, a
 * gradient, an overlapping or scrolled-away element) or there is no text
 * to judge. Any other reason is a failure here. Above all "equalRatio":
 * text the colour of its own background (1:1), which axe does not report
 * as a violation because it takes it for text hidden on purpose. The inbox
 * badges once were exactly that (grape-9 on grape-9) and passed.
 */
const UNDECIDABLE_CONTRAST = new Set([
  "bgImage",
  "bgGradient",
  "imgNode",
  "bgOverlap",
  "elmPartiallyObscured",
  "elmPartiallyObscuring",
  "outsideViewport",
  "pseudoContent",
  "nonBmp",
  "shortTextContent",
  "emptyValue",
]);

type ContrastData = { messageKey?: string; contrastRatio?: number };

/**
 * Runs axe's WCAG 2.0, 2.1 and 2.2 A/AA rules (colour contrast among them)
 * and expects no violations, and no contrast left to review for a reason
 * other than those above. It also checks that color-contrast actually ran,
 * so a page where it was switched off or found nothing to judge cannot pass.
 */
export async function expectNoAxeViolations(page: Page) {
  // Every node of a violation or of a rule left to review, but only the
  // first of each passing rule: passes are only asked which rules ran.
  // Legacy mode runs axe in the page and its frames; the default opens a
  // second, blank page in the context for every run to merge frames'
  // results in (and missed an srcdoc frame's violations). `options` goes
  // first: it replaces the options object, tags included.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations", "incomplete"] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(" ")} ${node.failureSummary ?? ""}`).join(", ")}`,
  );
  const contrast = results.incomplete.find(
    (rule) => rule.id === "color-contrast",
  );
  for (const node of contrast?.nodes ?? []) {
    const check = node.any.find((each) => each.id === "color-contrast");
    const data = (check?.data ?? {}) as ContrastData;
    if (data.messageKey && UNDECIDABLE_CONTRAST.has(data.messageKey)) continue;
    summary.push(
      `color-contrast (needs review): ${node.target.join(" ")} ${check?.message ?? ""}`,
    );
  }
  // What axe may pass without a word: a badge whose text is the colour of
  // its own fill (a Mantine colour with a shade index on a light badge).
  for (const word of await page
    .locator(".mantine-Badge-root")
    .evaluateAll((badges) =>
      badges
        .filter((badge) => {
          const style = getComputedStyle(badge);
          return style.color === style.backgroundColor;
        })
        .map((badge) => badge.textContent ?? ""),
    )) {
    summary.push(`badge text the colour of its fill: ${word}`);
  }
  expect(summary).toEqual([]);
  expect(results.passes.map((rule) => rule.id)).toContain("color-contrast");
}

/**
 * axe runs inside the page, so it cannot run where scripts are disabled. For
 * the no-js project it checks the same un-hydrated server HTML in a page whose
 * app bundles are blocked instead.
 */
export async function axeTarget(page: Page, browser: Browser, project: string) {
  if (project !== "no-js") return page;
  // The cookies of the test's own page come along: a signed-in state stays signed in.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
  });
  await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
  return context.newPage();
}
