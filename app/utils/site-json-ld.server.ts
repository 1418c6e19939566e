import { createContext } from "react-router";
import { absoluteUrl } from "#app/lib/meta.ts";
import {
  BRAND_NAME,
  DEFAULT_DESCRIPTION,
  SALES_EMAIL,
} from "#app/content/site.ts";

// The JSON-LD every page carries, the same on each, and what a loader adds
// for its page (pageJsonLdContext): the server writes it at the end of the
// document's head (app/entry.server.tsx), outside React's tree, so none of
// it is in the JavaScript a visitor downloads (a route's `meta` runs in the
// browser too). Crawlers read the HTML, not a client-side navigation.

/** JSON-LD objects a loader sets for its own page, written after the site's. */
export const pageJsonLdContext = createContext<Record<string, unknown>[]>([]);

export function organizationJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: BRAND_NAME,
    url: siteUrl,
    // A 512 px PNG of the mark (scripts/social-images.ts): Google reads a
    // logo of at least 112 px, and no SVG.
    logo: absoluteUrl(siteUrl, "/logo.png"),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "sales",
      email: SALES_EMAIL,
      url: absoluteUrl(siteUrl, "/contact-us"),
    },
  };
}

export function softwareApplicationJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: BRAND_NAME,
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web, On-premise",
    url: siteUrl,
    description: DEFAULT_DESCRIPTION,
    offers: {
      "@type": "Offer",
      price: "0",
      priceCurrency: "USD",
      description: "Contact for pricing",
    },
  };
}

/**
 * The site's JSON-LD and the page's as <script> elements, escaped as React
 * Router escapes its own.
 */
export function siteJsonLdHtml(
  siteUrl: string,
  page: Record<string, unknown>[] = [],
) {
  return [
    organizationJsonLd(siteUrl),
    softwareApplicationJsonLd(siteUrl),
    ...page,
  ]
    .map(
      (item) =>
        `<script type="application/ld+json">${JSON.stringify(item).replace(
          /[<>&\u2028\u2029]/g,
          (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
        )}</script>`,
    )
    .join("");
}
