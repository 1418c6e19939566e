import { z } from "zod";

// The language a content type is defined in (decision 236): each field once,
// with its label, help text and limits. From one definition come the zod
// schema (the form's, in the browser and on the server, and the stored JSON's
// on every read and write), the TypeScript type its page component reads, the
// form's fields and the field-by-field difference between two revisions.
// Only the tools and the server import a definition: a public page imports
// the type alone, so its JavaScript carries none of this.

type Described = { label: string; help?: string };

export type TextField = Described & {
  kind: "text";
  max: number;
  /** A paragraph rather than a line. */
  multiline?: boolean;
  /** May be left empty (stored as ""): the page leaves out what it shows. */
  optional?: boolean;
};
/** A whole number within bounds: a percentage, a count. */
export type NumberField = Described & {
  kind: "number";
  min: number;
  max: number;
};
/** A link's words and where it goes: a path on the site, `#anchor` or https. */
export type LinkField = Described & { kind: "link" };
/** An image's address and its alternative text, or marked decorative. */
export type ImageField = Described & { kind: "image" };
export type ChoiceField<Option extends string = string> = Described & {
  kind: "choice";
  options: readonly Option[];
};
export interface GroupField<Inner extends Fields = Fields> extends Described {
  kind: "group";
  fields: Inner;
}
export interface ListField<Item extends Field = Field> extends Described {
  kind: "list";
  item: Item;
  /** What one entry is called on its buttons: "Add a step". */
  itemLabel: string;
  min: number;
  max: number;
}
export type Field =
  | TextField
  | NumberField
  | LinkField
  | ImageField
  | ChoiceField
  | GroupField
  | ListField;
export interface Fields {
  [name: string]: Field;
}

export type Link = { label: string; href: string };
export type Image = { src: string; alt: string; decorative: boolean };

export type ValueOf<F extends Field> = F extends TextField
  ? string
  : F extends NumberField
    ? number
    : F extends LinkField
      ? Link
      : F extends ImageField
        ? Image
        : F extends ChoiceField<infer Option>
          ? Option
          : F extends GroupField<infer Inner>
            ? ContentOf<Inner>
            : F extends ListField<infer Item>
              ? ValueOf<Item>[]
              : never;

/** The JSON a content type stores and its page component reads. */
export type ContentOf<F extends Fields> = { [K in keyof F]: ValueOf<F[K]> };

export const text = (
  label: string,
  options: Omit<TextField, "kind" | "label">,
): TextField => ({ kind: "text", label, ...options });

export const number = (
  label: string,
  options: Omit<NumberField, "kind" | "label">,
): NumberField => ({ kind: "number", label, ...options });

export const link = (label: string, help?: string): LinkField => ({
  kind: "link",
  label,
  help,
});

export const image = (label: string, help?: string): ImageField => ({
  kind: "image",
  label,
  help,
});

export const choice = <const Option extends string>(
  label: string,
  options: readonly Option[],
): ChoiceField<Option> => ({ kind: "choice", label, options });

export const group = <const Inner extends Fields>(
  label: string,
  fields: Inner,
  help?: string,
): GroupField<Inner> => ({ kind: "group", label, fields, help });

export const list = <const Item extends Field>(
  label: string,
  item: Item,
  options: Omit<ListField<Item>, "kind" | "label" | "item">,
): ListField<Item> => ({ kind: "list", label, item, ...options });

