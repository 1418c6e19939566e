import type { APIRequestContext } from "@playwright/test";
import { Parser } from "htmlparser2";
import { signInRequest } from "../support/auth-helpers.ts";
import { expect, test } from "../support/fixtures.ts";

// The errors the W3C HTML checker found on the Mantine pages and nowhere
// else, checked on the HTML the server sends for every public page and the
// team's tools: no <style> element inside <body> (Mantine's responsive style
// props and remix-utils' honeypot wrote them), every autocomplete attribute a
// token HTML defines (the honeypot said "nope"), and no time written without
// its unit (Mantine's Loader had `animation-delay:0`). Plain HTTP, so it runs
// once (@js-only).

const POST = "/blueprints/b0000000-0000-4000-8000-000000000001";

const PUBLIC_PAGES = [
  "/",
  "/company",
  "/careers",
  "/careers/1",
  "/careers/2",
  "/contact-us",
  "/newsletter",
  "/blueprint-showcase",
  "/blueprints",
  "/blueprints?tag=Blueprints",
  "/blueprints?q=agents",
  "/blueprints?q=zzzznothingmatches",
  POST,
  "/agents/data-engineer",
  "/agents/data-analyst",
  "/agents/ml-engineer",
  "/auth",
  "/no-such-page",
];

const TOOL_PAGES = [
  "/write",
  "/edit/b0000000-0000-4000-8000-000000000001",
  `${POST}/delete`,
  "/admin",
  "/admin/inbox",
  "/admin/newsletter",
];

// The autofill field names of the HTML standard ("Autofilling form controls").
const FIELD_NAMES = new Set(
  `name honorific-prefix given-name additional-name family-name
  honorific-suffix nickname username new-password current-password
  one-time-code organization-title organization street-address address-line1
  address-line2 address-line3 address-level4 address-level3 address-level2
  address-level1 country country-name postal-code cc-name cc-given-name
  cc-additional-name cc-family-name cc-number cc-exp cc-exp-month cc-exp-year
  cc-csc cc-type transaction-currency transaction-amount language bday
  bday-day bday-month bday-year sex url photo tel tel-country-code
  tel-national tel-area-code tel-local tel-local-prefix tel-local-suffix
  tel-extension email impp`.split(/\s+/),
);
const CONTACT_FIELDS = new Set(
  "tel tel-country-code tel-national tel-area-code tel-local tel-local-prefix tel-local-suffix tel-extension email impp".split(
    " ",
  ),
);

/** Whether an autocomplete value is "on", "off" or a valid detail token list. */
function validAutocomplete(value: string) {
  const tokens = value.trim().toLowerCase().split(/\s+/);
  if (tokens.length === 1 && (tokens[0] === "on" || tokens[0] === "off"))
    return true;
  if (tokens.at(-1) === "webauthn") tokens.pop();
  const field = tokens.pop();
  if (!field || !FIELD_NAMES.has(field)) return false;
  if (
    ["home", "work", "mobile", "fax", "pager"].includes(tokens.at(-1) ?? "")
  ) {
    if (!CONTACT_FIELDS.has(field)) return false;
    tokens.pop();
  }
  if (["shipping", "billing"].includes(tokens.at(-1) ?? "")) tokens.pop();
  if (tokens[0]?.startsWith("section-")) tokens.shift();
  return tokens.length === 0;
}

// A time property whose value is a bare number: CSS wants `0s`, not `0`.
const UNITLESS_TIME =
  /(?:animation|transition)-(?:delay|duration)\s*:\s*-?[\d.]+\s*(?=[;}"]|$)/g;

/** What the checker would report of these three kinds, as readable lines. */
function htmlProblems(html: string) {
  const problems: string[] = [];
  let inBody = false;
  let styleText: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "body") inBody = true;
        if (name === "style") {
          if (inBody) problems.push("a <style> element inside <body>");
          styleText = "";
        }
        if ("autocomplete" in attributes) {
          const value = attributes.autocomplete ?? "";
          if (!validAutocomplete(value))
            problems.push(`autocomplete="${value}" on <${name}>`);
        }
        for (const match of (attributes.style ?? "").matchAll(UNITLESS_TIME))
          problems.push(`a time without a unit: style="${match[0]}"`);
      },
      ontext(text) {
        if (styleText !== null) styleText += text;
      },
      onclosetag(name) {
        if (name === "style" && styleText !== null) {
          for (const match of styleText.matchAll(UNITLESS_TIME))
            problems.push(`a time without a unit: ${match[0]}`);
          styleText = null;
        }
      },
    },
    { lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return problems;
}

async function expectValid(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.ok(), path).toBe(path !== "/no-such-page");
  const html = await response.text();
  expect(html, path).toMatch(/<body/);
  expect(htmlProblems(html), path).toEqual([]);
}

test("the checker's three findings are caught @js-only", () => {
  expect(
    htmlProblems(
      '<html><head><style>.a{animation-delay:0}</style></head><body><style>.b{}</style><input autocomplete="nope"><div style="transition-duration: 0"></div></body></html>',
    ),
  ).toEqual([
    "a time without a unit: animation-delay:0",
    "a <style> element inside <body>",
    'autocomplete="nope" on <input>',
    'a time without a unit: style="transition-duration: 0"',
  ]);
  expect(
    htmlProblems(
      '<html><head><style>.a{animation-delay:0s;transition-duration:120ms}</style></head><body><input autocomplete="off"><input autocomplete="section-a shipping email"><input autocomplete="current-password webauthn"></body></html>',
    ),
  ).toEqual([]);
});

test("every public page's HTML is free of them @js-only", async ({
  request,
}) => {
  for (const path of PUBLIC_PAGES) await expectValid(request, path);
});

test("the team's tools are free of them @js-only", async ({ request }) => {
  await signInRequest(request, "admin");
  for (const path of TOOL_PAGES) await expectValid(request, path);
});
