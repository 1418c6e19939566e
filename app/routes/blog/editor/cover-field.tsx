import type { FieldMetadata } from "@conform-to/react";
import { Checkbox, Stack, Text, TextInput } from "@mantine/core";
import { ImageFileField, ImagePreview } from "./image-file-field.tsx";
import { POST_FORM_COPY } from "./labels.ts";

type CoverFieldProps = {
  cover: FieldMetadata<File | undefined>;
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
 * The cover's file input with a preview of the chosen file once scripts
 * run, and its alternative text.
 */
export function CoverField({
  cover,
  currentUrl,
  chooseAgain,
  chosenUrl,
  onFileChange,
  alt,
  decorative,
}: CoverFieldProps) {
  return (
    <Stack gap="sm">
      <ImageFileField
        meta={cover}
        label={POST_FORM_COPY.cover}
        description={POST_FORM_COPY.coverHint}
        onFileChange={onFileChange}
      >
        {chooseAgain && !chosenUrl ? (
          // red-9: orange-8 on white is 3.58:1.
          <Text size="sm" c="red.9">
            {POST_FORM_COPY.coverChooseAgain}
          </Text>
        ) : null}
        {chosenUrl ? (
          <ImagePreview
            src={chosenUrl}
            alt={POST_FORM_COPY.coverPreview}
            height={240}
            testId="cover-preview"
          />
        ) : currentUrl ? (
          <ImagePreview
            src={currentUrl}
            alt={POST_FORM_COPY.currentCover}
            height={240}
            testId="current-cover"
          />
        ) : null}
      </ImageFileField>
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
