import { Outlet, useLocation, useMatches, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { BlogListLoading } from "./blog-list-loading.tsx";
import { PostSkeleton } from "./post-skeleton.tsx";
import { SubscribeForm } from "./subscribe-form.tsx";
import { BLOG_PATH, RSS_TITLE } from "#app/content/blog.ts";
import type { SubscribeFormCopy } from "#app/content/newsletter.ts";

export const links: Route.LinksFunction = () => [
  {
    rel: "alternate",
    type: "application/rss+xml",
    title: RSS_TITLE,
    href: `${BLOG_PATH}/rss.xml`,
  },
];

// A post itself, not its sub-pages (the delete confirmation) or the feed.
const POST_PATH = new RegExp(`^${BLOG_PATH}/[0-9a-f-]{36}$`, "i");

/**
 * The blog's frame. While a client navigation between blog pages loads, it
 * shows what is coming: a post skeleton on the way to a post, the list's
 * "Loading..." on the way back to the list. The list shows its own state
 * when only its filter or page changes. Below the page, the subscribe form
 * whose words the page's loader sent: drawn here, the form is in the chunk
 * the list and a post share already, not in one more file of its own.
 */
export default function BlogLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const subscribe = useMatches()
    .map(
      (match) =>
        (match.loaderData as { subscribe?: SubscribeFormCopy })?.subscribe,
    )
    .find(Boolean);
  const target =
    navigation.state === "loading" ? navigation.location.pathname : null;
  if (target && POST_PATH.test(target) && target !== location.pathname) {
    return <PostSkeleton />;
  }
  if (target === BLOG_PATH && location.pathname !== BLOG_PATH) {
    return <BlogListLoading />;
  }
  return (
    <>
      <Outlet />
      {subscribe ? <SubscribeForm copy={subscribe} /> : null}
    </>
  );
}
