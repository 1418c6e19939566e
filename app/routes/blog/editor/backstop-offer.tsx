import { Alert, Button, Group, Text } from "@mantine/core";
import { BACKSTOP_COPY } from "./labels.ts";

/** The offer to bring back work a closed or crashed tab did not send. */
export function BackstopOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const when = new Date(savedAt).toLocaleString(undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <Alert
      color="yellow"
      title={BACKSTOP_COPY.title}
      mb="lg"
      data-testid="backstop-offer"
    >
      <Text size="sm">{BACKSTOP_COPY.text(when)}</Text>
      <Group gap="sm" mt="sm">
        <Button size="xs" onClick={onRestore}>
          {BACKSTOP_COPY.restore}
        </Button>
        <Button size="xs" variant="default" onClick={onDiscard}>
          {BACKSTOP_COPY.discard}
        </Button>
      </Group>
    </Alert>
  );
}
