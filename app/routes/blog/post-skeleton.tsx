import classes from "./blog.module.css";
import ui from "#app/components/marketing/marketing.module.css";
import { POST_COPY } from "#app/content/blog.ts";

// The outline of a post: kicker, two title lines, byline, cover, three lines
// of text. Plain blocks rather than Mantine's Skeleton, which would bring its
// runtime onto the blog pages.
const BLOCKS = [
  { height: 14, width: "140px", round: true },
  { height: 44, width: "90%" },
  { height: 44, width: "60%" },
  { height: 16, width: "180px", round: true },
  { height: 320, width: "100%", cover: true },
  { height: 16, width: "100%" },
  { height: 16, width: "100%" },
  { height: 16, width: "80%" },
];

/** Shown in place of a post while a client navigation loads it. */
export function PostSkeleton() {
  return (
    <div className={`${ui.underNav} ${classes.article}`} aria-busy="true">
      <div
        className={`${classes.narrow} ${classes.skeleton}`}
        role="status"
        aria-label={POST_COPY.loading}
      >
        {BLOCKS.map(({ height, width, round, cover }, index) => (
          <div
            key={index}
            className={`${classes.skeletonBlock} ${round ? classes.skeletonRound : ""} ${cover ? classes.skeletonCover : ""}`}
            style={{ height, width }}
          />
        ))}
      </div>
    </div>
  );
}
