import { Anchor, Container, Group, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A team tool's page: an optional way back, the page heading (with the page's
 * main `action` beside it), then the content, in a column `size` wide or the
 * layout's full width without one.
 */
export function ToolPage({
  title,
  size,
  back,
  action,
  children,
}: {
  title: ReactNode;
  size?: "md" | "lg" | "xl";
  back?: { to: string; label: string };
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = <Title order={1}>{title}</Title>;
  const page = (
    <Stack gap="lg">
      {back ? (
        <Anchor component={Link} to={back.to}>
          {back.label}
        </Anchor>
      ) : null}
      {action ? (
        <Group justify="space-between" align="center">
          {heading}
          {action}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
  return size ? (
    <Container size={size} p={0}>
      {page}
    </Container>
  ) : (
    page
  );
}
