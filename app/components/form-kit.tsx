import {
  getInputProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  Alert,
  Button,
  Input,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  type AlertProps,
  type ButtonProps,
  type TextareaProps,
  type TextInputProps,
} from "@mantine/core";
import { useEffect, useRef, type ReactNode } from "react";
import {
  Link,
  useActionData,
  useFetcher,
  useLocation,
  useNavigation,
} from "react-router";
import type { z } from "zod";
import fileField from "./file-field.module.css";
import { HoneypotField } from "#app/components/honeypot-field.tsx";

// The one way a form is wired and drawn: Conform validates with the same zod
// schema as the server (on blur, then on input), the server's reply comes
// back through a fetcher with JavaScript or as the page's action data
// without it, and every field shows its errors the same way.

type FormResult = { result: SubmissionResult<string[]>; sent?: boolean };

/** Conform's form state for `schema`, showing `lastResult` from the server. */
export function useSchemaForm<Schema extends z.ZodObject>({
  id,
  schema,
  schemaFor,
  lastResult,
  defaultNoValidate,
  defaultValue,
  shouldValidate = "onBlur",
}: {
  id: string;
  /** The browser's own checks come from it, and so does validation unless `schemaFor` is given. */
  schema: Schema;
  /** The schema one submission is judged by, where that depends on the submission. */
  schemaFor?: (formData: FormData) => Schema;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultNoValidate?: boolean;
  defaultValue?: DefaultValue<z.input<Schema>>;
  shouldValidate?: "onBlur" | "onSubmit";
}) {
  return useForm({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultNoValidate,
    defaultValue,
    shouldValidate,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: schemaFor?.(formData) ?? schema }),
  });
}

/**
 * Whether a document-style post of this page's form (a `<Form>`, not a
 * fetcher) is on its way: a POST to the path `action` (by default this
 * page's; the query aside) whose body `matches`.
 */
export function usePendingPost({
  action,
  matches,
}: {
  action?: string;
  matches?: (formData: FormData) => boolean;
} = {}) {
  const { state, formMethod, formAction, formData } = useNavigation();
  const { pathname } = useLocation();
  return (
    state !== "idle" &&
    formMethod === "POST" &&
    formAction?.split("?")[0] === (action ?? pathname) &&
    formData !== undefined &&
    (matches?.(formData) ?? true)
  );
}

/**
 * A form posted as a page (a `<Form>` to `action`): the reply is the route's
 * action data, `sent` once it says the submission was stored and no other
 * post of the form is on its way.
 */
export function usePageForm<Schema extends z.ZodObject>(
  action: string,
  reply: FormResult | undefined,
  options: { id: string; schema: Schema },
) {
  const busy = usePendingPost({ action });
  const shown = busy ? undefined : reply;
  const [form, fields] = useSchemaForm({
    ...options,
    lastResult: shown?.result,
  });
  return { form, fields, busy, sent: shown?.sent === true };
}

/**
 * A form that posts through the fetcher `fetcherKey` with JavaScript and as
 * a plain HTML form without it: the reply is the fetcher's data or, after a
 * document post, the route's action data; `sent` once it says the
 * submission was stored.
 */
export function useFetcherForm<Schema extends z.ZodObject>(
  fetcherKey: string,
  options: { id: string; schema: Schema },
) {
  const fetcher = useFetcher<FormResult>({ key: fetcherKey });
  const documentResult = useActionData<FormResult>();
  const busy = fetcher.state !== "idle";
  const reply = busy ? null : (fetcher.data ?? documentResult);
  const [form, fields] = useSchemaForm({
    ...options,
    lastResult: reply?.result,
  });
  return { fetcher, form, fields, busy, sent: reply?.sent === true };
}

type Field = FieldMetadata<string | number | undefined>;

/** What every public form starts with: the honeypot field and its form-level errors. */
export function PublicFormHead({
  form,
}: {
  form: { errors?: string[]; errorId: string };
}) {
  return (
    <>
      <HoneypotField />
      <FormErrors form={form} />
    </>
  );
}

