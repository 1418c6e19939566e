import { z } from "zod";
import { authorPath } from "#app/content/profile.ts";
import { absoluteUrl } from "#app/lib/meta.ts";
import { env } from "#app/utils/env.server.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import { BlogQueryError, toSummaries, SUMMARY_COLUMNS } from "./blog.server.ts";
import {
  readStoredVariants,
  responsiveImage,
  type ResponsiveImage,
} from "./image-variants.server.ts";
import { publicCoverPrefix } from "./post.server.ts";

// Writers as readers see them: the profiles row-level security shows the
// caller (a visitor: only people credited on a public post), a post's
// byline, an author's page with their posts, and the Person JSON-LD both
// link to.

const PROFILE_COLUMNS = "id, slug, display_name, bio, photo_variants, links";

const ProfileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  display_name: z.string(),
  bio: z.string().nullable(),
  photo_variants: z.unknown(),
  links: z.array(z.string()),
});

/** A photo is drawn this wide at most (the author page's). */
const PHOTO_SIZES = "96px";

export type Byline = {
  name: string;
  href: string;
  photo: ResponsiveImage | null;
};

export type AuthorProfile = Byline & {
  id: string;
  slug: string;
  bio: string | null;
  links: string[];
};

function toProfile(row: z.infer<typeof ProfileSchema>): AuthorProfile {
  const variants = readStoredVariants(
    row.photo_variants,
    publicCoverPrefix(env.SUPABASE_URL),
  );
  return {
    id: row.id,
    slug: row.slug,
    name: row.display_name,
    href: authorPath(row.slug),
    bio: row.bio,
    links: row.links,
    photo: responsiveImage(variants?.jpeg.url ?? null, variants, PHOTO_SIZES),
  };
}

function rows(data: unknown) {
  const parsed = z.array(ProfileSchema).safeParse(data ?? []);
  if (!parsed.success) {
    throw new BlogQueryError("", { cause: "author_profiles: unexpected rows" });
  }
  return parsed.data.map(toProfile);
}

/** The profiles of these people the caller may see, in the order asked. */
export async function readBylines(
  supabase: TypedSupabaseClient,
  ids: (string | null)[],
): Promise<AuthorProfile[]> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return [];
  const { data, error } = await supabase
    .from("author_profiles")
    .select(PROFILE_COLUMNS)
    .retry(false)
    .in("id", wanted);
  if (error) throw new BlogQueryError("", { cause: error.message });
  const found = rows(data);
  return wanted.flatMap((id) => found.filter((profile) => profile.id === id));
}

export async function readAuthor(supabase: TypedSupabaseClient, slug: string) {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  const { data, error } = await supabase
    .from("author_profiles")
    .select(PROFILE_COLUMNS)
    .retry(false)
    .eq("slug", slug);
  if (error) throw new BlogQueryError("", { cause: error.message });
  return rows(data)[0] ?? null;
}

/** An author's public posts, newest first: the ones they are credited on or co-wrote. */
export async function listAuthorPosts(
  supabase: TypedSupabaseClient,
  id: string,
  limit = 100,
) {
  const { data, error } = await supabase
    .from("blog_posts")
    .select(SUMMARY_COLUMNS)
    .retry(false)
    .or(`byline_id.eq.${id},co_author_id.eq.${id}`)
    .order("published_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(limit);
  if (error) throw new BlogQueryError("", { cause: error.message });
  return toSummaries(data);
}

export type Writer = { id: string; name: string };

/** Everyone with a profile, for a post's author and co-author choices (writers read all). */
export async function listWriters(
  supabase: TypedSupabaseClient,
): Promise<Writer[]> {
  const { data, error } = await supabase
    .from("author_profiles")
    .select("id, display_name")
    .order("display_name");
  if (error) {
    console.error("Writers failed to load:", error.message);
    return [];
  }
  return z
    .array(z.object({ id: z.string(), display_name: z.string() }))
    .parse(data ?? [])
    .map((row) => ({ id: row.id, name: row.display_name }));
}

/** Every author page a visitor can open: the sitemap's. */
export async function listAuthorSlugs(supabase: TypedSupabaseClient) {
  const { data, error } = await supabase
    .from("author_profiles")
    .select("slug")
    .retry(false)
    .order("slug");
  if (error) throw new BlogQueryError("", { cause: error.message });
  return z
    .array(z.object({ slug: z.string() }))
    .parse(data ?? [])
    .map((row) => row.slug);
}

/** The Person of schema.org an author's page describes, by its URL as @id. */
export function personJsonLd(profile: AuthorProfile) {
  const url = absoluteUrl(env.SITE_URL, profile.href);
  return {
    "@type": "Person",
    "@id": `${url}#person`,
    name: profile.name,
    url,
    ...(profile.bio ? { description: profile.bio } : {}),
    ...(profile.photo ? { image: profile.photo.src } : {}),
    ...(profile.links.length > 0 ? { sameAs: profile.links } : {}),
  };
}

/** What a post's page ships of a byline: the name, the page, the photo. */
export function bylineOf({ name, href, photo }: AuthorProfile): Byline {
  return { name, href, photo };
}
