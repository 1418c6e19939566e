import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { BLOG_PATH } from "#app/content/blog.ts";
import { LOAD_FAILED, POST_NOT_FOUND } from "./post-messages.ts";

/**
 * The ErrorBoundary of an author's pages for one post (edit, delete): the
 * guards' refusals, then the post's 404 and its backend's 503 (requirePost).
 */
export function PostAccessBoundary() {
  return (
    <AccessBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage
            title={POST_NOT_FOUND.title}
            message={POST_NOT_FOUND.description}
            actions={[{ to: BLOG_PATH, label: "Blueprints" }]}
          />
        ),
        503: () => (
          <ErrorPage
            title={LOAD_FAILED.title}
            message={LOAD_FAILED.description}
            actions={[{ to: ".", label: "Try again" }]}
          />
        ),
      }}
    />
  );
}
