import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Input } from "@mantine/core";
import { POST_FORM_COPY } from "./labels.ts";
import classes from "./post-form.module.css";

/** The post's title, written at the size and weight its page shows it. */
export function TitleField({ meta }: { meta: FieldMetadata<string> }) {
  return (
    <div className={classes.titleField}>
      <Input.Label htmlFor={meta.id} required>
        {POST_FORM_COPY.title}
      </Input.Label>
      <input
        {...getInputProps(meta, { type: "text" })}
        key={meta.key}
        className={classes.titleInput}
        placeholder={POST_FORM_COPY.titlePlaceholder}
        autoComplete="off"
      />
      {meta.errors?.length ? (
        <Input.Error id={meta.errorId}>{meta.errors.join(" ")}</Input.Error>
      ) : null}
    </div>
  );
}
