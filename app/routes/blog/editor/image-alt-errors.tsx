import { Alert } from "@mantine/core";
import { POST_FORM_COPY } from "./labels.ts";

/**
 * Why the post cannot go public yet: the images still to describe, beside
 * the buttons that publish, with and without JavaScript.
 */
export function ImageAltErrors({
  id,
  errors,
}: {
  id: string;
  errors?: string[];
}) {
  if (!errors?.length) return null;
  return (
    <Alert
      color="red"
      role="alert"
      id={id}
      title={POST_FORM_COPY.imageAltHeading}
      data-testid="image-alt-errors"
    >
      {errors.join(" ")}
    </Alert>
  );
}
