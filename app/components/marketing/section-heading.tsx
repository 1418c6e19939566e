import type { ComponentProps, ReactNode } from "react";
import classes from "./marketing.module.css";

type SectionHeadingProps = {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  centered?: boolean;
  level?: 1 | 2;
};

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  centered = false,
  level = 2,
}: SectionHeadingProps) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div
      className={`${classes.headingBlock} ${centered ? classes.centered : ""}`}
    >
      {eyebrow ? <p className={classes.eyebrow}>{eyebrow}</p> : null}
      <Heading id={id} className={classes.heading}>
        {title}
      </Heading>
      {children ? <p className={classes.lead}>{children}</p> : null}
    </div>
  );
}

/**
 * A page section in the page's container, labelled by its heading (its
 * `aria-labelledby` is the heading's id); given `heading`, that heading is a
 * SectionHeading.
 */
export function Section({
  className = classes.section,
  containerClassName = "",
  heading,
  children,
  ...props
}: ComponentProps<"section"> & {
  containerClassName?: string;
  heading?: Omit<SectionHeadingProps, "id">;
}) {
  return (
    <section className={className} {...props}>
      <div className={`${classes.container} ${containerClassName}`}>
        {heading && (
          <SectionHeading id={props["aria-labelledby"]} {...heading} />
        )}
        {children}
      </div>
    </section>
  );
}
