import { z } from "zod";
import { trimEndOf } from "#supabase/functions/_shared/text.ts";

const isProduction = process.env.NODE_ENV === "production";

// Development and tests get working defaults; production must be configured
// explicitly, so a forgotten secret stops the server instead of shipping.
function devDefault<T extends z.ZodType>(schema: T, value: string) {
  return isProduction ? schema : schema.default(value as never);
}

const url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(["production", "development", "test"])
    .default("development"),
  SITE_URL: devDefault(url, `http://localhost:${process.env.PORT ?? 3000}`),
  PLATFORM_URL: devDefault(url, "https://platform.recursa.ai"),
  SUPABASE_URL: url,
  SUPABASE_PUBLISHABLE_KEY: z
    .string()
    .min(20, "must be the project's publishable (or anon) key"),
  SUPABASE_SECRET_KEY: z.string().min(20).optional(),
  SESSION_SECRET: devDefault(
    z.string().min(32, "must be at least 32 characters"),
    "development-session-secret-0123456789abcdef",
  ),
  // How long an anonymous render of the blog list or a post is replayed from
  // memory (0 turns that off); marketing pages are kept regardless.
  PAGE_CACHE_BLOG_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  // The same for the pages the team edits (app/routes/pages): a version
  // published on another machine, or straight into the database, shows here
  // within it; one published through this server shows at once.
  PAGE_CACHE_CONTENT_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(300)
    .default(5),
  // The window of every rate limit. A minute in production; the end-to-end
  // tests shorten it to watch a limit recover without waiting a minute.
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1_000, "must be at least 1000 (ms)")
    .max(3_600_000, "must be at most 3600000 (ms)")
    .default(60_000),
  // Visitor analytics (decision 160): "off" stops counting page views and
  // forms (the bench measures stored pages both ways).
  ANALYTICS: z.enum(["on", "off"]).default("on"),
  // How often each machine hands its counted page views to Postgres.
  ANALYTICS_FLUSH_MS: z.coerce
    .number()
    .int()
    .min(100, "must be at least 100 (ms)")
    .max(60_000, "must be at most 60000 (ms)")
    .default(5_000),
  // The header a CDN in front puts the visitor's country in (CF-IPCountry
  // behind Cloudflare); unset or empty, no country is kept.
  COUNTRY_HEADER: z
    .string()
    .optional()
    .transform((name) => name || undefined),
});

export type Env = z.infer<typeof EnvSchema>;

// A project's API keys under the names they had before sb_ keys still work.
const LEGACY_KEY_NAMES = {
  SUPABASE_PUBLISHABLE_KEY: "SUPABASE_ANON_KEY",
  SUPABASE_SECRET_KEY: "SUPABASE_SERVICE_ROLE_KEY",
} as const;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse({
    ...source,
    SUPABASE_PUBLISHABLE_KEY:
      source.SUPABASE_PUBLISHABLE_KEY || source.SUPABASE_ANON_KEY,
    SUPABASE_SECRET_KEY:
      source.SUPABASE_SECRET_KEY || source.SUPABASE_SERVICE_ROLE_KEY,
  });
  if (result.success) {
    return {
      ...result.data,
      SITE_URL: trimEndOf(result.data.SITE_URL, "/"),
      PLATFORM_URL: trimEndOf(result.data.PLATFORM_URL, "/"),
      SUPABASE_URL: trimEndOf(result.data.SUPABASE_URL, "/"),
    };
  }
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const legacyName =
      LEGACY_KEY_NAMES[name as keyof typeof LEGACY_KEY_NAMES] ?? null;
    const reason =
      issue.code === "invalid_type" && issue.input === undefined
        ? legacyName
          ? `is missing (or its legacy name ${legacyName})`
          : "is missing"
        : issue.message;
    return `  ${name} ${reason}`;
  });
  throw new EnvError(
    `Invalid environment configuration:\n${problems.join("\n")}\nSee .env.example for every variable.`,
  );
}

export class EnvError extends Error {
  name = "EnvError";
}

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError && isProduction) {
      // A stack trace would bury the variable's name; print the message and stop.
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export const env = loadEnv();

export const isProductionEnv = env.NODE_ENV === "production";

/** Cookies are marked Secure whenever the public site is served over https. */
export const secureCookies = env.SITE_URL.startsWith("https://");
