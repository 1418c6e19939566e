import { Link } from "react-router";
import { CompanyContactPanel, GetInTouchButton } from "./company-contact.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Section } from "#app/components/marketing/section-heading.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import classes from "./company.module.css";
import { JOIN_SECTION_ID } from "#app/content/company.ts";
import type { CompanyContent } from "#app/routes/pages/page-types.ts";

/**
 * The company page drawn from a version of its content: the public page and
 * its previews both draw it, so a preview is the page.
 */
export function CompanyPage({ data }: { data: CompanyContent }) {
  const { hero, mission, values, join } = data;
  return (
    <>
      <Section
        aria-labelledby="company-heading"
        className={`${ui.underNav} ${ui.heroBackground} ${classes.hero}`}
        heading={{
          level: 1,
          eyebrow: hero.eyebrow,
          title: hero.title,
          centered: true,
          children: hero.text,
        }}
      />

      <Section
        aria-labelledby="mission-heading"
        className={ui.sectionTight}
        containerClassName={classes.mission}
      >
        <h2 id="mission-heading" className={ui.heading}>
          {mission.heading}
        </h2>
        <div>
          {mission.paragraphs.map((paragraph) => (
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
          title: values.heading,
          centered: true,
          children: values.intro,
        }}
      >
        <ul className={ui.grid3}>
          {values.items.map((value) => (
            <li key={value.name} className={ui.card}>
              <span className={ui.iconTile}>
                <Icon name={value.icon} size={24} />
              </span>
              <h3 className={ui.cardTitle}>{value.name}</h3>
              <p className={ui.cardText}>{value.description}</p>
              {value.quote.text ? (
                <figure className={classes.quote}>
                  <blockquote>
                    <p>“{value.quote.text}”</p>
                  </blockquote>
                  {value.quote.author ? (
                    <figcaption>{value.quote.author}</figcaption>
                  ) : null}
                </figure>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id={JOIN_SECTION_ID}
        aria-labelledby="join-heading"
        className={`${ui.section} ${classes.join}`}
      >
        <div className={ui.ctaBand}>
          <h2 id="join-heading">{join.heading}</h2>
          <p>{join.text}</p>
          <div className={ui.buttons}>
            <Link to={join.careers.href} className={ui.buttonLight}>
              {join.careers.label}
            </Link>
            <GetInTouchButton
              to={join.contact.href}
              className={ui.buttonOutlineLight}
              label={join.contact.label}
            />
          </div>
          <CompanyContactPanel />
        </div>
      </Section>
    </>
  );
}
