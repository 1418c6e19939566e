import {
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  Alert,
  Button,
  Container,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { SignInSchema } from "./sign-in-schema.ts";
import { useNonce } from "#app/utils/nonce-provider.tsx";

type SignInFormProps = {
  /** Where to go after signing in; the server only follows same-site paths. */
  redirectTo?: string | null;
  lastResult?: SubmissionResult<string[]> | null;
};

/**
 * The "Team Login" form. It always posts to /auth, so a restricted page can
 * render it in place and the visitor comes back to that page afterwards.
 */
export function SignInForm({ redirectTo, lastResult }: SignInFormProps) {
  const nonce = useNonce();
  const navigation = useNavigation();
  const action = redirectTo
    ? `/auth?${new URLSearchParams({ redirect: redirectTo })}`
    : "/auth";
  const submitting =
    navigation.state === "submitting" &&
    navigation.formAction?.startsWith("/auth") === true;
  // After a successful post the browser follows the redirect and the next
  // page checks the new session; show that the sign-in is still in progress.
  const checkingSession =
    navigation.state === "loading" && navigation.formMethod !== undefined;

  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    constraint: getZodConstraint(SignInSchema),
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: SignInSchema }),
  });

  // A failed attempt comes back without the password (the server never
  // echoes it); with scripts the field still holds what was typed, so clear it.
  // (Directly on the element: a form intent would re-validate and replace
  // the server's message with "Password is required".)
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (lastResult?.status === "error" && passwordRef.current) {
      passwordRef.current.value = "";
    }
  }, [lastResult]);

  return (
    <Container size={440} py={120}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} ta="center">
            Team Login
          </Title>
          {checkingSession ? (
            <Stack align="center" gap="xs" role="status" aria-live="polite">
              <Loader size="md" aria-hidden />
              <Text c="dimmed" size="sm">
                Checking your session...
              </Text>
            </Stack>
          ) : null}
          {form.errors?.length ? (
            <Alert
              color="red"
              role="alert"
              id={form.errorId}
              title="Sign-in failed"
            >
              {form.errors.join(" ")}
            </Alert>
          ) : null}
          <Form method="post" action={action} {...getFormProps(form)}>
            <Stack gap="md">
              <HoneypotInputs nonce={nonce} />
              {redirectTo ? (
                <input type="hidden" name="redirectTo" value={redirectTo} />
              ) : null}
              <TextInput
                {...getInputProps(fields.email, { type: "email" })}
                key={fields.email.key}
                label="Email"
                autoComplete="email"
                error={fields.email.errors?.join(" ")}
              />
              <PasswordInput
                {...getInputProps(fields.password, { type: "password" })}
                key={fields.password.key}
                ref={passwordRef}
                label="Password"
                autoComplete="current-password"
                error={fields.password.errors?.join(" ")}
              />
              <Button
                type="submit"
                fullWidth
                loading={submitting}
                disabled={submitting}
              >
                {submitting ? "Signing in..." : "Sign In"}
              </Button>
            </Stack>
          </Form>
        </Stack>
      </Paper>
    </Container>
  );
}
