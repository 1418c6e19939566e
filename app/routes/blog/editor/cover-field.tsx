import type { FieldMetadata } from "@conform-to/react";
import { Checkbox, Image, Input, Stack, Text, TextInput } from "@mantine/core";
import fileField from "#app/components/file-field.module.css";
import { POST_FORM_COPY } from "./labels.ts";

type CoverFieldProps = {
  name: string;
  id: string;
  errorId: string;
  errors?: string[];
  /** The post's cover in edit mode, kept unless another file is chosen. */
  currentUrl: string | null;
  /** A file chosen before a failed submission is not sent back by the browser. */
  chooseAgain: boolean;
  /** An object URL of the chosen file, owned (and revoked) by the form. */
  chosenUrl: string | null;
  /** Called with the picked file; the form checks it against its schema at once. */
  onFileChange: (file: File | null) => void;
  alt: FieldMetadata<string | undefined>;
  decorative: FieldMetadata<boolean | undefined>;
};

function initialText(value: unknown) {
  return typeof value === "string" ? value : undefined;
}

/**
 * A native file input drawn as a drop zone (it works before and without
 * JavaScript) with a preview of the chosen file once scripts run.
 */
export function CoverField({
  name,
  id,
  errorId,
  errors,
  currentUrl,
  chooseAgain,
  chosenUrl,
  onFileChange,
  alt,
  decorative,
}: CoverFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <Stack gap="sm">
      <Input.Wrapper
        label={POST_FORM_COPY.cover}
        labelProps={{ htmlFor: id }}
        description={POST_FORM_COPY.coverHint}
        descriptionProps={{ id: hintId }}
        error={errors?.join(" ")}
        errorProps={{ id: errorId }}
      >
        <Stack gap="xs" mt={4}>
          <input
            id={id}
            name={name}
            type="file"
            accept="image/*"
            className={fileField.input}
            aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}
            aria-invalid={errors?.length ? true : undefined}
            onChange={(event) => {
              onFileChange(event.currentTarget.files?.[0] ?? null);
            }}
          />
          {chooseAgain && !chosenUrl ? (
            // red-9: orange-8 on white is 3.58:1.
            <Text size="sm" c="red.9">
              {POST_FORM_COPY.coverChooseAgain}
            </Text>
          ) : null}
          {chosenUrl ? (
            <Image
              src={chosenUrl}
              alt={POST_FORM_COPY.coverPreview}
              mah={240}
              w="auto"
              fit="contain"
              radius="md"
              data-testid="cover-preview"
            />
          ) : currentUrl ? (
            <Image
              src={currentUrl}
              alt={POST_FORM_COPY.currentCover}
              mah={240}
              w="auto"
              fit="contain"
              radius="md"
              data-testid="current-cover"
            />
          ) : null}
        </Stack>
      </Input.Wrapper>
      <TextInput
        key={alt.key}
        id={alt.id}
        name={alt.name}
        label={POST_FORM_COPY.coverAlt}
        description={POST_FORM_COPY.coverAltHint}
        defaultValue={initialText(alt.initialValue) ?? ""}
        maxLength={1000}
        error={alt.errors?.join(" ")}
        errorProps={{ id: alt.errorId }}
      />
      <Checkbox
        key={decorative.key}
        id={decorative.id}
        name={decorative.name}
        label={POST_FORM_COPY.coverDecorative}
        // Conform gives a checked box's value as "on", saved or sent.
        defaultChecked={decorative.initialValue === "on"}
      />
    </Stack>
  );
}
