import {
  getFormProps,
  getInputProps,
  type SubmissionResult,
} from "@conform-to/react";
import {
  Container,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { SignInSchema } from "./sign-in-schema.ts";
import {
  FormErrors,
  SubmitButton,
  TextField,
  useSchemaForm,
} from "#app/components/form-kit.tsx";
import { PlatformSignIn } from "#app/components/platform-sign-in.tsx";
import { useToolsFrame } from "#app/components/tools-frame.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";

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
  const { inFrame } = useToolsFrame();
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

  const [form, fields] = useSchemaForm({
    id: "sign-in",
    schema: SignInSchema,
    lastResult,
    defaultNoValidate: false,
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
    <Container size={440} py={inFrame ? 48 : 120}>
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
          <FormErrors form={form} title="Sign-in failed" />
          <Form method="post" action={action} {...getFormProps(form)}>
            <Stack gap="md">
              <HoneypotField />
              {redirectTo ? (
                <input type="hidden" name="redirectTo" value={redirectTo} />
              ) : null}
              <TextField
                meta={fields.email}
                type="email"
                label="Email"
                autoComplete="email"
              />
              <PasswordInput
                {...getInputProps(fields.password, { type: "password" })}
                key={fields.password.key}
                ref={passwordRef}
                label="Password"
                autoComplete="current-password"
                error={fields.password.errors?.join(" ")}
              />
              <SubmitButton
                busy={submitting}
                busyLabel="Signing in..."
                fullWidth
                loading={submitting}
              >
                Sign In
              </SubmitButton>
            </Stack>
          </Form>
          <PlatformSignIn context="sign-in" />
        </Stack>
      </Paper>
    </Container>
  );
}
