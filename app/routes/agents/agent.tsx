import { data } from "react-router";
import type { Route } from "./+types/agent";
import { agentPageData } from "./agent-data.server.ts";
import { AgentPage } from "./agent-page.tsx";
import { getAgent } from "#app/content/agents.ts";
import { BRAND_NAME } from "#app/content/site.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { readPublishedPage } from "#app/routes/pages/pages.server.ts";
import { cacheHeadersFromLoader } from "#app/utils/public-cache.server.ts";
import { notFound } from "#app/utils/route-errors.server.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";

// Who the agent is comes from the code (the navigation names them); the
// page's words are its published version (/admin/pages/{slug}).
export const headers: Route.HeadersFunction = cacheHeadersFromLoader;

export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-pages-change"),
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const agent = getAgent(params.slug);
  if (!agent) throw notFound();
  const { content, headers } = await readPublishedPage(
    context,
    request,
    agent.slug,
  );
  return data(agentPageData(agent, content), { headers });
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData)
    return routeMeta(args, { title: "404 Page Not Found", noIndex: true });
  const { agent, content } = args.loaderData;
  return routeMeta(args, {
    title: `${agent.name}, AI ${agent.role}`,
    description: content.intro.summary,
    // The poster's PNG twin (scripts/social-images.ts): previews show no SVG.
    image: agent.poster.replace(/\.svg$/, ".png"),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Service",
        name: `${agent.name}, ${agent.role}`,
        serviceType: `AI ${agent.role}`,
        description: content.intro.summary,
        provider: { "@type": "Organization", name: BRAND_NAME },
      },
    ],
  });
};

export default function Agent({ loaderData }: Route.ComponentProps) {
  return <AgentPage data={loaderData} />;
}
