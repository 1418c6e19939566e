import { Anchor, Group } from "@mantine/core";
import { Link } from "react-router";
import { PUBLICATION_COPY } from "./labels.ts";

/** Links to a post's revisions and, while it is not public, its preview links. */
export function PostTools({
  postId,
  published,
}: {
  postId: string;
  published: boolean;
}) {
  return (
    <Group gap="lg">
      <Anchor component={Link} to={`/edit/${postId}/revisions`}>
        {PUBLICATION_COPY.revisions}
      </Anchor>
      {published ? null : (
        <Anchor component={Link} to={`/edit/${postId}/preview-links`}>
          {PUBLICATION_COPY.previewLinks}
        </Anchor>
      )}
    </Group>
  );
}
