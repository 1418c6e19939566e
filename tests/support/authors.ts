import { randomUUID } from "node:crypto";
import { ACCOUNTS } from "./auth-helpers.ts";
import { service } from "./form-helpers.ts";

// The author account's profile, and a public post of this test credited to
// it, made as the database holds them. The profile is the same whichever
// spec makes it first; the post is the caller's to delete.

export const AXE_AUTHOR = {
  slug: "ada-example",
  name: "Ada Example",
  bio: "Writes the blueprints on agents that run themselves.",
};

/** The author account's profile: a post it writes is credited to it by default. */
export async function authorProfile() {
  const profile = await service.from("author_profiles").upsert({
    id: ACCOUNTS.author.id,
    slug: AXE_AUTHOR.slug,
    display_name: AXE_AUTHOR.name,
    bio: AXE_AUTHOR.bio,
    links: ["https://example.com/ada"],
  });
  if (profile.error) throw profile.error;
}

export async function creditedPost(label: string) {
  await authorProfile();
  const title = `${label} ${randomUUID().slice(0, 8)}`;
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title,
      excerpt: "A post credited to its author.",
      content: "<p>A post credited to its author.</p>",
      author_id: ACCOUNTS.author.id,
      byline_id: ACCOUNTS.author.id,
      published: true,
      // Published long ago: off the first page of posts other specs read.
      created_at: new Date(Date.UTC(2020, 4, 1)).toISOString(),
    })
    .select("id")
    .single();
  if (error) throw error;
  return { id: (data as { id: string }).id, title };
}
