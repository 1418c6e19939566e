import { describe, expect, it } from "vitest";
import { siteJsonLdHtml } from "#app/utils/site-json-ld.server.ts";

function parsed(html: string) {
  return [
    ...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
  ].map(([, json]) => JSON.parse(json!) as Record<string, unknown>);
}

describe("siteJsonLdHtml", () => {
  it("writes the organization and the product as JSON-LD script elements", () => {
    const [organization, product, ...rest] = parsed(
      siteJsonLdHtml("https://www.example.com"),
    );
    expect(rest).toEqual([]);
    expect(organization).toMatchObject({
      "@type": "Organization",
      url: "https://www.example.com",
      logo: "https://www.example.com/logo.png",
      contactPoint: {
        contactType: "sales",
        url: "https://www.example.com/contact-us",
      },
    });
    expect(product).toMatchObject({
      "@type": "SoftwareApplication",
      offers: {
        price: "0",
        priceCurrency: "USD",
        description: "Contact for pricing",
      },
    });
  });

  it("cannot end its script element, whatever the site's address holds", () => {
    const html = siteJsonLdHtml("https://x.example/</script><b>");
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(parsed(html)[0]?.url).toBe("https://x.example/</script><b>");
  });
});
