import type { Logo } from "#app/content/logos.ts";
import classes from "./logo-strip.module.css";

/**
 * The scrolling "Trusted by" strip. The logos are rendered twice so the track
 * can loop seamlessly; the copy is hidden from assistive technology.
 */
export function LogoStrip({
  heading,
  logos,
}: {
  heading: string;
  logos: Logo[];
}) {
  return (
    <section aria-labelledby="trusted-by-heading" className={classes.strip}>
      <h2 id="trusted-by-heading" className={classes.heading}>
        {heading}
      </h2>
      <div className={classes.viewport}>
        <div className={classes.track}>
          {[false, true].map((isCopy) => (
            <ul
              key={String(isCopy)}
              className={classes.list}
              aria-hidden={isCopy ? "true" : undefined}
              data-copy={isCopy ? "true" : undefined}
            >
              {logos.map((logo) => (
                <li key={logo.name}>
                  <img
                    src={logo.src}
                    width={logo.width}
                    height={logo.height}
                    alt={isCopy ? "" : logo.name}
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
