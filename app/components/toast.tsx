import { useState } from "react";
import { Icon } from "#app/components/icon.tsx";
import type { ToastData } from "#app/utils/toast.ts";

/**
 * One toast at a time, rendered by the server so it reads without JavaScript;
 * with JavaScript its close button dismisses it. The product keeps toasts until
 * dismissed (removal delay 1,000,000 ms), so there is no timer. Plain markup
 * (app/styles/app.css) because the root, which shows it on every page, loads
 * no Mantine runtime.
 */
export function Toast({ toast }: { toast: ToastData | null | undefined }) {
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  if (!toast || dismissedId === toast.id) return null;
  return (
    <div className="toast-region">
      <div
        role={toast.type === "error" ? "alert" : "status"}
        className="toast"
        data-type={toast.type}
        data-testid="toast"
      >
        <div className="toast-body">
          <div className="toast-title">{toast.title}</div>
          {toast.description ? (
            <div className="toast-description">{toast.description}</div>
          ) : null}
        </div>
        <button
          type="button"
          className="toast-close"
          aria-label="Dismiss notification"
          onClick={() => setDismissedId(toast.id)}
        >
          <Icon name="x" size={16} />
        </button>
      </div>
    </div>
  );
}
