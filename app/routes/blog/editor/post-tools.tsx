import { Anchor, Group } from "@mantine/core";
import { Link } from "react-router";
import { PUBLICATION_COPY } from "./labels.ts";
import { SEND_COPY } from "#app/content/newsletter.ts";

/**
 * Links to a post's revisions and, while it is not public, its preview
 * links; once it is, to sending it to the newsletter (for whoever may).
 */
export function PostTools({
  postId,
  published,
  sendsNewsletter,
}: {
  postId: string;
  published: boolean;
  sendsNewsletter: boolean;
}) {
  return (
    <Group gap="lg">
      <Anchor component={Link} to={`/edit/${postId}/revisions`}>
        {PUBLICATION_COPY.revisions}
      </Anchor>
      {published ? (
        sendsNewsletter ? (
          <Anchor component={Link} to={`/edit/${postId}/newsletter`}>
            {SEND_COPY.link}
          </Anchor>
        ) : null
      ) : (
        <Anchor component={Link} to={`/edit/${postId}/preview-links`}>
          {PUBLICATION_COPY.previewLinks}
        </Anchor>
      )}
    </Group>
  );
}
