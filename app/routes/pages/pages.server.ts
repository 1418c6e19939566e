import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { schemaOf, type ContentOf } from "#app/lib/content-model.ts";
import {
  isPreviewToken,
  newPreviewToken,
  previewTokenHash,
} from "#app/routes/blog/preview-links.server.ts";
import { dropStoredPages } from "#app/utils/page-cache.server.ts";
import { readFormBody } from "#app/utils/form-body.server.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import {
  bodyRefusal,
  SMALL_FORM_MAX_BYTES,
} from "#app/utils/public-form.server.ts";
import {
  MARKETING_CACHE_CONTROL,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  publicCacheHeaders,
} from "#app/utils/public-cache.server.ts";
import {
  getSupabase,
  type TypedSupabaseClient,
} from "#app/utils/supabase.server.ts";
import { PAGE_TYPES, type PageKey } from "./page-types.ts";
import { agentSeed, getAgent } from "#app/content/agents.ts";
import { COMPANY_SEED } from "#app/content/company.ts";
import { HOME_SEED } from "#app/content/home.ts";
import { PRIVACY_NOTICE } from "#app/content/privacy.ts";

// Reads and writes of the pages the team edits (decision 236). Public pages
// read their published version with the visitor's own session, so row-level
// security decides; the tools write with the team member's, and every write
// drops this server's stored copies of those pages.

/** The one guard of the page tools: admins and editors edit pages. */
export function requirePageEditor(
  context: Readonly<RouterContextProvider>,
  request: Request,
) {
  return requireAccess(context, request, "pages");
}

/**
 * A page form's body: a small form, as requireSmallForm reads one, but with
 * a field per text of the page (the home page has about seventy).
 */
export async function requirePageForm(request: Request) {
  const { formData, problem } = await readFormBody(request, {
    maxFields: 500,
    maxFieldBytes: SMALL_FORM_MAX_BYTES,
    maxTotalBytes: SMALL_FORM_MAX_BYTES,
    maxFiles: 0,
  });
  if (problem) {
    const refusal = bodyRefusal(problem);
    throw data({ message: refusal.message }, { status: refusal.status });
  }
  return formData;
}

export type PageContent<K extends PageKey> = ContentOf<
  (typeof PAGE_TYPES)[K]["fields"]
>;

export function pageSchema<K extends PageKey>(key: K) {
  return schemaOf(PAGE_TYPES[key].fields) as z.ZodType<PageContent<K>>;
}

/** Each page's words as the product fixed them: its seeded version. */
export const PAGE_SEEDS: { [K in PageKey]: PageContent<K> } = {
  home: HOME_SEED,
  company: COMPANY_SEED,
  privacy: { notice: PRIVACY_NOTICE },
  "data-engineer": agentSeed(getAgent("data-engineer")!),
  "data-analyst": agentSeed(getAgent("data-analyst")!),
  "ml-engineer": agentSeed(getAgent("ml-engineer")!),
};

