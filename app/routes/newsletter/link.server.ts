import { data } from "react-router";
import { BAD_LINK_COPY } from "#app/content/newsletter.ts";
import { tokenIsValid, type LinkPurpose } from "./newsletter.server.ts";

/**
 * A link page is one person's: never kept by a cache, never indexed, its
 * address (the token) never sent to another site. `same-origin` rather than
 * `no-referrer`, under which the button's POST would carry `Origin: null`
 * and be refused as a cross-site post.
 */
export const LINK_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
};

/** A bad token's answer: 404 with the page's own words. */
export function badLink() {
  return data(
    { message: BAD_LINK_COPY.text },
    { status: 404, headers: LINK_PAGE_HEADERS },
  );
}

/** The GET of a link page: checks the token and changes nothing. */
export async function linkLoader(token: string, purpose: LinkPurpose) {
  if (!(await tokenIsValid(token, purpose))) throw badLink();
  return data({ done: null }, { headers: LINK_PAGE_HEADERS });
}
