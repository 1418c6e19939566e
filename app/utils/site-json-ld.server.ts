import { absoluteUrl } from "#app/lib/meta.ts";
import {
  BRAND_NAME,
  DEFAULT_DESCRIPTION,
  SALES_EMAIL,
} from "#app/content/site.ts";

// The JSON-LD every page carries, the same on each: the server writes it at
// the end of the document's head (app/entry.server.tsx), outside React's
// tree, so none of it is in the JavaScript a visitor downloads (a route's
// `meta` runs in the browser too). Crawlers read the HTML; a client-side
// navigation keeps the tags of the first page, which are the same.

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

/** The site's JSON-LD as <script> elements, escaped as React Router escapes its own. */
export function siteJsonLdHtml(siteUrl: string) {
  return [organizationJsonLd(siteUrl), softwareApplicationJsonLd(siteUrl)]
    .map(
      (item) =>
        `<script type="application/ld+json">${JSON.stringify(item).replace(
          /[<>&\u2028\u2029]/g,
          (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
        )}</script>`,
    )
    .join("");
}
