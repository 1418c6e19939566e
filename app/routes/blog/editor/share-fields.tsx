import type { FieldMetadata } from "@conform-to/react";
import { Stack } from "@mantine/core";
import { TextareaField } from "#app/components/form-kit.tsx";
import { ImageFileField, ImagePreview } from "./image-file-field.tsx";
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
  return (
    <Stack gap="lg">
      <TextareaField
        meta={metaDescription}
        label={SHARE_PREVIEW_COPY.metaDescription}
        description={SHARE_PREVIEW_COPY.metaDescriptionHint}
        minRows={2}
        maxLength={300}
      />
      <ImageFileField
        meta={socialImage}
        label={SHARE_PREVIEW_COPY.socialImage}
        description={SHARE_PREVIEW_COPY.socialImageHint}
        onFileChange={onFileChange}
      >
        {currentUrl ? (
          <ImagePreview
            src={currentUrl}
            alt={SHARE_PREVIEW_COPY.currentSocialImage}
            height={160}
          />
        ) : null}
      </ImageFileField>
    </Stack>
  );
}