const VersionRow = z.object({
  id: z.number(),
  content: z.record(z.string(), z.unknown()),
  published_at: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type PageVersion = z.infer<typeof VersionRow>;

const VERSION_COLUMNS = "id, content, published_at, created_at, created_by";

/**
 * A public page read gives up after this long and the page is drawn from
 * what it last showed: a marketing page answers while Supabase is away.
 */
const PUBLIC_READ_MS = 1_500;

/** What each page showed last, per process: its words while the database is away. */
const lastPublished = new Map<PageKey, unknown>();

/**
 * The page's published content for this visitor, and the cache headers that
 * end no lifetime past its next scheduled version. When the database cannot
 * be read (or holds nothing that fits the type), the page shows the content
 * it last read, else its seed, for a short lifetime: a marketing page never
 * fails with the backend.
 */
export async function readPublishedPage<K extends PageKey>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  key: K,
): Promise<{ content: PageContent<K>; headers: HeadersInit }> {
  const supabase = getSupabase(context);
  const signal = AbortSignal.timeout(PUBLIC_READ_MS);
  const [version, next] = await Promise.all([
    supabase
      .from("page_versions")
      .select("content")
      .eq("page_key", key)
      .lte("published_at", new Date().toISOString())
      .order("published_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(1)
      .retry(false)
      .abortSignal(signal)
      .maybeSingle(),
    supabase
      .rpc("page_next_publication", { p_key: key })
      .retry(false)
      .abortSignal(signal),
  ]);
  const content = pageSchema(key).safeParse(version.data?.content);
  if (version.error || next.error || !content.success) {
    console.error(
      `Reading the ${key} page failed, showing its last known words:`,
      version.error?.message ?? next.error?.message ?? "no version fits",
    );
    return {
      content: (lastPublished.get(key) ?? PAGE_SEEDS[key]) as PageContent<K>,
      headers: publicCacheHeaders(request, 200, 0),
    };
  }
  lastPublished.set(key, content.data);
  const secondsLeft = next.data
    ? (Date.parse(next.data) - Date.now()) / 1000
    : null;
  return {
    content: content.data,
    headers: contentCacheHeaders(request, secondsLeft),
  };
}

/**
 * A page on content is kept by a shared cache like a marketing page while
 * nothing is scheduled; with a version scheduled, like a blog page, never
 * past its time.
 */
function contentCacheHeaders(request: Request, secondsLeft: number | null) {
  // After a form's post the page shows what was typed: never shared.
  if (request.method !== "GET" && request.method !== "HEAD") {
    return { "Cache-Control": PRIVATE_CACHE_CONTROL };
  }
  const headers = new Headers(publicCacheHeaders(request, 200, secondsLeft));
  if (
    secondsLeft === null &&
    headers.get("Cache-Control") === PUBLIC_CACHE_CONTROL
  ) {
    headers.set("Cache-Control", MARKETING_CACHE_CONTROL);
  }
  return headers;
}

export type PageState =
  { kind: "published" } | { kind: "draft" } | { kind: "scheduled"; at: string };

/** Where the newest version stands: published, a draft, or scheduled. */
export function stateOf(
  version: Pick<PageVersion, "published_at">,
  now = Date.now(),
): PageState {
  if (version.published_at === null) return { kind: "draft" };
  if (Date.parse(version.published_at) > now) {
    return { kind: "scheduled", at: version.published_at };
  }
  return { kind: "published" };
}

/** Every version of a page, newest first: its revisions. */
export async function listVersions(
  supabase: TypedSupabaseClient,
  key: PageKey,
) {
  const { data, error } = await supabase
    .from("page_versions")
    .select(VERSION_COLUMNS)
    .eq("page_key", key)
    .order("id", { ascending: false })
    .limit(100);
  if (error) throw new Error(`listing ${key} versions: ${error.message}`);
  return z.array(VersionRow).parse(data);
}

/** Who wrote each version, by the names the team knows them by. */
export async function authorNames(
  supabase: TypedSupabaseClient,
  ids: (string | null)[],
) {
  const wanted = [...new Set(ids.filter((id) => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const { data } = await supabase
    .from("platform_users")
    .select("id, username, email")
    .in("id", wanted);
  return new Map(
    (data ?? []).map((user) => [user.id, user.username ?? user.email ?? ""]),
  );
}

/** The newest version of every page, for the list in the tools. */
export async function listPages(supabase: TypedSupabaseClient) {
  const { data, error } = await supabase
    .from("page_versions")
    .select(`page_key, ${VERSION_COLUMNS}`)
    .order("id", { ascending: false })
    .limit(1000);
  if (error) throw new Error(`listing pages: ${error.message}`);
  const newest = new Map<string, PageVersion>();
  for (const row of data) {
    if (!newest.has(row.page_key))
      newest.set(row.page_key, VersionRow.parse(row));
  }
  return newest;
}

export type SaveMode =
  { kind: "draft" } | { kind: "publish" } | { kind: "schedule"; at: string };

/**
 * Saves a version based on the one the editor saw; "conflict" when another
 * was saved since, and nothing written.
 */
export async function savePageVersion(
  supabase: TypedSupabaseClient,
  key: PageKey,
  content: unknown,
  base: number | null,
  mode: SaveMode,
) {
  const { data, error } = await supabase.rpc("save_page_version", {
    p_key: key,
    p_content: pageSchema(key).parse(content) as never,
    p_base: base as number,
    p_publish_now: mode.kind === "publish",
    p_published_at: mode.kind === "schedule" ? mode.at : (null as never),
  });
  dropStoredPages("until-pages-change");
  if (error) {
    console.error(`Saving the ${key} page failed:`, error.message);
    return { ok: false as const, reason: "failed" as const };
  }
  if (data === null) return { ok: false as const, reason: "conflict" as const };
  return { ok: true as const, id: data };
}

/** A link that opens this version signed out; the token, or null. */
export async function createPagePreviewLink(
  supabase: TypedSupabaseClient,
  versionId: number,
) {
  const token = newPreviewToken();
  const { error } = await supabase
    .from("page_preview_links")
    .insert({ version_id: versionId, token_hash: previewTokenHash(token) });
  if (error) {
    console.error("Page preview link failed:", error.message);
    return null;
  }
  return token;
}

const PreviewRow = z.object({
  page_key: z.string(),
  content: z.unknown(),
  expires_at: z.string(),
});

/** The version a preview link opens, or null for an unknown or expired link. */
export async function pageByPreviewToken(
  supabase: TypedSupabaseClient,
  token: string | undefined,
) {
  if (!isPreviewToken(token)) return null;
  const { data, error } = await supabase.rpc("page_by_preview_token", {
    p_token: token,
  });
  if (error) throw new Error(`opening a page preview: ${error.message}`);
  if (data === null) return null;
  return PreviewRow.parse(data);
}
