import { Alert, Anchor, Button, Group, Text, Title } from "@mantine/core";
import { EDIT_CONFLICT } from "#app/routes/blog/post-messages.ts";
import { CONFLICT_COPY } from "./labels.ts";
import { ChangedLines } from "./changed-lines.tsx";
import type { PostConflict } from "./types.ts";

/**
 * A save refused because someone saved the post meanwhile: their version,
 * with what the author's would change in it, and the two ways on. The form
 * below still holds the author's version and now carries the newer one's
 * time, so saving it again is the author's choice to keep theirs.
 */
export function ConflictNotice({
  conflict,
  postId,
  formId,
}: {
  conflict: PostConflict;
  postId: string;
  formId: string;
}) {
  return (
    <Alert
      color="orange"
      title={EDIT_CONFLICT.title}
      mb="lg"
      role="alert"
      data-testid="edit-conflict"
    >
      <Text mb="sm">{EDIT_CONFLICT.description}</Text>
      <Title order={2} size="h5" mb="xs">
        {CONFLICT_COPY.changesHeading}
      </Title>
      {conflict.changes.map((field) => (
        <div key={field.field}>
          <Text fw={600} size="sm" mt="xs">
            {field.field}
          </Text>
          <ChangedLines lines={field.lines} />
        </div>
      ))}
      <Text size="sm" mt="md">
        {CONFLICT_COPY.keepMineHint}
      </Text>
      <Group mt="sm" gap="md">
        <Button
          type="submit"
          form={formId}
          name="intent"
          value={conflict.intent}
        >
          {CONFLICT_COPY.keepMine}
        </Button>
        <Anchor href={`/edit/${postId}`}>{CONFLICT_COPY.takeTheirs}</Anchor>
      </Group>
    </Alert>
  );
}
