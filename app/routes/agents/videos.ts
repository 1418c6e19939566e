// The agent videos live in the public agent-videos bucket (the migration
// 20261127010000_agent_videos.sql), one WebM and one MP4 per agent named after
// its slug, and are served by Storage's public URLs: scripts/agent-videos.ts
// makes them, the embedded server seeds them, `npm run storage:upload` sends
// them to a hosted project (docs/decisions/073-agent-videos.md).
import type { AgentSlug } from "#app/content/agents.ts";
import { trimEndOf } from "#supabase/functions/_shared/text.ts";

export const AGENT_VIDEO_BUCKET = "agent-videos";

export type AgentVideoSources = { webm: string; mp4: string };

export function agentVideoSources(
  supabaseUrl: string,
  slug: AgentSlug,
): AgentVideoSources {
  const folder = `${trimEndOf(supabaseUrl, "/")}/storage/v1/object/public/${AGENT_VIDEO_BUCKET}`;
  return { webm: `${folder}/${slug}.webm`, mp4: `${folder}/${slug}.mp4` };
}
