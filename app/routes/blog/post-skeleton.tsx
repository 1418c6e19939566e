import classes from "./blog.module.css";
import ui from "#app/components/marketing/marketing.module.css";
import { POST_COPY } from "#app/content/blog.ts";

// The outline of a post: kicker, two title lines, byline, cover, three lines
// of text, drawn by blog.module.css (.skeleton's children). Plain blocks
// rather than Mantine's Skeleton, which would bring its runtime onto the
// blog pages.
const BLOCKS = Array.from({ length: 8 }, (_, index) => <div key={index} />);

/** Shown in place of a post while a client navigation loads it. */
export function PostSkeleton() {
  return (
    <div className={`${ui.underNav} ${classes.article}`} aria-busy="true">
      <div
        className={`${classes.narrow} ${classes.skeleton}`}
        role="status"
        aria-label={POST_COPY.loading}
      >
        {BLOCKS}
      </div>
    </div>
  );
}
