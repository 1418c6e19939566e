import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import type { IconName } from "#app/components/icon.tsx";

// TypeScript makes this list name every IconName, and only those.
const NAMES: Record<IconName, true> = {
  "arrow-right": true,
  bulb: true,
  "chart-pie": true,
  check: true,
  "chevron-down": true,
  cloud: true,
  copy: true,
  discord: true,
  eye: true,
  facebook: true,
  flask: true,
  gauge: true,
  github: true,
  heart: true,
  link: true,
  linkedin: true,
  menu: true,
  scale: true,
  server: true,
  share: true,
  "shield-check": true,
  sparkles: true,
  target: true,
  trash: true,
  "user-minus": true,
  world: true,
  x: true,
  "x-logo": true,
};

const sprite = readFileSync(
  new URL("../assets/icons.svg", import.meta.url),
  "utf8",
);
const symbols = [...sprite.matchAll(/<symbol\b([^>]*)>([\s\S]*?)<\/symbol>/g)];

test("the sprite draws every icon name, and nothing else", () => {
  const ids = symbols.map(
    ([, attributes = ""]) => /id="([^"]+)"/.exec(attributes)?.[1],
  );
  expect(ids.toSorted()).toEqual(Object.keys(NAMES).toSorted());
});

test("every symbol is on the 24-unit grid and leaves the stroke to <Icon>", () => {
  for (const [, attributes = "", body = ""] of symbols) {
    expect(attributes).toContain('viewBox="0 0 24 24"');
    expect(body).toMatch(/^<path d="[^"]+"\/>$/);
    expect(body).not.toMatch(/stroke|fill/);
  }
});