/** The visitor's name and email, as the public forms ask for them. */
export function VisitorFields({
  name,
  email,
  emailLabel = "Email",
}: {
  name: Field;
  email: Field;
  emailLabel?: string;
}) {
  return (
    <>
      <TextField meta={name} label="Name" autoComplete="name" />
      <TextField
        meta={email}
        type="email"
        label={emailLabel}
        autoComplete="email"
      />
    </>
  );
}

/** The form-level errors (a refusal, a backend failure), one per line. */
export function FormErrors({
  form,
  ...props
}: {
  form: { errors?: string[]; errorId: string };
} & Omit<AlertProps, "color" | "id">) {
  if (!form.errors?.length) return null;
  return (
    <Alert color="red" role="alert" id={form.errorId} {...props}>
      {form.errors.map((error) => (
        <div key={error}>{error}</div>
      ))}
    </Alert>
  );
}

export function TextField({
  meta,
  type = "text",
  ...props
}: {
  meta: Field;
  type?: "text" | "email" | "number" | "datetime-local";
} & Omit<TextInputProps, "type" | "error">) {
  return (
    <TextInput
      {...getInputProps(meta, { type })}
      key={meta.key}
      error={meta.errors?.join(" ")}
      errorProps={{ id: meta.errorId }}
      {...props}
    />
  );
}

export function TextareaField({
  meta,
  ...props
}: { meta: Field } & Omit<TextareaProps, "error">) {
  return (
    <Textarea
      {...getTextareaProps(meta)}
      key={meta.key}
      autosize
      error={meta.errors?.join(" ")}
      {...props}
    />
  );
}

/**
 * A native file input (Mantine's FileInput needs JavaScript) drawn as a drop
 * zone. With scripts, a picked file is checked at once by the form's schema
 * (`onPick` asks the form to validate this field), not only on submit.
 */
export function FileField({
  meta,
  label,
  description,
  accept,
  onPick,
}: {
  meta: FieldMetadata<File | undefined>;
  label: string;
  description?: ReactNode;
  accept: string;
  onPick: () => void;
}) {
  return (
    <Input.Wrapper
      label={label}
      description={description}
      required
      labelProps={{ htmlFor: meta.id }}
      error={meta.errors?.join(" ")}
      errorProps={{ id: meta.errorId }}
    >
      <input
        {...getInputProps(meta, { type: "file" })}
        key={meta.key}
        accept={accept}
        className={fileField.input}
        style={{ marginTop: 6 }}
        onChange={onPick}
      />
    </Input.Wrapper>
  );
}

/** The submit button, disabled while the form is sent and relabelled then if it has a `busyLabel`. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  ...props
}: {
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
  /** Sent with the form when this button submits it, as an HTML button's are. */
  name?: string;
  value?: string;
} & Omit<ButtonProps, "type" | "disabled">) {
  return (
    <Button type="submit" disabled={busy} {...props}>
      {busy && busyLabel !== undefined ? busyLabel : children}
    </Button>
  );
}

/**
 * What takes a public form's place once it is sent: what happened and what
 * happens next, announced, and focused so that a keyboard or screen reader
 * lands on it. The way on: `onDone` (a dialog closes) or a link `onward`.
 */
export function SentConfirmation({
  title,
  text,
  onDone,
  onward,
}: {
  title: string;
  text: string;
  onDone?: () => void;
  onward: { to: string; label: string };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="sm" role="status" align="flex-start">
      <Title order={3} ref={heading} tabIndex={-1}>
        {title}
      </Title>
      <Text>{text}</Text>
      {onDone ? (
        <Button variant="light" onClick={onDone}>
          Done
        </Button>
      ) : (
        <Button component={Link} to={onward.to} variant="light">
          {onward.label}
        </Button>
      )}
    </Stack>
  );
}
