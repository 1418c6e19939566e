import {
  getInputProps,
  getSelectProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Text,
} from "@mantine/core";
import { TextareaField, TextField } from "#app/components/form-kit.tsx";
import type { Field, Fields } from "#app/lib/content-model.ts";

// A content type's form, drawn from its definition: one input per text or
// number, two per link, an address, a description and a "decorative" box per
// image, a fieldset per group, and per list its entries with buttons that add,
// remove and move them. The buttons are Conform's intents, so without
// JavaScript they post the form and the server answers with the list
// changed (decision 236). Mantine's Button is `type="button"` unless told,
// so each says `submit`: a list changes without JavaScript too.

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;
type Form = FormMetadata<Record<string, unknown>, string[]>;

function fieldset(meta: Meta) {
  return (
    meta as FieldMetadata<Record<string, unknown>>
  ).getFieldset() as Record<string, Meta>;
}

function TextInputFor({ field, meta }: { field: Field; meta: Meta }) {
  const common = {
    meta: meta as FieldMetadata<string>,
    label: field.label,
    description: field.help,
  };
  return field.kind === "text" && field.multiline ? (
    <TextareaField {...common} minRows={2} />
  ) : (
    <TextField {...common} />
  );
}

function FieldInput({
  form,
  field,
  meta,
}: {
  form: Form;
  field: Field;
  meta: Meta;
}) {
  switch (field.kind) {
    case "text":
      return <TextInputFor field={field} meta={meta} />;
    case "number":
      return (
        <TextField
          meta={meta as FieldMetadata<string>}
          type="number"
          min={field.min}
          max={field.max}
          step={1}
          label={field.label}
          description={field.help}
        />
      );
    case "link": {
      const parts = fieldset(meta);
      return (
        <Fieldset legend={field.label}>
          {field.help ? <Text size="sm">{field.help}</Text> : null}
          <Group grow align="start">
            <TextField
              meta={parts.label as FieldMetadata<string>}
              label="Words"
            />
            <TextField
              meta={parts.href as FieldMetadata<string>}
              label="Address"
              description="/path, #anchor or https://…"
            />
          </Group>
        </Fieldset>
      );
    }
    case "image": {
      const parts = fieldset(meta);
      return (
        <Fieldset legend={field.label}>
          <Stack gap="xs">
            {field.help ? <Text size="sm">{field.help}</Text> : null}
            <TextField
              meta={parts.src as FieldMetadata<string>}
              label="Address"
            />
            <TextField
              meta={parts.alt as FieldMetadata<string>}
              label="Description (alt text)"
            />
            <Checkbox
              {...getInputProps(parts.decorative as FieldMetadata<boolean>, {
                type: "checkbox",
              })}
              key={parts.decorative!.key}
              label="Decorative: says nothing a reader would miss"
            />
          </Stack>
        </Fieldset>
      );
    }
    case "choice":
      return (
        <NativeSelect
          {...getSelectProps(meta as FieldMetadata<string>)}
          key={meta.key}
          label={field.label}
          data={field.options.map((option) => ({
            value: option,
            label: option,
          }))}
          error={meta.errors?.join(" ")}
          errorProps={{ id: meta.errorId }}
        />
      );
    case "group":
      return (
        <Fieldset legend={field.label}>
          <Stack gap="sm">
            {field.help ? <Text size="sm">{field.help}</Text> : null}
            <ContentFields form={form} fields={field.fields} meta={meta} />
          </Stack>
        </Fieldset>
      );
    case "list": {
      const entries = (
        meta as FieldMetadata<unknown[]>
      ).getFieldList() as Meta[];
      return (
        <Fieldset legend={field.label}>
          <Stack gap="sm">
            {meta.errors?.length ? (
              <Text c="red" size="sm" id={meta.errorId} role="alert">
                {meta.errors.join(" ")}
              </Text>
            ) : null}
            {entries.map((entry, index) => (
              <Stack key={entry.key} gap={4}>
                <FieldInput
                  form={form}
                  field={{
                    ...field.item,
                    label: `${field.item.label} ${index + 1}`,
                  }}
                  meta={entry}
                />
                <Group gap="xs">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    disabled={index === 0}
                    {...form.reorder.getButtonProps({
                      name: meta.name,
                      from: index,
                      to: index - 1,
                    })}
                    type="submit"
                  >
                    Move up
                  </Button>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    disabled={index === entries.length - 1}
                    {...form.reorder.getButtonProps({
                      name: meta.name,
                      from: index,
                      to: index + 1,
                    })}
                    type="submit"
                  >
                    Move down
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    disabled={entries.length <= field.min}
                    {...form.remove.getButtonProps({ name: meta.name, index })}
                    type="submit"
                  >
                    Remove {field.itemLabel} {index + 1}
                  </Button>
                </Group>
              </Stack>
            ))}
            <Group>
              <Button
                variant="light"
                size="compact-sm"
                disabled={entries.length >= field.max}
                {...form.insert.getButtonProps({ name: meta.name })}
                type="submit"
              >
                Add {field.itemLabel}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      );
    }
  }
}

/** The inputs of `fields`, named under `meta` (the form's content fieldset). */
export function ContentFields({
  form,
  fields,
  meta,
}: {
  form: Form;
  fields: Fields;
  meta: Meta;
}) {
  const parts = fieldset(meta);
  return (
    <>
      {Object.entries(fields).map(([name, field]) => (
        <FieldInput key={name} form={form} field={field} meta={parts[name]!} />
      ))}
    </>
  );
}
