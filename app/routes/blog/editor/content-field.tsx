import { Input, Textarea } from "@mantine/core";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { POST_FORM_COPY } from "./labels.ts";
import classes from "./post-form.module.css";

// The editor and Tiptap load in their own chunk, only once this field
// renders with scripts running: no other page ever downloads them.
const RichTextEditorField = lazy(() => import("./rich-text-editor.tsx"));

type ContentFieldProps = {
  name: string;
  id: string;
  errorId: string;
  errors?: string[];
  initialHtml: string;
  required: boolean;
};

/**
 * The post body: a textarea of HTML without JavaScript; with it, the
 * rich-text editor and a hidden input that always holds its HTML.
 */
export function ContentField({
  name,
  id,
  errorId,
  errors,
  initialHtml,
  required,
}: ContentFieldProps) {
  const [html, setHtml] = useState(initialHtml);
  const [enhanced, setEnhanced] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const hiddenRef = useRef<HTMLInputElement>(null);
  const edited = useRef(false);
  // Whatever was typed before scripts ran becomes the editor's content.
  useEffect(() => {
    const typed = textareaRef.current?.value;
    if (typed !== undefined) setHtml(typed);
    setEnhanced(true);
  }, []);
  // A hidden input set by React tells nobody: the input event is what the
  // form's validation (an error that clears once content is written) and
  // its unsaved-work warning listen for.
  useEffect(() => {
    if (edited.current) {
      hiddenRef.current?.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, [html]);
  const onEdit = (next: string) => {
    edited.current = true;
    setHtml(next);
  };
  const labelId = `${id}-label`;
  const invalid = Boolean(errors?.length);
  const textarea = (
    <Textarea
      ref={textareaRef}
      id={id}
      name={name}
      defaultValue={html}
      required={required}
      autosize
      minRows={16}
      description={POST_FORM_COPY.contentHint}
      error={errors?.join(" ")}
      errorProps={{ id: errorId }}
      aria-labelledby={labelId}
      classNames={{ input: classes.htmlSource }}
    />
  );
  return (
    <div className={classes.contentField}>
      <Input.Label
        id={labelId}
        htmlFor={enhanced ? undefined : id}
        required={required}
      >
        {POST_FORM_COPY.content}
      </Input.Label>
      {enhanced ? (
        <Suspense fallback={textarea}>
          <RichTextEditorField
            initialHtml={html}
            onChange={onEdit}
            labelledBy={labelId}
            describedBy={invalid ? errorId : undefined}
            invalid={invalid}
          />
          <input ref={hiddenRef} type="hidden" name={name} value={html} />
          {invalid ? (
            <Input.Error id={errorId} mt={4}>
              {errors?.join(" ")}
            </Input.Error>
          ) : null}
        </Suspense>
      ) : (
        textarea
      )}
    </div>
  );
}
