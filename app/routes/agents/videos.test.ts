import { existsSync, statSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { AGENTS } from "#app/content/agents.ts";
import { AGENT_VIDEO_BUCKET, agentVideoSources } from "./videos.ts";

const committed = (name: string) =>
  new URL(
    `../../../supabase/storage/${AGENT_VIDEO_BUCKET}/${name}`,
    import.meta.url,
  ).pathname;

describe("agent videos", () => {
  test("each agent's sources are public URLs of the bucket, named after its slug", () => {
    expect(
      agentVideoSources("https://ref.supabase.co/", "data-analyst"),
    ).toEqual({
      webm: "https://ref.supabase.co/storage/v1/object/public/agent-videos/data-analyst.webm",
      mp4: "https://ref.supabase.co/storage/v1/object/public/agent-videos/data-analyst.mp4",
    });
  });

  test("every agent's WebM and MP4 are committed for the seed and the upload, each under 400 KB", () => {
    for (const agent of AGENTS) {
      for (const name of [`${agent.slug}.webm`, `${agent.slug}.mp4`]) {
        expect(existsSync(committed(name)), name).toBe(true);
        expect(statSync(committed(name)).size).toBeLessThan(400 * 1024);
      }
    }
  });
});
