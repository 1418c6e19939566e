import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

type ErrorPageProps = {
  title: string;
  message: ReactNode;
  actions?: { to: string; label: string; variant?: "filled" | "light" }[];
};

export function ErrorPage({ title, message, actions = [] }: ErrorPageProps) {
  return (
    <Container size="sm" py={120}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          {message}
        </Text>
        {actions.length > 0 ? (
          <Group justify="center" mt="md">
            {actions.map((action) => (
              <Button
                key={action.to}
                component={Link}
                to={action.to}
                variant={action.variant ?? "filled"}
              >
                {action.label}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Container>
  );
}
