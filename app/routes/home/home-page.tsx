import { Link } from "react-router";
import { AgentCluster } from "./agent-cluster.tsx";
import { Icon, type IconName } from "#app/components/icon.tsx";
import { LogoStrip } from "./logo-strip.tsx";
import {
  Section,
  SectionHeading,
} from "#app/components/marketing/section-heading.tsx";
import type { Agent } from "#app/content/agents.ts";
import type { Logo } from "#app/content/logos.ts";
import type { HomeContent } from "#app/routes/pages/page-types.ts";
import { useStartNowUrl } from "./use-start-now-url.ts";
import { YcBadge } from "./yc-badge.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import classes from "./home.module.css";

/** What the home page draws: its content and what other pages define. */
export type HomePageData = Omit<HomeContent, "summary"> & {
  summary: HomeContent["summary"] & { blueprintNames: readonly string[] };
  agents: Pick<Agent, "slug" | "name" | "role" | "portrait">[];
  logos: { heading: string; items: Logo[] };
  blueprints: { name: string; icon: IconName }[];
};

/** The home page from its content: the public page and its previews draw it. */
export function HomePage({ data }: { data: HomePageData }) {
  const {
    hero,
    agents,
    logos,
    howItWorks,
    results,
    deployment,
    blueprints,
    teaser,
    closingCta,
    summary,
  } = data;
  const startNowUrl = useStartNowUrl();
  return (
    <>
      <Section
        aria-labelledby="hero-heading"
        className={`${ui.underNav} ${ui.heroBackground} ${classes.hero}`}
        containerClassName={classes.heroGrid}
      >
        <div>
          <p className={classes.badge}>
            <Icon name="sparkles" size={16} />
            {hero.badge}
          </p>
          <h1 id="hero-heading" className={classes.headline}>
            {hero.headline}
          </h1>
          <p className={classes.heroText}>{hero.text}</p>
          <ul className={classes.heroChecks}>
            {hero.checklist.map((item) => (
              <li key={item}>
                <span className={classes.checkIcon}>
                  <Icon name="check" size={14} strokeWidth={3} />
                </span>
                {item}
              </li>
            ))}
          </ul>
          <div className={`${ui.buttons} ${classes.heroButtons}`}>
            <a href={startNowUrl} className={ui.button}>
              {hero.startNow}
              <Icon name="arrow-right" size={18} />
            </a>
            <a href={hero.secondary.href} className={ui.buttonSecondary}>
              {hero.secondary.label}
            </a>
          </div>
          <div className={classes.backing}>
            <YcBadge image={hero.backing} />
          </div>
        </div>
        <AgentCluster
          agents={agents}
          label={hero.clusterLabel}
          liveStatus={hero.liveStatus}
        />
      </Section>

      <LogoStrip heading={logos.heading} logos={logos.items} />

      <Section
        aria-labelledby="how-heading"
        heading={centeredHeading(howItWorks)}
      >
        <ol className={`${ui.grid3} ${classes.steps}`}>
          {howItWorks.steps.map((step, index) => (
            <li key={step.title} className={ui.card}>
              <div className={classes.stepHeader}>
                <span className={ui.iconTile}>
                  <Icon name={step.icon} size={24} />
                </span>
                <span className={classes.stepNumber} aria-hidden="true">
                  0{index + 1}
                </span>
              </div>
              <h3 className={ui.cardTitle}>{step.title}</h3>
              <p className={ui.cardText}>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="results"
        aria-labelledby="results-heading"
        className={classes.results}
      >
        <div className={`${ui.headingBlock} ${ui.centered}`}>
          <p className={classes.resultsEyebrow}>{results.eyebrow}</p>
          <h2
            id="results-heading"
            className={`${ui.bandHeading} ${classes.resultsTitle}`}
          >
            {results.title}
          </h2>
        </div>
        <ul className={classes.stats}>
          {results.items.map((item) => (
            <li key={item.label} className={classes.stat}>
              <p className={classes.statValue}>
                {item.value} <span>{item.label}</span>
              </p>
              <p className={classes.statDetail}>{item.detail}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        aria-labelledby="deployment-heading"
        heading={centeredHeading(deployment)}
      >
        <ul className={ui.grid2}>
          {deployment.options.map((option) => (
            <li key={option.name} className={ui.card}>
              <span className={ui.iconTile}>
                <Icon name={option.icon} size={24} />
              </span>
              <h3 className={ui.cardTitle}>{option.name}</h3>
              <p className={ui.cardText}>{option.summary}</p>
              <ul className={ui.checkList}>
                {option.points.map((point) => (
                  <li key={point}>
                    <Icon name="check" size={18} />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        aria-labelledby="blueprints-heading"
        className={`${ui.section} ${ui.muted}`}
        containerClassName={classes.teaser}
      >
        <div>
          <SectionHeading
            id="blueprints-heading"
            eyebrow={teaser.eyebrow}
            title={teaser.title}
          >
            {teaser.text}
          </SectionHeading>
          <Link to={teaser.link.href} className={ui.textLink}>
            {teaser.link.label}
            <Icon name="arrow-right" size={18} />
          </Link>
        </div>
        <ul className={classes.teaserList}>
          {blueprints.map((blueprint) => (
            <li key={blueprint.name}>
              <span className={ui.iconTile}>
                <Icon name={blueprint.icon} size={22} />
              </span>
              {blueprint.name}
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="cta-heading">
        <div className={ui.ctaBand}>
          <h2 id="cta-heading">{closingCta.title}</h2>
          <p>{closingCta.text}</p>
          <div className={ui.buttons}>
            <Link to={closingCta.button.href} className={ui.buttonLight}>
              {closingCta.button.label}
            </Link>
            <a href={startNowUrl} className={ui.buttonOutlineLight}>
              {hero.startNow}
            </a>
          </div>
        </div>
      </Section>

      <ScreenReaderSummary
        summary={summary}
        deployment={deployment}
        results={results}
      />
    </>
  );
}

/** A section's centred heading from its copy: eyebrow, title and any intro. */
function centeredHeading(copy: {
  eyebrow: string;
  title: string;
  intro?: string;
}) {
  return {
    eyebrow: copy.eyebrow,
    title: copy.title,
    centered: true,
    children: copy.intro,
  };
}

/** Repeats the platform's substance as plain text for screen readers and crawlers. */
function ScreenReaderSummary({
  summary,
  deployment,
  results,
}: Pick<HomePageData, "summary" | "deployment" | "results">) {
  return (
    <section aria-labelledby="platform-summary" className="visually-hidden">
      <h2 id="platform-summary">{summary.heading}</h2>
      <p>{summary.platform}</p>
      <h3>{summary.blueprintsHeading}</h3>
      <ul>
        {summary.blueprintNames.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <h3>{summary.deploymentHeading}</h3>
      <ul>
        {deployment.options.map((option) => (
          <li key={option.name}>
            {option.name}: {option.points.join(", ")}.
          </li>
        ))}
      </ul>
      <h3>{summary.resultsHeading}</h3>
      <ul>
        {results.items.map((item) => (
          <li key={item.label}>
            {item.value} {item.label}: {item.detail}
          </li>
        ))}
      </ul>
    </section>
  );
}
