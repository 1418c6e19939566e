import { Link } from "react-router";
import { BrandMark } from "#app/components/marketing/brand-mark.tsx";
import { Icon } from "#app/components/icon.tsx";
import {
  CONNECT_HEADING,
  CONNECT_LINKS,
  FOOTER_COLUMNS,
} from "#app/content/navigation.ts";
import {
  BRAND_NAME,
  COPYRIGHT_YEAR,
  FOOTER_BLURB,
  TAGLINE,
} from "#app/content/site.ts";
import classes from "./site-footer.module.css";

export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.brandColumn}>
          <Link to="/" className={classes.brand}>
            <BrandMark size={28} />
            <span>{BRAND_NAME}</span>
          </Link>
          <p className={classes.tagline}>{TAGLINE}</p>
          <p className={classes.blurb}>{FOOTER_BLURB}</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav
            key={column.heading}
            aria-label={column.heading}
            className={classes.column}
          >
            <h2 className={classes.heading}>{column.heading}</h2>
            <ul className={classes.links}>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={classes.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-label={CONNECT_HEADING} className={classes.column}>
          <h2 className={classes.heading}>{CONNECT_HEADING}</h2>
          <ul className={classes.links}>
            {CONNECT_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={classes.link}
                >
                  <Icon name={link.icon} size={18} />
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={classes.bottom}>
        <p>
          © {COPYRIGHT_YEAR} {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
