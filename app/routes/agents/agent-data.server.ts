import { AGENTS, type Agent } from "#app/content/agents.ts";
import type { AgentContent } from "#app/routes/pages/page-types.ts";
import { env } from "#app/utils/env.server.ts";
import type { AgentPageData } from "./agent-page.tsx";
import { agentVideoSources } from "./videos.ts";

/**
 * An agent page's data from a version of its content: the public page's
 * loader and a preview's both make it, so a preview is the page.
 */
export function agentPageData(
  agent: Agent,
  content: AgentContent,
): AgentPageData {
  const { slug, name, role, portrait } = agent;
  return {
    agent: { slug, name, role, portrait, poster: agent.video.poster },
    content,
    videoSources: agentVideoSources(env.SUPABASE_URL, slug),
    others: AGENTS.filter((other) => other.slug !== slug).map(
      ({ slug, name, role, portrait }) => ({ slug, name, role, portrait }),
    ),
  };
}
