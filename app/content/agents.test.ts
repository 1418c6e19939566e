import { describe, expect, test } from "vitest";
import { AGENTS, getAgent, PROGRESS_MAX } from "./agents.ts";
import { PRIMARY_NAV } from "./navigation.ts";

describe("agents", () => {
  test("the learning-progress percentages are exactly those the product fixes", () => {
    const progress = (slug: string) =>
      getAgent(slug)?.capabilities.map((capability) => capability.progress);
    expect(progress("data-analyst")).toEqual([95, 66, 70, 90, 85, 85]);
    expect(progress("data-engineer")).toEqual([92, 95, 88, 90, 75, 45]);
    expect(progress("ml-engineer")).toEqual([45, 57, 88, 60, 63, 50]);
    expect(PROGRESS_MAX).toBe(100);
  });

  test("the personas are Peter, Zara and Jeremy in the roles the product names", () => {
    expect(
      AGENTS.map(({ slug, name, role }) => ({ slug, name, role })),
    ).toEqual([
      { slug: "data-engineer", name: "Peter", role: "Data Engineer" },
      { slug: "data-analyst", name: "Zara", role: "Data Analyst" },
      { slug: "ml-engineer", name: "Jeremy", role: "ML Engineer" },
    ]);
  });

  test("the navigation dropdown links each persona to its own page", () => {
    expect(PRIMARY_NAV.agents.map(({ to, label }) => [to, label])).toEqual(
      AGENTS.map((agent) => [`/agents/${agent.slug}`, agent.name]),
    );
  });

  test("every agent has a video with a poster, capability copy and technology tags", () => {
    for (const agent of AGENTS) {
      expect(agent.video.poster).toMatch(/^\/images\/agents\/.+\.svg$/);
      expect(agent.capabilities).toHaveLength(6);
      for (const capability of agent.capabilities) {
        expect(capability.name.length).toBeGreaterThan(3);
        expect(capability.description.length).toBeGreaterThan(20);
      }
      expect(agent.technologies.length).toBeGreaterThanOrEqual(5);
      expect(new Set(agent.technologies).size).toBe(agent.technologies.length);
    }
  });

  test("an unknown slug finds no agent", () => {
    expect(getAgent("designer")).toBeUndefined();
    expect(getAgent(undefined)).toBeUndefined();
  });
});
