import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * Runs axe's WCAG 2.0 and 2.1 A/AA rules (colour contrast among them) and
 * expects no violations. It also checks that color-contrast actually ran, so
 * a page where it was switched off or found nothing to judge cannot pass.
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(" ")} ${node.failureSummary ?? ""}`).join(", ")}`,
  );
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
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: true,
  });
  await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
  return context.newPage();
}
