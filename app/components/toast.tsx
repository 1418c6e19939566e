import { Notification } from "@mantine/core";
import { useState } from "react";

export type ToastData = {
  id: string;
  title: string;
  description?: string;
  type: "success" | "error" | "info";
};

const COLORS = { success: "teal", error: "red", info: "indigo" } as const;

/**
 * One toast at a time, rendered by the server so it reads without JavaScript;
 * with JavaScript its close button dismisses it. SPEC.md keeps toasts until
 * dismissed (removal delay 1,000,000 ms), so there is no timer.
 */
export function Toast({ toast }: { toast: ToastData | null | undefined }) {
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  if (!toast || dismissedId === toast.id) return null;
  return (
    <div className="toast-region">
      <Notification
        role={toast.type === "error" ? "alert" : "status"}
        title={toast.title}
        color={COLORS[toast.type]}
        withBorder
        closeButtonProps={{ "aria-label": "Dismiss notification" }}
        onClose={() => setDismissedId(toast.id)}
        data-testid="toast"
      >
        {toast.description}
      </Notification>
    </div>
  );
}
