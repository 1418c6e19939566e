import { useEffect, useState, type MouseEvent } from "react";
import { useFetcher } from "react-router";
import type { ToastData } from "#app/utils/toast.ts";

/**
 * A form that opens in a dialog with JavaScript and in the page without it:
 * the trigger is a link to the in-page form, which a plain click turns into
 * the dialog (a modified click still follows the link). The dialog closes once
 * its fetcher reports success.
 */
export function useFormDialog<ActionData extends { toast?: ToastData | null }>(
  fetcherKey: string,
) {
  const [opened, setOpened] = useState(false);
  const fetcher = useFetcher<ActionData>({ key: fetcherKey });
  const toast = fetcher.state === "idle" ? fetcher.data?.toast : null;

  useEffect(() => {
    if (toast?.type === "success") setOpened(false);
  }, [toast]);

  function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    setOpened(true);
  }

  return { opened, close: () => setOpened(false), open, toast };
}
