import { useState } from "react";
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
          <svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true">
            <path
              d="M11.78 4.28a.75.75 0 0 0-1.06-1.06L7.5 6.44 4.28 3.22a.75.75 0 0 0-1.06 1.06L6.44 7.5l-3.22 3.22a.75.75 0 1 0 1.06 1.06L7.5 8.56l3.22 3.22a.75.75 0 1 0 1.06-1.06L8.56 7.5l3.22-3.22Z"
              fill="currentColor"
            />
          </svg>
        </button>
      </div>
    </div>
  );
}
