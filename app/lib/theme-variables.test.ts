import { readdirSync, readFileSync } from "node:fs";
import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cssVariablesResolver, theme } from "#app/lib/theme.ts";

const appCss = readFileSync(
  new URL("../styles/app.css", import.meta.url),
  "utf8",
);

function declarations(block: string) {
  return Object.fromEntries(
    block
      .split(";")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const colon = line.indexOf(":");
        // Prettier rewraps and requotes app.css; the values are the same.
        const value = line
          .slice(colon + 1)
          .replace(/\s+/g, " ")
          .replace(/\(\s/g, "(")
          .replace(/\s\)/g, ")")
          .replaceAll("'", '"')
          .trim();
        return [line.slice(0, colon).trim(), value];
      }),
  );
}

/** The declarations of the first rule whose selector list starts with `selector`. */
function rule(css: string, selector: string) {
  const start = css.indexOf(selector);
  if (start === -1) throw new Error(`no rule for ${selector}`);
  const open = css.indexOf("{", start);
  return declarations(css.slice(open + 1, css.indexOf("}", open)));
}

describe("the theme's CSS variables in app/styles/app.css", () => {
  // Every page takes the theme's variables from app.css (the provider of
  // app/routes/mantine-layout.tsx writes none), so app.css must set exactly
  // what the provider would for the theme and the site's tokens.
  const provided = renderToStaticMarkup(
    createElement(MantineProvider, {
      theme,
      cssVariablesResolver,
      defaultColorScheme: "light",
    }),
  );
  const styles = /<style data-mantine-styles="true">(.*?)<\/style>/s.exec(
    provided,
  )?.[1];

  it("match what MantineProvider sets on :root", () => {
    expect(styles).toBeDefined();
    expect(rule(appCss, ":root {")).toEqual(rule(styles ?? "", ":root"));
  });

  it("match what MantineProvider sets for the light colour scheme", () => {
    expect(rule(appCss, ':root[data-mantine-color-scheme="light"]')).toEqual(
      rule(styles ?? "", ':root[data-mantine-color-scheme="light"]'),
    );
  });
});

describe("Mantine's responsive props", () => {
  // The provider of app/routes/mantine-layout.tsx writes no classes into
  // <body>, and app/styles/mantine.css carries none for hiddenFrom and
  // visibleFrom: a component given either would show at every width.
  it("are used by no component", () => {
    const sources = readdirSync(new URL("../", import.meta.url), {
      recursive: true,
      encoding: "utf8",
    }).filter((file) => file.endsWith(".tsx"));
    expect(sources.length).toBeGreaterThan(10);
    const using = sources.filter((file) =>
      /\b(hiddenFrom|visibleFrom)=/.test(
        readFileSync(new URL(`../${file}`, import.meta.url), "utf8"),
      ),
    );
    expect(using).toEqual([]);
  });
});
