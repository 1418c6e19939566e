import { Form } from "react-router";
import { SubmitButton, usePendingPost } from "#app/components/form-kit.tsx";

type Turn = { intent: string; label: string };

/**
 * A table row's switch as a one-button POST form to `action`: the row's id
 * rides along in the hidden field `field`, so only that row's button shows
 * it is busy. Turning something off is the outlined, red button.
 */
export function RowToggle({
  action,
  field,
  id,
  on,
  turnOn,
  turnOff,
}: {
  action: string;
  field: string;
  id: string;
  on: boolean;
  turnOn: Turn;
  turnOff: Turn;
}) {
  const busy = usePendingPost({
    action,
    matches: (formData) => formData.get(field) === id,
  });
  const turn = on ? turnOff : turnOn;
  return (
    <Form method="post" action={action}>
      <input type="hidden" name={field} value={id} />
      <SubmitButton
        name="intent"
        value={turn.intent}
        variant={on ? "outline" : "filled"}
        // red-9: the default outline red (red-6) is 3.1:1 on the row's grey.
        color={on ? "red.9" : undefined}
        size="xs"
        busy={busy}
        loading={busy}
      >
        {turn.label}
      </SubmitButton>
    </Form>
  );
}
