import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Form, type FormProps } from "react-router";

/** Filters as a GET form: the choice is a URL, with or without JavaScript. */
export function FilterForm({
  submit,
  children,
  ...props
}: {
  submit: string;
  children: ReactNode;
} & Omit<FormProps, "method">) {
  return (
    <Form method="get" {...props}>
      <Group align="flex-end" gap="sm">
        {children}
        <Button type="submit" variant="default">
          {submit}
        </Button>
      </Group>
    </Form>
  );
}
