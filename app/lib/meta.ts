import type { MetaDescriptor } from "react-router";
import {
  BRAND_NAME,
  DEFAULT_DESCRIPTION,
  DEFAULT_SOCIAL_IMAGE_PATH,
  DEFAULT_TITLE,
} from "#app/content/site.ts";

export type PageMeta = {
  title?: string;
  description?: string;
  /** Absolute URL or a site-relative path. */
  image?: string | null;
  article?: boolean;
  jsonLd?: Record<string, unknown>[];
  /** Keep crawlers out of private pages (sign-in, writing, admin). */
  noIndex?: boolean;
};

type MetaArgs = {
  /** The origin the site is served from, without a trailing slash. */
  siteUrl: string;
  pathname: string;
};

export function pageTitle(title?: string) {
  return title ? `${title} | ${BRAND_NAME}` : DEFAULT_TITLE;
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string) {
  return new URL(pathOrUrl, `${siteUrl}/`).toString();
}

/**
 * Builds every metadata tag the product requires for one page. React Router keeps
 * only the deepest route's meta, so each route calls this with its own values
 * and inherits the defaults here. The site's own JSON-LD, the same on every
 * page, is written by the server (app/utils/site-json-ld.server.ts).
 */
export function buildMeta(
  { siteUrl, pathname }: MetaArgs,
  page: PageMeta = {},
): MetaDescriptor[] {
  const title = page.title ? pageTitle(page.title) : DEFAULT_TITLE;
  const description = page.description ?? DEFAULT_DESCRIPTION;
  const url = absoluteUrl(siteUrl, pathname);
  const image = absoluteUrl(siteUrl, page.image || DEFAULT_SOCIAL_IMAGE_PATH);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.noIndex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { property: "og:site_name", content: BRAND_NAME },
    { property: "og:type", content: page.article ? "article" : "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(page.jsonLd ?? []).map((item) => ({ "script:ld+json": item })),
  ];
}

type RouteMetaArgs = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
};

/** The site origin, as the root loader gives it to every route's `meta`. */
export function rootSiteUrl(args: Pick<RouteMetaArgs, "matches">) {
  const root = args.matches.find((match) => match?.id === "root");
  return (root?.loaderData as { siteUrl?: string } | undefined)?.siteUrl ?? "";
}

/** `buildMeta` for a route's `meta` export: reads the site origin from the root loader. */
export function routeMeta(args: RouteMetaArgs, page?: PageMeta) {
  return buildMeta(
    { siteUrl: rootSiteUrl(args), pathname: args.location.pathname },
    page,
  );
}
