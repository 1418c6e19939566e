import { PUBLICATION_COPY } from "./labels.ts";
import { postState } from "./publication.ts";
import { formatInZone, utcToZonedInput } from "./publish-time.ts";
import type { EditablePublication } from "./types.ts";

/** A post's publication as the form and the list of one's posts show it. */
export function editablePublication(post: {
  published_at: string | null;
  publish_time_zone: string | null;
}): EditablePublication {
  const state = postState(post.published_at);
  const zone = post.publish_time_zone ?? "UTC";
  if (state === "scheduled" && post.published_at) {
    return {
      state,
      publishAt: utcToZonedInput(post.published_at, zone),
      timeZone: zone,
      label: PUBLICATION_COPY.scheduledFor(
        formatInZone(post.published_at, zone),
      ),
    };
  }
  return {
    state,
    publishAt: null,
    timeZone: post.publish_time_zone,
    label:
      state === "draft" ? PUBLICATION_COPY.draft : PUBLICATION_COPY.published,
  };
}
