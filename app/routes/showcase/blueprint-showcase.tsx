import { Link } from "react-router";
import type { Route } from "./+types/blueprint-showcase";
import { Icon } from "#app/components/icon.tsx";
import { Section } from "#app/components/marketing/section-heading.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import classes from "./showcase.module.css";
import { SHOWCASE_BLUEPRINTS, SHOWCASE_COPY } from "#app/content/blueprints.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-deploy"),
];

export function loader() {
  return { blueprints: SHOWCASE_BLUEPRINTS };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: SHOWCASE_COPY.eyebrow,
    description: `${SHOWCASE_COPY.intro} Churn prediction, KPI orchestration, customer segmentation, data deduplication, data quality and web data enrichment.`,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: SHOWCASE_COPY.title,
        itemListElement: SHOWCASE_BLUEPRINTS.map((blueprint, index) => ({
          "@type": "ListItem",
          position: index + 1,
          name: blueprint.name,
          description: blueprint.description,
        })),
      },
    ],
  });

export default function BlueprintShowcase({
  loaderData,
}: Route.ComponentProps) {
  return (
    <>
      <Section
        aria-labelledby="showcase-heading"
        className={`${ui.underNav} ${ui.heroBackground} ${classes.hero}`}
        heading={{
          level: 1,
          eyebrow: SHOWCASE_COPY.eyebrow,
          title: SHOWCASE_COPY.title,
          centered: true,
          children: SHOWCASE_COPY.intro,
        }}
      />

      <Section
        aria-label={SHOWCASE_COPY.eyebrow}
        className={classes.gridSection}
      >
        <ul className={ui.grid3}>
          {loaderData.blueprints.map((blueprint) => (
            <li key={blueprint.name}>
              <article className={`${ui.card} ${classes.card}`}>
                <span className={ui.iconTile}>
                  <Icon name={blueprint.icon} size={24} />
                </span>
                <h2 className={ui.cardTitle}>{blueprint.name}</h2>
                <p className={ui.cardText}>{blueprint.description}</p>
                <h3 className={classes.capabilitiesLabel}>
                  {SHOWCASE_COPY.capabilitiesLabel}
                </h3>
                <ul className={ui.checkList}>
                  {blueprint.capabilities.map((capability) => (
                    <li key={capability}>
                      <Icon name="check" size={18} />
                      {capability}
                    </li>
                  ))}
                </ul>
              </article>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="showcase-cta">
        <div className={ui.ctaBand}>
          <h2 id="showcase-cta">{SHOWCASE_COPY.ctaHeading}</h2>
          <p>{SHOWCASE_COPY.ctaText}</p>
          <div className={ui.buttons}>
            <Link to={SHOWCASE_COPY.ctaTo} className={ui.buttonLight}>
              {SHOWCASE_COPY.ctaLabel}
            </Link>
            <Link to={SHOWCASE_COPY.blogTo} className={ui.buttonOutlineLight}>
              {SHOWCASE_COPY.blogLabel}
            </Link>
          </div>
        </div>
      </Section>
    </>
  );
}
