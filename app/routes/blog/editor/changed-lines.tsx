import type { DiffLine } from "./revision-diff.ts";
import classes from "./revisions.module.css";

/** One field's lines, marked added, removed or unchanged. */
export function ChangedLines({ lines }: { lines: DiffLine[] }) {
  return (
    <div className={classes.lines}>
      {lines.map((line, index) =>
        line.kind === "added" ? (
          <ins key={index} className={classes.added}>
            + {line.text}
          </ins>
        ) : line.kind === "removed" ? (
          <del key={index} className={classes.removed}>
            − {line.text}
          </del>
        ) : (
          <span key={index} className={classes.same}>
            {"  "}
            {line.text}
          </span>
        ),
      )}
    </div>
  );
}
