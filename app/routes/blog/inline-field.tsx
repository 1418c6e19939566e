import type { InputHTMLAttributes } from "react";
import ui from "#app/components/marketing/marketing.module.css";

/**
 * The field and button of the blog's one-field forms (search, subscribe):
 * the field has no visible label, so its placeholder's words are also its
 * accessible name.
 */
export function InlineField({
  label,
  button,
  ...input
}: { label: string; button: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <input {...input} aria-label={label} placeholder={label} />
      <button type="submit" className={ui.button}>
        {button}
      </button>
    </>
  );
}
