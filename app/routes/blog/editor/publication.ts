// The state machine of a post's publication (decision 130), as the post form
// applies it. published_at is the contract: null is a draft, a time ahead is
// scheduled, a time passed is published. The database enforces the same
// moves (guard_post_columns); this decides what the form asks for.
import {
  PUBLISH_AT_REQUIRED_MESSAGE,
  PUBLISHED_STAYS_MESSAGE,
} from "#app/routes/blog/post-messages.ts";
import type { PostIntent } from "./post-schema.ts";
import { DEFAULT_TIME_ZONE, zonedTimeToUtc } from "./publish-time.ts";

export type PostState = "draft" | "scheduled" | "published";

export function postState(
  publishedAt: string | null,
  now = Date.now(),
): PostState {
  if (publishedAt === null) return "draft";
  return new Date(publishedAt).getTime() > now ? "scheduled" : "published";
}

/** The columns a save writes for its publication; none keeps it as it is. */
export type PublicationFields = {
  published?: boolean;
  /** "now" is PostgreSQL's input for the transaction's time: the database's clock publishes. */
  published_at?: string | null;
  publish_time_zone?: string | null;
};

export type PublicationChange =
  | {
      ok: true;
      fields: PublicationFields;
      /** What the post is after the save. */
      state: PostState;
      /** For a scheduled post: when, and in which zone it was entered. */
      at: Date | null;
      timeZone: string | null;
    }
  | { ok: false; message: string };

/**
 * What a submission with `intent` does to the publication of a post now in
 * `current` (null: a new post). A published post stays published: saving it
 * updates it, and neither a draft nor a schedule can take it back.
 */
export function publicationChange(
  intent: Exclude<PostIntent, "preview" | "autosave">,
  { publishAt, timeZone }: { publishAt?: string; timeZone?: string },
  current: PostState | null,
): PublicationChange {
  if (current === "published") {
    if (intent !== "publish")
      return { ok: false, message: PUBLISHED_STAYS_MESSAGE };
    return {
      ok: true,
      fields: {},
      state: "published",
      at: null,
      timeZone: null,
    };
  }
  if (intent === "publish") {
    return {
      ok: true,
      fields: { published: true, published_at: "now", publish_time_zone: null },
      state: "published",
      at: null,
      timeZone: null,
    };
  }
  if (intent === "draft") {
    return {
      ok: true,
      fields: { published: false, published_at: null, publish_time_zone: null },
      state: "draft",
      at: null,
      timeZone: null,
    };
  }
  const zone = timeZone || DEFAULT_TIME_ZONE;
  const at = publishAt ? zonedTimeToUtc(publishAt, zone) : null;
  // The schema refused both already; this keeps the types honest.
  if (!at) return { ok: false, message: PUBLISH_AT_REQUIRED_MESSAGE };
  return {
    ok: true,
    fields: {
      published: true,
      published_at: at.toISOString(),
      publish_time_zone: zone,
    },
    state: "scheduled",
    at,
    timeZone: zone,
  };
}
