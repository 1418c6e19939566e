import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/utils/env.server.ts";

const valid = {
  NODE_ENV: "development",
  SUPABASE_URL: "http://127.0.0.1:54321/",
  SUPABASE_PUBLISHABLE_KEY: "sb_publishable_long-enough-123",
};

describe("parseEnv", () => {
  it("fills development defaults and trims trailing slashes", () => {
    const env = parseEnv(valid);
    expect(env.SUPABASE_URL).toBe("http://127.0.0.1:54321");
    expect(env.SITE_URL).toMatch(/^http:\/\/localhost:\d+$/);
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("names every missing or malformed variable", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "development", SUPABASE_URL: "not a url" }),
    ).toThrowError(
      /SUPABASE_URL must be an http\(s\) URL[\s\S]*SUPABASE_PUBLISHABLE_KEY is missing \(or its legacy name SUPABASE_ANON_KEY\)/,
    );
  });

  it("still reads the keys under their legacy names", () => {
    const env = parseEnv({
      NODE_ENV: "development",
      SUPABASE_URL: "http://127.0.0.1:54321",
      SUPABASE_ANON_KEY: "legacy-anon-key-long-enough",
      SUPABASE_SERVICE_ROLE_KEY: "legacy-service-key-long-enough",
    });
    expect(env.SUPABASE_PUBLISHABLE_KEY).toBe("legacy-anon-key-long-enough");
    expect(env.SUPABASE_SECRET_KEY).toBe("legacy-service-key-long-enough");
  });

  it("prefers the new names when both are set", () => {
    const env = parseEnv({
      ...valid,
      SUPABASE_ANON_KEY: "legacy-anon-key-long-enough",
    });
    expect(env.SUPABASE_PUBLISHABLE_KEY).toBe("sb_publishable_long-enough-123");
  });

  it("refuses a short session secret", () => {
    expect(() => parseEnv({ ...valid, SESSION_SECRET: "short" })).toThrowError(
      /SESSION_SECRET must be at least 32 characters/,
    );
  });
});
