import { getAgent, type AgentSlug } from "#app/content/agents.ts";
import { agentPageData } from "#app/routes/agents/agent-data.server.ts";
import { homePageData } from "#app/routes/home/home-data.server.ts";
import type { AgentContent, PageKey } from "./page-types.ts";
import type { PageViewData } from "./page-views.tsx";
import type { PageContent } from "./pages.server.ts";

const agentData = (slug: AgentSlug) => (content: AgentContent) =>
  agentPageData(getAgent(slug)!, content);

const PAGE_DATA: {
  [K in PageKey]: (content: PageContent<K>) => PageViewData[K];
} = {
  home: homePageData,
  company: (content) => content,
  privacy: (content) => content,
  "data-engineer": agentData("data-engineer"),
  "data-analyst": agentData("data-analyst"),
  "ml-engineer": agentData("ml-engineer"),
};

/** What a page's component draws, from a version of its content. */
export function pageData<K extends PageKey>(key: K, content: PageContent<K>) {
  return PAGE_DATA[key](content);
}
