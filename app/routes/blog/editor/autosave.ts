import { AUTOSAVE_COPY } from "./labels.ts";
import { hasVisibleContent } from "./post-schema.ts";
import type { PostState } from "./publication.ts";

// Autosave (decision 137): with JavaScript, a draft is saved to the server
// a few seconds after the author stops changing it, never while another
// save is on its way. What is decided here has no React in it, so it is
// tested on its own; the form wires it to a fetcher.

/** How long the form waits after the last change before it saves. */
export const AUTOSAVE_DELAY_MS = 10_000;

/**
 * Whether a post autosaves: a new one or a draft. A scheduled or published
 * post keeps its state until the author's own button (the local backstop
 * still keeps its edits).
 */
export function autosaves(state: PostState | null) {
  return state === null || state === "draft";
}

/** Whether the values make a draft at all: the database keeps none without a title and content. */
export function worthAutosaving(formData: FormData) {
  const title = formData.get("title");
  const content = formData.get("content");
  return (
    typeof title === "string" &&
    title.trim() !== "" &&
    typeof content === "string" &&
    hasVisibleContent(content)
  );
}

export type AutosaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "failed"; reason: string }
  /** Someone else saved the post: the author chooses, nothing autosaves. */
  | { kind: "stopped" };

/** The status line's words; none before the first autosave. */
export function autosaveStatusText(
  status: AutosaveStatus,
  formatTime: (at: Date) => string,
): string | null {
  switch (status.kind) {
    case "idle":
      return null;
    case "saving":
      return AUTOSAVE_COPY.saving;
    case "saved":
      return AUTOSAVE_COPY.saved(formatTime(status.at));
    case "failed":
      return AUTOSAVE_COPY.failed(status.reason);
    case "stopped":
      return AUTOSAVE_COPY.stopped;
  }
}

export type AutosaveScheduler = {
  /** A change: the save waits `delay` from now. */
  touch(): void;
  /** The save sent last has been answered. */
  settled(): void;
  /** Whether a save has been sent and not answered yet. */
  inFlight(): boolean;
  /** Forget the waiting save (the author sends the form, or leaves). */
  cancel(): void;
  /** No more saves from this form. */
  stop(): void;
};

/**
 * Runs `save` `delay` ms after the last change. A save due while another is
 * on its way waits for its answer, then goes at once. `save` answers whether
 * it sent anything.
 */
export function autosaveScheduler({
  delay,
  save,
  timers = globalThis,
}: {
  delay: number;
  save: () => boolean;
  timers?: Pick<typeof globalThis, "setTimeout" | "clearTimeout">;
}): AutosaveScheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;
  let due = false;
  let stopped = false;

  const run = () => {
    timer = undefined;
    if (stopped) return;
    if (sending) {
      due = true;
      return;
    }
    sending = save();
  };

  return {
    touch() {
      if (stopped) return;
      timers.clearTimeout(timer);
      timer = timers.setTimeout(run, delay);
    },
    settled() {
      sending = false;
      if (due) {
        due = false;
        run();
      }
    },
    inFlight: () => sending,
    cancel() {
      timers.clearTimeout(timer);
      timer = undefined;
      due = false;
    },
    stop() {
      stopped = true;
      timers.clearTimeout(timer);
      timer = undefined;
      due = false;
    },
  };
}
