import { Link } from "react-router";
import { AgentVideo } from "./agent-video.tsx";
import { Icon } from "#app/components/icon.tsx";
import { LearningProgress } from "./learning-progress.tsx";
import { Section } from "#app/components/marketing/section-heading.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import classes from "./agent-page.module.css";
import { AGENT_PAGE_COPY, type Agent } from "#app/content/agents.ts";
import { PRIMARY_NAV } from "#app/content/navigation.ts";
import type { AgentContent } from "#app/routes/pages/page-types.ts";
import type { AgentVideoSources } from "./videos.ts";

/** What an agent's page draws: who the agent is, and its page's words. */
export type AgentPageData = {
  agent: Pick<Agent, "slug" | "name" | "role" | "portrait"> & {
    poster: string;
  };
  content: AgentContent;
  videoSources: AgentVideoSources;
  /** Who they are, not their pages' words: those have lifetimes of their own. */
  others: Pick<Agent, "slug" | "name" | "role" | "portrait">[];
};

/**
 * An agent's page drawn from a version of its content: the public page and
 * its previews both draw it, so a preview is the page.
 */
export function AgentPage({ data }: { data: AgentPageData }) {
  const { agent, content, videoSources, others } = data;
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
          <p className={classes.headline}>{content.intro.headline}</p>
          <p className={classes.summary}>{content.intro.summary}</p>
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
        <AgentVideo
          sources={videoSources}
          poster={agent.poster}
          label={content.intro.videoLabel}
        />
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
          {content.capabilities.items.map((capability) => (
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
          {content.technologies.items.map((technology) => (
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
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
