import { useState, type MouseEvent } from "react";
import { useFetcher } from "react-router";
import type { ToastData } from "#app/utils/toast.ts";

/**
 * A form that opens in a dialog with JavaScript and in the page without it:
 * the trigger is a link to the in-page form, which a plain click turns into
 * the dialog (a modified click still follows the link). Once its fetcher
 * reports the submission stored, the dialog shows the confirmation (`sent`)
 * until it is closed; opened again, it shows the form.
 */
export function useFormDialog<
  ActionData extends { toast?: ToastData | null; sent?: boolean },
>(fetcherKey: string) {
  const [opened, setOpened] = useState(false);
  const [closedAfter, setClosedAfter] = useState<string | null>(null);
  const fetcher = useFetcher<ActionData>({ key: fetcherKey });
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const toast = reply?.toast ?? null;
  const sent = reply?.sent === true && toast?.id !== closedAfter;

  function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    setOpened(true);
  }

  function close() {
    setOpened(false);
    if (toast) setClosedAfter(toast.id);
  }

  return { opened, close, open, toast, sent };
}
