import { describe, expect, test } from "vitest";
import { isAllowedImageSrc, isAllowedLinkUrl } from "./editor-urls.ts";

const PNG_DATA = "data:image/png;base64,iVBORw0KGgo=";

describe("editor links", () => {
  test.each([
    ["https://example.com/a", true],
    ["http://example.com", true],
    [PNG_DATA, true],
    ["javascript:alert(1)", false],
    ["JaVaScRiPt:alert(1)", false],
    ["java\tscript:alert(1)", false],
    ["data:text/html;base64,PHNjcmlwdD4=", false],
    ["data:image/svg+xml;base64,PHN2Zz4=", false],
    ["ftp://example.com", false],
    ["mailto:a@example.com", false],
    ["//evil.example", false],
    ["", false],
  ])("%s -> %s", (url, allowed) => {
    expect(isAllowedLinkUrl(url)).toBe(allowed);
  });
});

describe("editor images", () => {
  test.each([
    ["https://cdn.example/a.JPG", true],
    ["https://cdn.example/a.jpeg?x=1", true],
    ["http://cdn.example/a.gif", true],
    [PNG_DATA, true],
    ["data:image/gif;base64,R0lGODlh", true],
    ["data:image/webp;base64,AAAA", false],
    ["data:image/png,AAAA", false],
    ["https://cdn.example/a.svg", false],
    ["https://cdn.example/a.php?x=.png", false],
    ["javascript:alert(1)//a.png", false],
  ])("%s -> %s", (src, allowed) => {
    expect(isAllowedImageSrc(src)).toBe(allowed);
  });
});
