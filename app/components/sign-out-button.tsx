import { Button, type ButtonProps } from "@mantine/core";
import { Form, useLocation, useNavigation } from "react-router";

type SignOutButtonProps = {
  /** Where to land afterwards; defaults to this page (writing and admin pages land on /auth). */
  redirectTo?: string;
} & Omit<ButtonProps, "children" | "type">;

/** A plain POST form, so signing out works without JavaScript. */
export function SignOutButton({
  redirectTo,
  ...buttonProps
}: SignOutButtonProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formAction === "/sign-out";
  return (
    <Form method="post" action="/sign-out" style={{ display: "inline-block" }}>
      <input
        type="hidden"
        name="redirectTo"
        value={redirectTo ?? `${location.pathname}${location.search}`}
      />
      <Button type="submit" variant="default" loading={busy} {...buttonProps}>
        Sign Out
      </Button>
    </Form>
  );
}
