import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A part of a team tool's page, named by its heading. */
export function ToolSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack component="section" gap="xs" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
