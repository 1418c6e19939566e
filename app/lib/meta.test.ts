import { describe, expect, it } from "vitest";
import { buildMeta, pageTitle } from "#app/lib/meta.ts";
import { BRAND_NAME, DEFAULT_TITLE } from "#app/content/site.ts";

const site = { siteUrl: "https://www.example.com", pathname: "/company" };

function find(meta: ReturnType<typeof buildMeta>, key: string, value: string) {
  return meta.find((m) => (m as Record<string, unknown>)[key] === value) as
    Record<string, unknown> | undefined;
}

describe("buildMeta", () => {
  it("uses the product's default title with the brand and a canonical URL of origin + path", () => {
    const meta = buildMeta(site);
    expect(meta[0]).toEqual({ title: DEFAULT_TITLE });
    expect(DEFAULT_TITLE).toBe(
      `${BRAND_NAME} - Continuous Learning AI Agents. Continuous Shipping. | Enterprise Superintelligence`,
    );
    expect(find(meta, "rel", "canonical")?.href).toBe(
      "https://www.example.com/company",
    );
    expect(find(meta, "property", "og:type")?.content).toBe("website");
  });

  it("lets a page set title, description, image, article flag and extra JSON-LD", () => {
    const meta = buildMeta(site, {
      title: "Post",
      description: "About things",
      image: "/cover.png",
      article: true,
      jsonLd: [{ "@type": "BlogPosting" }],
    });
    expect(meta[0]).toEqual({ title: pageTitle("Post") });
    expect(find(meta, "name", "description")?.content).toBe("About things");
    expect(find(meta, "property", "og:image")?.content).toBe(
      "https://www.example.com/cover.png",
    );
    expect(find(meta, "property", "og:type")?.content).toBe("article");
    const ld = meta.flatMap((m) =>
      "script:ld+json" in m ? [m["script:ld+json"]] : [],
    );
    expect(ld).toEqual([{ "@type": "BlogPosting" }]);
  });
});
