import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  autosaves,
  autosaveScheduler,
  autosaveStatusText,
  worthAutosaving,
} from "./autosave.ts";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
}

describe("which posts autosave", () => {
  test("a new post and a draft, never a scheduled or published one", () => {
    expect(autosaves(null)).toBe(true);
    expect(autosaves("draft")).toBe(true);
    expect(autosaves("scheduled")).toBe(false);
    expect(autosaves("published")).toBe(false);
  });

  test("only with a title and visible content", () => {
    expect(worthAutosaving(form({ title: "T", content: "<p>x</p>" }))).toBe(
      true,
    );
    expect(worthAutosaving(form({ title: " ", content: "<p>x</p>" }))).toBe(
      false,
    );
    expect(worthAutosaving(form({ title: "T", content: "<p></p>" }))).toBe(
      false,
    );
    expect(worthAutosaving(form({ title: "T" }))).toBe(false);
  });
});

describe("the status line", () => {
  const time = () => "10:42";
  test("says nothing before the first save, then what happened", () => {
    expect(autosaveStatusText({ kind: "idle" }, time)).toBeNull();
    expect(autosaveStatusText({ kind: "saving" }, time)).toBe("Saving…");
    expect(autosaveStatusText({ kind: "saved", at: new Date() }, time)).toBe(
      "Draft saved at 10:42",
    );
    expect(
      autosaveStatusText({ kind: "failed", reason: "No network." }, time),
    ).toMatch(/^The draft was not saved: No network\. .*kept in this browser/);
    expect(autosaveStatusText({ kind: "stopped" }, time)).toMatch(
      /someone else saved this post/,
    );
  });
});

describe("the autosave scheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function scheduler(sends = true) {
    const save = vi.fn(() => sends);
    return { save, autosave: autosaveScheduler({ delay: 1000, save }) };
  }

  test("saves once, the delay after the last change", () => {
    const { save, autosave } = scheduler();
    autosave.touch();
    vi.advanceTimersByTime(900);
    autosave.touch();
    vi.advanceTimersByTime(900);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(save).toHaveBeenCalledTimes(1);
    expect(autosave.inFlight()).toBe(true);
  });

  test("never while a save is on its way: a due one waits for the answer", () => {
    const { save, autosave } = scheduler();
    autosave.touch();
    vi.advanceTimersByTime(1000);
    autosave.touch();
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
    autosave.settled();
    expect(save).toHaveBeenCalledTimes(2);
  });

  test("nothing sent is nothing in flight", () => {
    const { save, autosave } = scheduler(false);
    autosave.touch();
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(autosave.inFlight()).toBe(false);
  });

  test("a cancelled save does not run; a stopped scheduler never again", () => {
    const { save, autosave } = scheduler();
    autosave.touch();
    autosave.cancel();
    vi.advanceTimersByTime(2000);
    expect(save).not.toHaveBeenCalled();
    autosave.touch();
    autosave.stop();
    autosave.touch();
    vi.advanceTimersByTime(2000);
    expect(save).not.toHaveBeenCalled();
  });
});
