import { Link } from "react-router";
import type { Route } from "./+types/agent";
import { AgentVideo } from "./agent-video.tsx";
import { Icon } from "#app/components/icon.tsx";
import { LearningProgress } from "./learning-progress.tsx";
import { Section } from "#app/components/marketing/section-heading.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import classes from "./agent-page.module.css";
import { AGENT_PAGE_COPY, AGENTS, getAgent } from "#app/content/agents.ts";
import { PRIMARY_NAV } from "#app/content/navigation.ts";
import { BRAND_NAME } from "#app/content/site.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { env } from "#app/utils/env.server.ts";
import { notFound } from "#app/utils/route-errors.server.ts";
import { agentVideoSources } from "./videos.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-deploy"),
];

export function loader({ params }: Route.LoaderArgs) {
  const agent = getAgent(params.slug);
  if (!agent) throw notFound();
  return {
    agent,
    videoSources: agentVideoSources(env.SUPABASE_URL, agent.slug),
    others: AGENTS.filter((other) => other.slug !== agent.slug),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const agent = args.loaderData?.agent;
  if (!agent)
    return routeMeta(args, { title: "404 Page Not Found", noIndex: true });
  return routeMeta(args, {
    title: `${agent.name}, AI ${agent.role}`,
    description: agent.summary,
    // The poster's PNG twin (scripts/social-images.ts): previews show no SVG.
    image: agent.video.poster.replace(/\.svg$/, ".png"),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Service",
        name: `${agent.name}, ${agent.role}`,
        serviceType: `AI ${agent.role}`,
        description: agent.summary,
        provider: { "@type": "Organization", name: BRAND_NAME },
      },
    ],
  });
};

export default function AgentPage({ loaderData }: Route.ComponentProps) {
  const { agent, videoSources, others } = loaderData;
  return (
    <>
      <Section
        aria-labelledby="agent-heading"
        className={`${ui.underNav} ${ui.heroBackground} ${classes.hero}`}
        containerClassName={classes.heroGrid}
      >
        <div>
          <p className={classes.identity}>
            <img
              src={agent.portrait.src}
              width={56}
              height={56}
              alt=""
              className={classes.avatar}
            />
            <span>
              <span className={ui.eyebrow}>{PRIMARY_NAV.agentsMenuLabel}</span>
              <span className={classes.role}>{agent.role}</span>
            </span>
          </p>
          <h1 id="agent-heading" className={classes.name}>
            {agent.name}
          </h1>
          <p className={classes.headline}>{agent.headline}</p>
          <p className={classes.summary}>{agent.summary}</p>
          <div className={`${ui.buttons} ${classes.heroButtons}`}>
            <Link to={PRIMARY_NAV.requestDemo.to} className={ui.button}>
              {AGENT_PAGE_COPY.requestDemo}
              <Icon name="arrow-right" size={18} />
            </Link>
            <a href="#capabilities" className={ui.buttonSecondary}>
              {AGENT_PAGE_COPY.capabilitiesHeading}
            </a>
          </div>
        </div>
        <AgentVideo sources={videoSources} {...agent.video} />
      </Section>

      <Section
        id="capabilities"
        aria-labelledby="capabilities-heading"
        className={`${ui.section} ${classes.anchor}`}
        heading={{
          title: AGENT_PAGE_COPY.capabilitiesHeading,
          children: AGENT_PAGE_COPY.capabilitiesIntro,
        }}
      >
        <ul className={ui.grid3}>
          {agent.capabilities.map((capability) => (
            <li key={capability.name} className={ui.card}>
              <h3 className={classes.capabilityName}>{capability.name}</h3>
              <p className={ui.cardText}>{capability.description}</p>
              <LearningProgress
                subject={capability.name}
                label={AGENT_PAGE_COPY.progressLabel}
                value={capability.progress}
              />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        aria-labelledby="technologies-heading"
        className={`${ui.sectionTight} ${ui.muted}`}
        heading={{
          title: AGENT_PAGE_COPY.technologiesHeading,
          children: AGENT_PAGE_COPY.technologiesIntro,
        }}
      >
        <ul className={classes.tags}>
          {agent.technologies.map((technology) => (
            <li key={technology}>{technology}</li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="agent-cta">
        <div className={ui.ctaBand}>
          <h2 id="agent-cta">{AGENT_PAGE_COPY.ctaHeading(agent.name)}</h2>
          <p>{AGENT_PAGE_COPY.ctaText}</p>
          <div className={ui.buttons}>
            <Link to={PRIMARY_NAV.requestDemo.to} className={ui.buttonLight}>
              {AGENT_PAGE_COPY.requestDemo}
            </Link>
          </div>
        </div>
      </Section>

      <Section aria-labelledby="other-agents" className={classes.others}>
        <h2 id="other-agents" className={classes.othersHeading}>
          {AGENT_PAGE_COPY.otherAgentsHeading}
        </h2>
        <ul className={ui.grid2}>
          {others.map((other) => (
            <li key={other.slug}>
              <Link
                to={`/agents/${other.slug}`}
                className={`${ui.card} ${classes.otherCard}`}
              >
                <img
                  src={other.portrait.src}
                  width={72}
                  height={72}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className={classes.avatar}
                />
                <span>
                  <span className={classes.otherName}>{other.name}</span>
                  <span className={classes.otherRole}>{other.role}</span>
                  <span className={classes.otherHeadline}>
                    {other.headline}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
