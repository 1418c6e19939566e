import { Skeleton } from "@mantine/core";
import classes from "./blog.module.css";
import ui from "#app/components/marketing/marketing.module.css";
import { POST_COPY } from "#app/content/blog.ts";

/** Shown in place of a post while a client navigation loads it. */
export function PostSkeleton() {
  return (
    <div className={`${ui.underNav} ${classes.article}`} aria-busy="true">
      <div
        className={`${classes.narrow} ${classes.skeleton}`}
        role="status"
        aria-label={POST_COPY.loading}
      >
        <Skeleton height={14} width={140} radius="xl" />
        <Skeleton height={44} width="90%" />
        <Skeleton height={44} width="60%" />
        <Skeleton height={16} width={180} radius="xl" />
        <Skeleton height={320} mt="md" radius="lg" />
        <Skeleton height={16} />
        <Skeleton height={16} />
        <Skeleton height={16} width="80%" />
      </div>
    </div>
  );
}
