import { PROGRESS_MAX } from "#app/content/agents.ts";
import classes from "./learning-progress.module.css";

type LearningProgressProps = {
  /** What is progressing, e.g. the capability's name. */
  subject: string;
  label: string;
  value: number;
};

/** A labelled progress bar that assistive technology reads as a progressbar. */
export function LearningProgress({
  subject,
  label,
  value,
}: LearningProgressProps) {
  return (
    <div className={classes.wrapper}>
      <div className={classes.meta}>
        <span aria-hidden="true">{label}</span>
        <span className={classes.value} aria-hidden="true">
          {value}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label}: ${subject}`}
        aria-valuemin={0}
        aria-valuemax={PROGRESS_MAX}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        className={classes.track}
      >
        <div
          className={classes.bar}
          style={{ width: `${(value / PROGRESS_MAX) * 100}%` }}
        />
      </div>
    </div>
  );
}
