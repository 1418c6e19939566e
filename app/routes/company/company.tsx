import { Link } from "react-router";
import type { Route } from "./+types/company";
import { CompanyContactPanel, GetInTouchButton } from "./company-contact.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Section } from "#app/components/marketing/section-heading.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import classes from "./company.module.css";
import {
  COMPANY_HERO,
  JOIN_SECTION,
  MISSION,
  VALUES_SECTION,
} from "#app/content/company.ts";
import { COMPANY_VALUES } from "#app/content/values.ts";
import { BRAND_NAME } from "#app/content/site.ts";
import { actionRetryAfterHeaders } from "#app/lib/action-headers.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { storedPage } from "#app/utils/stored-page.server.ts";
import { companyContactAction } from "#app/routes/contact/contact.server.ts";

export const headers: Route.HeadersFunction = actionRetryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  return companyContactAction(args);
}

// `?contact=1` opens the contact form in the page (its no-JavaScript link).
export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-deploy", "contact"),
];

export function loader() {
  return { values: COMPANY_VALUES };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: `Company: ${COMPANY_HERO.title}`,
    description: `${COMPANY_HERO.text} Meet the mission and the values behind ${BRAND_NAME}.`,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "AboutPage",
        name: `About ${BRAND_NAME}`,
        description: MISSION.paragraphs[0],
      },
    ],
  });

export default function Company({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Section
        aria-labelledby="company-heading"
        className={`${ui.underNav} ${ui.heroBackground} ${classes.hero}`}
        heading={{
          level: 1,
          eyebrow: COMPANY_HERO.eyebrow,
          title: COMPANY_HERO.title,
          centered: true,
          children: COMPANY_HERO.text,
        }}
      />

      <Section
        aria-labelledby="mission-heading"
        className={ui.sectionTight}
        containerClassName={classes.mission}
      >
        <h2 id="mission-heading" className={ui.heading}>
          {MISSION.heading}
        </h2>
        <div>
          {MISSION.paragraphs.map((paragraph) => (
            <p key={paragraph} className={classes.missionText}>
              {paragraph}
            </p>
          ))}
        </div>
      </Section>

      <Section
        aria-labelledby="values-heading"
        className={`${ui.section} ${ui.muted}`}
        heading={{
          title: VALUES_SECTION.heading,
          centered: true,
          children: VALUES_SECTION.intro,
        }}
      >
        <ul className={ui.grid3}>
          {loaderData.values.map((value) => (
            <li key={value.name} className={ui.card}>
              <span className={ui.iconTile}>
                <Icon name={value.icon} size={24} />
              </span>
              <h3 className={ui.cardTitle}>{value.name}</h3>
              <p className={ui.cardText}>{value.description}</p>
              {value.quote ? (
                <figure className={classes.quote}>
                  <blockquote>
                    <p>“{value.quote.text}”</p>
                  </blockquote>
                  <figcaption>{value.quote.author}</figcaption>
                </figure>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id={JOIN_SECTION.id}
        aria-labelledby="join-heading"
        className={`${ui.section} ${classes.join}`}
      >
        <div className={ui.ctaBand}>
          <h2 id="join-heading">{JOIN_SECTION.heading}</h2>
          <p>{JOIN_SECTION.text}</p>
          <div className={ui.buttons}>
            <Link to={JOIN_SECTION.careers.to} className={ui.buttonLight}>
              {JOIN_SECTION.careers.label}
            </Link>
            <GetInTouchButton
              to={JOIN_SECTION.contact.to}
              className={ui.buttonOutlineLight}
              label={JOIN_SECTION.contact.label}
            />
          </div>
          <CompanyContactPanel />
        </div>
      </Section>
    </>
  );
}
