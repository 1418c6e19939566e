import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { routeMeta } from "#app/lib/meta.ts";

type ToolCopy = { pageTitle: string; intro: string; backToPost: string };

/** A post tool's meta tags: its own title and intro, and never indexed. */
export function postToolMeta(copy: ToolCopy) {
  return (args: Parameters<typeof routeMeta>[0]) =>
    routeMeta(args, {
      title: copy.pageTitle,
      description: copy.intro,
      noIndex: true,
    });
}

/**
 * A page of one post's tools (its revisions, preview links, newsletter
 * send): the tool's heading and the post's title above, the way back to
 * the post below.
 */
export function PostToolPage({
  copy,
  post,
  children,
}: {
  copy: ToolCopy;
  post: { id: string; title: string };
  children: ReactNode;
}) {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{copy.pageTitle}</Title>
        <Text fw={600}>{post.title}</Text>
        {children}
        <Anchor component={Link} to={`/edit/${post.id}`}>
          {copy.backToPost}
        </Anchor>
      </Stack>
    </Container>
  );
}
