import { Button, Group, Modal, Text } from "@mantine/core";
import { useEffect } from "react";
import { POST_FORM_COPY } from "./labels.ts";
import { useLeaveBlocker } from "./use-leave-blocker.ts";

/**
 * Warns before unsaved work is lost: the browser's own question when the tab
 * closes or reloads, and a dialog when a link inside the site would leave
 * the form. Sending the form (to this same page) is not leaving it.
 */
export function LeaveWarning({
  unsaved,
  sendsTo,
}: {
  unsaved: boolean;
  /** Where the form posts, when not to its own page (a post autosave created). */
  sendsTo?: string;
}) {
  const blocker = useLeaveBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== sendsTo,
  );

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  const blocked = blocker.state === "blocked";
  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title={POST_FORM_COPY.leaveTitle}
      centered
    >
      <Text>{POST_FORM_COPY.leaveText}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={() => blocker.proceed?.()}>
          {POST_FORM_COPY.leave}
        </Button>
        <Button data-autofocus onClick={() => blocker.reset?.()}>
          {POST_FORM_COPY.stay}
        </Button>
      </Group>
    </Modal>
  );
}
