import type { FieldMetadata } from "@conform-to/react";
import { Button, Group, NativeSelect, Text, TextInput } from "@mantine/core";
import { useEffect, useRef } from "react";
import { PUBLICATION_COPY } from "./labels.ts";
import classes from "./post-form.module.css";
import { DEFAULT_TIME_ZONE } from "./publish-time.ts";
import type { EditablePublication } from "./types.ts";

type Field = FieldMetadata<string | undefined>;

function asText(value: unknown) {
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * Save draft and Schedule beside Publish Post: a date and time in a time
 * zone, sent as they are and turned into UTC by the server (publish-time.ts).
 * Without JavaScript the zone is the one chosen here (UTC unless the post
 * has one); with it, a new schedule starts in the browser's zone. A
 * published post stays published, so it has no such section.
 */
export function PublicationFields({
  publishAt,
  timeZone,
  publication,
  timeZones,
  busy,
}: {
  publishAt: Field;
  timeZone: Field;
  publication: EditablePublication | null;
  timeZones: string[];
  busy: boolean;
}) {
  const zoneRef = useRef<HTMLSelectElement>(null);
  const chosenZone =
    asText(timeZone.initialValue) ?? publication?.timeZone ?? null;

  useEffect(() => {
    const select = zoneRef.current;
    if (!select || chosenZone !== null) return;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (timeZones.includes(browserZone)) select.value = browserZone;
  }, [chosenZone, timeZones]);

  if (publication?.state === "published") return null;
  return (
    <fieldset className={classes.publication}>
      <legend>{PUBLICATION_COPY.heading}</legend>
      {publication ? (
        <Text fw={600} data-testid="publication-state">
          {publication.label}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed" mb="sm">
        {PUBLICATION_COPY.hint}
      </Text>
      <Group align="flex-start" gap="md">
        <TextInput
          key={publishAt.key}
          type="datetime-local"
          id={publishAt.id}
          name={publishAt.name}
          label={PUBLICATION_COPY.publishAt}
          defaultValue={
            asText(publishAt.initialValue) ?? publication?.publishAt ?? ""
          }
          error={publishAt.errors?.join(" ")}
          errorProps={{ id: publishAt.errorId }}
          aria-invalid={publishAt.errors ? true : undefined}
        />
        <NativeSelect
          key={timeZone.key}
          ref={zoneRef}
          id={timeZone.id}
          name={timeZone.name}
          label={PUBLICATION_COPY.timeZone}
          defaultValue={chosenZone ?? DEFAULT_TIME_ZONE}
          data={timeZones}
          error={timeZone.errors?.join(" ")}
          errorProps={{ id: timeZone.errorId }}
        />
      </Group>
      <Group gap="sm" mt="md">
        <Button
          type="submit"
          name="intent"
          value="schedule"
          variant="default"
          disabled={busy}
        >
          {PUBLICATION_COPY.schedule}
        </Button>
        <Button
          type="submit"
          name="intent"
          value="draft"
          variant="default"
          disabled={busy}
        >
          {PUBLICATION_COPY.saveDraft}
        </Button>
      </Group>
    </fieldset>
  );
}
