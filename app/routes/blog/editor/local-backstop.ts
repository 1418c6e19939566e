import { parseTagList } from "./post-schema.ts";

// The post form's local backstop (decision 136): with JavaScript, what the
// author has typed is kept in this browser's localStorage, per post (or
// "new"), until the form is sent, so a crashed or closed tab loses nothing.
// Files are not kept: a browser cannot put them back into a file input.

export type Backstop = {
  title: string;
  excerpt: string;
  content: string;
  tags: string[];
  coverAlt: string;
  coverDecorative: boolean;
  metaDescription: string;
  /** The version the author was editing: a restored copy saves against it. */
  baseUpdatedAt: string | null;
  savedAt: string;
};

type Compared = Omit<Backstop, "baseUpdatedAt" | "savedAt">;

const PREFIX = "post-form-backstop:";

export function backstopKey(postId: string | null) {
  return `${PREFIX}${postId ?? "new"}`;
}

function text(data: FormData, name: string) {
  const value = data.get(name);
  return typeof value === "string" ? value : "";
}

/** The form's values as the backstop keeps them. */
export function backstopOf(form: HTMLFormElement, now: Date): Backstop {
  const data = new FormData(form);
  return {
    title: text(data, "title"),
    excerpt: text(data, "excerpt"),
    content: text(data, "content"),
    tags: parseTagList(data.getAll("tags").map(String)),
    coverAlt: text(data, "coverAlt"),
    coverDecorative: data.get("coverDecorative") === "on",
    metaDescription: text(data, "metaDescription"),
    baseUpdatedAt: text(data, "baseUpdatedAt") || null,
    savedAt: now.toISOString(),
  };
}

function isBackstop(value: unknown): value is Backstop {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    ["title", "excerpt", "content", "coverAlt", "metaDescription", "savedAt"]
      .map((field) => typeof entry[field] === "string")
      .every(Boolean) &&
    Array.isArray(entry.tags) &&
    entry.tags.every((tag) => typeof tag === "string") &&
    typeof entry.coverDecorative === "boolean" &&
    (entry.baseUpdatedAt === null || typeof entry.baseUpdatedAt === "string")
  );
}

/** A private window or a full disk refuses storage: the form works on without it. */
export function readBackstop(key: string): Backstop | null {
  try {
    const raw = window.localStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isBackstop(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeBackstop(key: string, backstop: Backstop) {
  try {
    window.localStorage.setItem(key, JSON.stringify(backstop));
  } catch {
    // Nothing to fall back on: the form itself still holds the work.
  }
}

export function clearBackstop(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // As above.
  }
}

/** Whether the kept copy says anything the page does not already show. */
export function backstopDiffers(backstop: Backstop, shown: Compared) {
  const fields: (keyof Compared)[] = [
    "title",
    "excerpt",
    "content",
    "coverAlt",
    "coverDecorative",
    "metaDescription",
  ];
  return (
    fields.some((field) => backstop[field] !== shown[field]) ||
    backstop.tags.join("\n") !== shown.tags.join("\n")
  );
}
