import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { PUBLICATION_COPY } from "./labels.ts";
import type { EditablePublication } from "./types.ts";

export type YourPost = {
  id: string;
  title: string;
  publication: EditablePublication;
  /** A published post's views and visitors over the last 30 days. */
  views: { views: number; visitors: number } | null;
};

const BADGES = {
  draft: { label: PUBLICATION_COPY.draft, variant: "light" },
  scheduled: { label: PUBLICATION_COPY.scheduled, variant: "filled" },
  published: { label: PUBLICATION_COPY.published, variant: "outline" },
} as const;

/**
 * The author's drafts and scheduled posts, each with its state and time, then
 * their published posts with their views, on /write.
 */
export function YourPosts({ posts }: { posts: YourPost[] }) {
  return (
    <section aria-labelledby="your-posts-heading">
      <Title order={2} size="h3" id="your-posts-heading" mb="xs">
        {PUBLICATION_COPY.yourPosts}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {PUBLICATION_COPY.yourPostsHint}
      </Text>
      {posts.length === 0 ? (
        <Text>{PUBLICATION_COPY.noPosts}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} style={{ listStyle: "none" }}>
          {posts.map((post) => (
            <li key={post.id}>
              <Group gap="sm" wrap="wrap">
                <Badge variant={BADGES[post.publication.state].variant}>
                  {BADGES[post.publication.state].label}
                </Badge>
                <Anchor
                  component={Link}
                  to={`/edit/${post.id}`}
                  aria-label={PUBLICATION_COPY.edit(post.title)}
                >
                  {post.title}
                </Anchor>
                {post.views ? (
                  <Text size="sm" c="dimmed" data-testid="post-views">
                    {PUBLICATION_COPY.views(post.views)}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {post.publication.label}
                  </Text>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}
