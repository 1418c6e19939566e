import type { FieldMetadata } from "@conform-to/react";
import { Image, Input, Stack } from "@mantine/core";
import { TextareaField } from "#app/components/form-kit.tsx";
import fileField from "#app/components/file-field.module.css";
import { SHARE_PREVIEW_COPY } from "./labels.ts";

/**
 * The post's meta description and its own social image (decision 135); both
 * may stay empty, and then the excerpt and the cover's image are used.
 */
export function ShareFields({
  metaDescription,
  socialImage,
  currentUrl,
  onFileChange,
}: {
  metaDescription: FieldMetadata<string | undefined>;
  socialImage: FieldMetadata<File | undefined>;
  /** The author's own social image already saved, if any. */
  currentUrl: string | null;
  onFileChange: (file: File | null) => void;
}) {
  const hintId = `${socialImage.id}-hint`;
  const errors = socialImage.errors;
  return (
    <Stack gap="lg">
      <TextareaField
        meta={metaDescription}
        label={SHARE_PREVIEW_COPY.metaDescription}
        description={SHARE_PREVIEW_COPY.metaDescriptionHint}
        minRows={2}
        maxLength={300}
      />
      <Input.Wrapper
        label={SHARE_PREVIEW_COPY.socialImage}
        labelProps={{ htmlFor: socialImage.id }}
        description={SHARE_PREVIEW_COPY.socialImageHint}
        descriptionProps={{ id: hintId }}
        error={errors?.join(" ")}
        errorProps={{ id: socialImage.errorId }}
      >
        <Stack gap="xs" mt={4}>
          <input
            id={socialImage.id}
            name={socialImage.name}
            type="file"
            accept="image/*"
            className={fileField.input}
            aria-describedby={
              errors?.length ? `${hintId} ${socialImage.errorId}` : hintId
            }
            aria-invalid={errors?.length ? true : undefined}
            onChange={(event) => {
              onFileChange(event.currentTarget.files?.[0] ?? null);
            }}
          />
          {currentUrl ? (
            <Image
              src={currentUrl}
              alt={SHARE_PREVIEW_COPY.currentSocialImage}
              mah={160}
              w="auto"
              fit="contain"
              radius="md"
            />
          ) : null}
        </Stack>
      </Input.Wrapper>
    </Stack>
  );
}
