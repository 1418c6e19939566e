import {
  Badge,
  CloseButton,
  Group,
  Input,
  Stack,
  TextInput,
} from "@mantine/core";
import { useState, type KeyboardEvent } from "react";
import { parseTagList } from "./post-schema.ts";
import { POST_FORM_COPY } from "./labels.ts";
import classes from "./post-form.module.css";

type TagsFieldProps = {
  name: string;
  id: string;
  /** Tag names already in the database, offered as toggles. */
  existingTags: string[];
  /** The post's tags (or the ones just submitted). */
  initialTags: string[];
  /** Whether scripts run: the custom-tag input then adds on Enter. */
  enhanced: boolean;
  errorId: string;
  errors?: string[];
};

/**
 * Tags. Existing tags are native checkboxes in both modes. Without
 * JavaScript other tags go in a comma-separated text field; with it, a tag
 * is added on Enter (if new and not blank), shown as a removable chip and
 * posted through a hidden input.
 */
export function TagsField({
  name,
  id,
  existingTags,
  initialTags,
  enhanced,
  errorId,
  errors,
}: TagsFieldProps) {
  const existing = new Set(existingTags);
  const [selected, setSelected] = useState(() =>
    initialTags.filter((tag) => existing.has(tag)),
  );
  const [custom, setCustom] = useState(() =>
    initialTags.filter((tag) => !existing.has(tag)),
  );
  const [draft, setDraft] = useState("");

  const toggle = (tag: string, on: boolean) =>
    setSelected((current) =>
      on
        ? [...current.filter((t) => t !== tag), tag]
        : current.filter((t) => t !== tag),
    );

  const addDraft = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    // Enter adds a tag; it must not submit the post.
    event.preventDefault();
    for (const tag of parseTagList(draft)) {
      if (selected.includes(tag) || custom.includes(tag)) continue;
      if (existing.has(tag)) toggle(tag, true);
      else setCustom((current) => [...current, tag]);
    }
    setDraft("");
  };

  const legendId = `${id}-legend`;
  return (
    <fieldset
      className={classes.fieldset}
      aria-labelledby={legendId}
      aria-describedby={errors?.length ? errorId : undefined}
    >
      <Input.Label component="legend" id={legendId} className={classes.legend}>
        {POST_FORM_COPY.tags}
      </Input.Label>
      <Stack gap="sm">
        {enhanced ? (
          <>
            <TextInput
              id={id}
              aria-label={POST_FORM_COPY.tags}
              placeholder={POST_FORM_COPY.tagsPlaceholder}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={addDraft}
              autoComplete="off"
            />
            {custom.length > 0 ? (
              <Group gap="xs" data-testid="custom-tags">
                {custom.map((tag) => (
                  <Badge
                    key={tag}
                    variant="light"
                    size="lg"
                    tt="none"
                    rightSection={
                      <CloseButton
                        size="xs"
                        aria-label={POST_FORM_COPY.removeTag(tag)}
                        onClick={() =>
                          setCustom((current) =>
                            current.filter((t) => t !== tag),
                          )
                        }
                      />
                    }
                  >
                    {tag}
                    <input type="hidden" name={name} value={tag} />
                  </Badge>
                ))}
              </Group>
            ) : null}
          </>
        ) : (
          <TextInput
            id={id}
            name={name}
            aria-label={POST_FORM_COPY.tagsCommaHint}
            placeholder={POST_FORM_COPY.tagsCommaHint}
            defaultValue={custom.join(", ")}
            autoComplete="off"
          />
        )}
        {existingTags.length > 0 ? (
          <div
            role="group"
            aria-label={POST_FORM_COPY.existingTags}
            className={classes.tagToggles}
          >
            {existingTags.map((tag) => (
              <label key={tag} className={classes.tagToggle}>
                <input
                  type="checkbox"
                  name={name}
                  value={tag}
                  checked={selected.includes(tag)}
                  onChange={(event) => toggle(tag, event.currentTarget.checked)}
                />
                <span>{tag}</span>
              </label>
            ))}
          </div>
        ) : null}
        {errors?.length ? (
          <Input.Error id={errorId}>{errors.join(" ")}</Input.Error>
        ) : null}
      </Stack>
    </fieldset>
  );
}