/** A site path, an anchor on the page, or an https address. */
const HREF =
  /^(?:\/(?!\/)[^\s]*|#[A-Za-z][\w-]*|https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/;
/** An image served by the site or fetched over https. */
const IMAGE_SRC = /^(?:\/(?!\/)[^\s]*|https:\/\/[^\s]+)$/;

export const contentMessages = {
  required: (label: string) => `${label} is required.`,
  tooLong: (label: string, max: number) =>
    `${label} must be at most ${max} characters.`,
  href: (label: string) =>
    `${label} must be a path on the site (/…), an anchor (#…), an https:// address or a mailto: address.`,
  src: (label: string) =>
    `${label} must be a path on the site (/…) or an https:// address.`,
  alt: (label: string) =>
    `Describe ${label.toLowerCase()} for readers who cannot see it, or mark it decorative.`,
  choice: (label: string) => `Choose one of the options for ${label}.`,
  number: (label: string, min: number, max: number) =>
    `${label} must be a whole number from ${min} to ${max}.`,
  tooFew: (label: string, min: number) =>
    `${label} needs at least ${min} ${min === 1 ? "entry" : "entries"}.`,
  tooMany: (label: string, max: number) =>
    `${label} takes at most ${max} entries.`,
};
const M = contentMessages;

function requiredText(label: string, max: number) {
  return z
    .string({ error: M.required(label) })
    .trim()
    .min(1, M.required(label))
    .max(max, M.tooLong(label, max));
}

function fieldSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case "text":
      return field.optional
        ? z
            .string()
            .trim()
            .max(field.max, M.tooLong(field.label, field.max))
            .default("")
        : requiredText(field.label, field.max);
    case "number": {
      const message = M.number(field.label, field.min, field.max);
      return z.coerce
        .number({ error: message })
        .int(message)
        .min(field.min, message)
        .max(field.max, message);
    }
    case "link":
      return z.object({
        label: requiredText(`${field.label}: words`, 80),
        href: requiredText(`${field.label}: address`, 500).regex(
          HREF,
          M.href(`${field.label}: address`),
        ),
      });
    case "image":
      return z
        .object({
          src: requiredText(`${field.label}: address`, 500).regex(
            IMAGE_SRC,
            M.src(`${field.label}: address`),
          ),
          alt: z
            .string()
            .trim()
            .max(300, M.tooLong(`${field.label}: description`, 300))
            .default(""),
          decorative: z.boolean().default(false),
        })
        .superRefine((value, context) => {
          if (!value.decorative && value.alt === "") {
            context.addIssue({
              code: "custom",
              path: ["alt"],
              message: M.alt(field.label),
            });
          }
        });
    case "choice":
      return z.enum(field.options as [string, ...string[]], {
        error: M.choice(field.label),
      });
    case "group":
      return schemaOf(field.fields);
    case "list":
      return z
        .array(fieldSchema(field.item), {
          error: M.tooFew(field.label, field.min),
        })
        .min(field.min, M.tooFew(field.label, field.min))
        .max(field.max, M.tooMany(field.label, field.max));
  }
}

/**
 * The content type's schema: the form's (Conform's parseWithZod, in the
 * browser and in the action) and the stored JSON's, with the same messages.
 * Unknown keys are dropped, so what is stored is exactly the definition.
 */
export function schemaOf<F extends Fields>(fields: F) {
  return z.object(
    Object.fromEntries(
      Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)]),
    ),
  ) as unknown as z.ZodType<ContentOf<F>, ContentOf<F>> &
    z.ZodObject<Record<keyof F, z.ZodType>>;
}

/** One field's value as lines of text, for comparing two revisions. */
function linesOf(field: Field, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  switch (field.kind) {
    case "text":
    case "number":
    case "choice":
      return String(value).split("\n");
    case "link": {
      const { label, href } = value as Link;
      return [`${label} → ${href}`];
    }
    case "image": {
      const { src, alt, decorative } = value as Image;
      return [src, decorative ? "(decorative)" : `Alt: ${alt}`];
    }
    case "group":
      return Object.entries(field.fields).flatMap(([name, inner]) =>
        linesOf(inner, (value as Record<string, unknown>)[name]).map(
          (line) => `${inner.label}: ${line}`,
        ),
      );
    case "list":
      return (value as unknown[]).flatMap((item, index) =>
        linesOf(field.item, item).map((line) => `${index + 1}. ${line}`),
      );
  }
}

export type ContentField = { path: string; label: string; lines: string[] };

/**
 * A content value as its fields, each with its label and its lines: groups
 * are walked into, so a revision's difference names "Hero › Headline", and a
 * list is one field whose entries are numbered lines.
 */
export function contentFields(
  fields: Fields,
  value: Record<string, unknown>,
  parent: { path: string; label: string } | null = null,
): ContentField[] {
  return Object.entries(fields).flatMap(([name, field]) => {
    const path = parent ? `${parent.path}.${name}` : name;
    const label = parent ? `${parent.label} › ${field.label}` : field.label;
    const inner: unknown = value?.[name];
    if (field.kind === "group") {
      return contentFields(
        field.fields,
        (inner ?? {}) as Record<string, unknown>,
        { path, label },
      );
    }
    return [{ path, label, lines: linesOf(field, inner) }];
  });
}
