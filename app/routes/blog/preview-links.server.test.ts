import { describe, expect, test } from "vitest";
import {
  isPreviewToken,
  newPreviewToken,
  previewTokenHash,
} from "./preview-links.server.ts";

describe("preview tokens", () => {
  test("are 256 random bits in base64url, never the same twice", () => {
    const tokens = new Set(Array.from({ length: 100 }, newPreviewToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(isPreviewToken(token)).toBe(true);
    expect(isPreviewToken("short")).toBe(false);
    expect(isPreviewToken(`${newPreviewToken()}x`)).toBe(false);
  });

  test("are stored as a hex SHA-256, which does not contain them", () => {
    const token = newPreviewToken();
    expect(previewTokenHash(token)).toBe(previewTokenHash(token));
    expect(previewTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(previewTokenHash("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});
