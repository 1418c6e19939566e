import { Container, Text, Title } from "@mantine/core";
import type { Route } from "./+types/home";
import { routeMeta } from "#app/lib/meta.ts";
import { BRAND_NAME, TAGLINE } from "#app/content/site.ts";

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function Home() {
  return (
    <Container size="lg" py={96}>
      <Title order={1}>{TAGLINE}</Title>
      <Text size="lg" mt="md">
        {BRAND_NAME} agents learn your organizational knowledge and expert
        playbooks, then ship on your existing stack.
      </Text>
    </Container>
  );
}
