import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { AGENTS } from "./agents.ts";
import { ALL_BLUEPRINT_NAMES, SHOWCASE_BLUEPRINTS } from "./blueprints.ts";
import { HOME_SEED, START_NOW_PATH } from "./home.ts";
import { TRUSTED_LOGOS } from "./logos.ts";
import { CONNECT_LINKS, FOOTER_COLUMNS } from "./navigation.ts";
import { DEFAULT_SOCIAL_IMAGE_PATH } from "./site.ts";
import { COMPANY_SEED } from "./company.ts";

const { hero: HERO, results: RESULTS, deployment: DEPLOYMENT } = HOME_SEED;
const COMPANY_VALUES = COMPANY_SEED.values.items;

const publicFile = (path: string) =>
  fileURLToPath(new URL(`../../public${path}`, import.meta.url));

describe("home content", () => {
  test("the hero checklist names the product's four items", () => {
    expect(HERO.checklist).toEqual([
      "Organizational Wiki",
      "Top-2% Engineering Playbooks",
      "Enterprise Ready",
      "AI Autonomous Exploration",
    ]);
    expect(START_NOW_PATH).toBe("/auth");
  });

  test("the results carry every claim the product makes", () => {
    const text = RESULTS.items
      .map((item) => `${item.value} ${item.label} ${item.detail}`)
      .join(" ");
    for (const claim of [
      "40x",
      "ROI",
      "2x output at half the cost",
      "3 weeks instead of 9 months",
      "97% faster",
      "93%",
      "42 items to 3",
      "over 1B pounds",
      "top 2%",
    ]) {
      expect(text.toLowerCase()).toContain(claim.toLowerCase());
    }
  });

  test("both deployment options are summed up in points, none said twice", () => {
    expect(DEPLOYMENT.options.map((option) => option.name)).toEqual([
      "Dedicated SaaS Platform",
      "On-Premise Licence",
    ]);
    const points = DEPLOYMENT.options.flatMap((option) => option.points);
    expect(new Set(points).size).toBe(points.length);
    for (const option of DEPLOYMENT.options) {
      expect(option.summary.length).toBeGreaterThan(20);
      expect(option.points.length).toBeGreaterThanOrEqual(4);
    }
  });

  test("the logo strip has eight distinct wordmarks", () => {
    expect(TRUSTED_LOGOS).toHaveLength(8);
    expect(new Set(TRUSTED_LOGOS.map((logo) => logo.name)).size).toBe(8);
  });
});

describe("blueprints", () => {
  test("the showcase has the product's six cards, in order, with four capabilities each", () => {
    expect(SHOWCASE_BLUEPRINTS.map((blueprint) => blueprint.name)).toEqual([
      "Churn Prediction",
      "KPI Orchestration",
      "Customer Segmentation",
      "Data Deduplication",
      "Data Quality",
      "Web Data Integration & Enrichment",
    ]);
    for (const blueprint of SHOWCASE_BLUEPRINTS) {
      expect(blueprint.capabilities).toHaveLength(4);
      expect(blueprint.description.length).toBeGreaterThan(40);
    }
  });

  test("the screen-reader text names all twelve blueprints", () => {
    expect(ALL_BLUEPRINT_NAMES.map((name) => name.toLowerCase())).toEqual([
      "churn prediction",
      "customer segmentation",
      "data deduplication",
      "data quality engine",
      "web data integration",
      "customer 360",
      "master data hub",
      "data lineage",
      "kpi orchestration",
      "live dashboards",
      "anomaly detection",
      "real-time analytics",
    ]);
  });
});

describe("company values", () => {
  test("the product's six values, in order, each described", () => {
    expect(COMPANY_VALUES.map((value) => value.name)).toEqual([
      "Mastery",
      "Compassion",
      "Constructive",
      "Transparency",
      "Science First",
      "Honesty",
    ]);
    for (const value of COMPANY_VALUES) {
      expect(value.description.length).toBeGreaterThan(30);
    }
  });

  test("Science First quotes Feynman on theory and experiment", () => {
    const quote = COMPANY_VALUES.find(
      (value) => value.name === "Science First",
    )?.quote;
    expect(quote?.author).toBe("Richard Feynman");
    expect(quote?.text).toContain(
      "It doesn't matter how beautiful your theory is",
    );
    expect(quote?.text).toContain(
      "If it doesn't agree with experiment, it's wrong.",
    );
  });
});

describe("navigation and footer", () => {
  test("Resources links the blog as Implementation Blueprints", () => {
    const resources = FOOTER_COLUMNS.find(
      (column) => column.heading === "Resources",
    );
    expect(resources?.links).toContainEqual({
      to: "/blueprints",
      label: "Implementation Blueprints",
    });
  });

  test("Company links the privacy notice", () => {
    const company = FOOTER_COLUMNS.find(
      (column) => column.heading === "Company",
    );
    expect(company?.links).toContainEqual({ to: "/privacy", label: "Privacy" });
  });

  test("Connect links the code host, social network, professional network and chat", () => {
    expect(CONNECT_LINKS.map((link) => new URL(link.href).hostname)).toEqual([
      "github.com",
      "x.com",
      "www.linkedin.com",
      "discord.gg",
    ]);
    for (const link of CONNECT_LINKS) expect(link.href).toMatch(/^https:\/\//);
  });
});

describe("artwork", () => {
  test("every image the content points at ships in public/", () => {
    const paths = [
      DEFAULT_SOCIAL_IMAGE_PATH,
      HERO.backing.src,
      ...TRUSTED_LOGOS.map((logo) => logo.src),
      ...AGENTS.flatMap((agent) => [agent.portrait.src, agent.video.poster]),
    ];
    for (const path of paths)
      expect(existsSync(publicFile(path)), path).toBe(true);
  });
});
