import { Image, Input, Stack } from "@mantine/core";
import { useEffect, useState, type ReactNode } from "react";
import fileField from "#app/components/file-field.module.css";

/**
 * A native file input for an image, drawn as a drop zone (it works before
 * and without JavaScript), with its label, hint and errors and whatever the
 * field shows beneath it.
 */
export function ImageFileField({
  meta: { id, name, errorId, errors },
  label,
  description,
  onFileChange,
  children,
}: {
  meta: { id: string; name: string; errorId: string; errors?: string[] };
  label: string;
  description: string;
  onFileChange: (file: File | null) => void;
  children: ReactNode;
}) {
  const hintId = `${id}-hint`;
  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: id }}
      description={description}
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
        {children}
      </Stack>
    </Input.Wrapper>
  );
}

/** An image chosen or saved, at its own width up to the given height. */
export function ImagePreview({
  src,
  alt,
  height,
  testId,
}: {
  src: string;
  alt: string;
  height: number;
  testId?: string;
}) {
  return (
    <Image
      src={src}
      alt={alt}
      mah={height}
      w="auto"
      fit="contain"
      radius="md"
      data-testid={testId}
    />
  );
}

/**
 * An object URL of the file last chosen, to preview it; each is revoked
 * once another replaces it or the form goes.
 */
export function useChosenImage() {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const choose = (file: File | null) => {
    setUrl(file ? URL.createObjectURL(file) : null);
  };
  return [url, choose] as const;
}
