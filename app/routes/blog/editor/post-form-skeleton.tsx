import { Container, Skeleton } from "@mantine/core";
import { POST_FORM_COPY } from "./labels.ts";
import classes from "./post-form.module.css";

/** Shown while an existing post loads for editing on a client navigation. */
export function PostFormSkeleton() {
  return (
    <Container size="md" className={classes.page} aria-busy="true">
      <div
        className={classes.skeleton}
        role="status"
        aria-label={POST_FORM_COPY.loadingPost}
      >
        <Skeleton height={40} width="45%" />
        <Skeleton height={14} width={80} mt="md" />
        <Skeleton height={36} />
        <Skeleton height={14} width={110} />
        <Skeleton height={36} />
        <Skeleton height={14} width={80} />
        <Skeleton height={36} />
        <Skeleton height={14} width={90} />
        <Skeleton height={500} radius="md" />
      </div>
    </Container>
  );
}
