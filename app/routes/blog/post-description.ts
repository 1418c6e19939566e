import { descriptionFallback } from "#app/content/blog-description.ts";

/**
 * What a post says of itself to search engines and link previews: its own
 * meta description, else its excerpt, else a sentence with its title
 * (decision 135). One rule for the post page and the editor's preview.
 */
export function postDescription(post: {
  title: string;
  excerpt?: string | null;
  meta_description?: string | null;
}): string {
  return (
    post.meta_description?.trim() ||
    post.excerpt?.trim() ||
    descriptionFallback(post.title)
  );
}
