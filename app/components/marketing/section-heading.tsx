import type { ReactNode } from "react";
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
