// The post form of /write and /edit/{id}, its rules and messages fixed by
// the product. The same schema runs in the browser (Conform) and in the action, so
// "Missing information" reads the same with and without JavaScript. The
// server also checks the cover's first bytes and how deep the content nests
// (in the sanitiser's worker thread), which the browser does not.
import "#app/lib/zod-config.ts";
import {
  META_DESCRIPTION_LENGTH_MESSAGE,
  SOCIAL_IMAGE_SIZE_MESSAGE,
  SOCIAL_IMAGE_TYPE_MESSAGE,
} from "./share-messages.ts";
import { z } from "zod";
import {
  CONTENT_REQUIRED_MESSAGE,
  PUBLISH_AT_PAST_MESSAGE,
  PUBLISH_AT_REQUIRED_MESSAGE,
  TIME_ZONE_UNKNOWN_MESSAGE,
  COVER_SIZE_MESSAGE,
  TAGS_TYPE_MESSAGE,
  COVER_TYPE_MESSAGE,
  TITLE_REQUIRED_MESSAGE,
} from "#app/routes/blog/post-messages.ts";
import { imagesMissingAlt, missingAltMessage } from "./image-alt.ts";
import { POST_FORM_COPY } from "./labels.ts";
import { isTimeZone, zonedTimeToUtc } from "./publish-time.ts";
import { withoutTags } from "#supabase/functions/_shared/text.ts";

/** The bucket's own limit (5 MB); the product shows none, so the message says it plainly. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_MIME_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
] as const;

/**
 * The body's HTML, images pasted into it as data URLs included, may be this
 * large: several times the longest post an author writes (decision 110);
 * the whole request is capped at this plus the cover.
 */
export const CONTENT_MAX_BYTES = 512 * 1024;

/**
 * The post's plain-text columns the form writes, named as the table names
 * them: the action stores them and the edit page fills them in without
 * naming each, so a new one is its schema field, this entry and its input.
 */
export const POST_TEXT_FIELDS = ["title", "excerpt"] as const;
export type PostTextField = (typeof POST_TEXT_FIELDS)[number];

/** A row's (or a submission's) plain-text fields, by POST_TEXT_FIELDS. */
export function postTextFields(
  source: Partial<Record<PostTextField, string | null | undefined>>,
): Record<PostTextField, string | null> {
  return Object.fromEntries(
    POST_TEXT_FIELDS.map((field) => [field, source[field] ?? null]),
  ) as Record<PostTextField, string | null>;
}

/**
 * What a submit button asks: publish (now, or update a published post),
 * keep as a draft, schedule for `publishAt`, or preview; or what the form
 * sends by itself with JavaScript: an autosave, kept as a draft.
 */
export const POST_INTENTS = [
  "publish",
  "draft",
  "schedule",
  "preview",
  "autosave",
] as const;
export type PostIntent = (typeof POST_INTENTS)[number];

/**
 * True when the HTML shows something: text, an image or a video. An empty
 * editor still produces "<p></p>", which must count as no content.
 */
export function hasVisibleContent(html: string | undefined): boolean {
  if (!html) return false;
  if (/<(?:img|iframe)\b/i.test(html)) return true;
  const text = withoutTags(html)
    .replace(/&nbsp;|&#160;|\u00a0/gi, " ")
    .trim();
  return text !== "";
}

type TagValue = string | null | undefined;

/**
 * Tags arrive as one value per tag (hidden inputs, toggles) or as a
 * comma-separated field (without JavaScript): one list, trimmed, without
 * blanks or repeats, in the order given. Conform turns an empty field into
 * `undefined` (and a reply carries it back as `null`): the no-JavaScript form
 * posts its empty comma field beside the checked toggles, so those entries
 * are blanks, not errors.
 */
export function parseTagList(value: TagValue | TagValue[]): string[] {
  const raw = Array.isArray(value) ? value : [value];
  const tags: string[] = [];
  const entries = raw.filter((entry) => typeof entry === "string");
  for (const tag of entries.flatMap((entry) => entry.split(","))) {
    const name = tag.trim().replace(/\s+/g, " ");
    if (name !== "" && !tags.includes(name)) tags.push(name);
  }
  return tags;
}

/** An image file field, the cover or the social image, with its messages. */
function imageField(sizeMessage: string, typeMessage: string) {
  return (
    z
      .instanceof(File)
      .optional()
      // A browser posts an empty, nameless file when nothing was chosen.
      .transform((file) => (file && file.size > 0 ? file : undefined))
      .refine((file) => !file || file.size <= COVER_MAX_BYTES, sizeMessage)
      .refine(
        (file) =>
          !file || (COVER_MIME_TYPES as readonly string[]).includes(file.type),
        typeMessage,
      )
  );
}

// A missing field means no tags; anything but text (a file) is refused with
// a message rather than read.
const tagsField = z
  .union([z.string(), z.array(z.string().optional())], {
    error: TAGS_TYPE_MESSAGE,
  })
  .optional()
  .transform(parseTagList);

const fields = {
  intent: z.enum(POST_INTENTS).default("publish"),
  excerpt: z.string().trim().optional(),
  cover: imageField(COVER_SIZE_MESSAGE, COVER_TYPE_MESSAGE),
  // The cover's alt text, or its mark as decorative (decision 134).
  coverAlt: z.string().trim().max(1000).optional(),
  coverDecorative: z.boolean().optional(),
  tags: tagsField,
  // Where the post is found and shared (decision 135): empty means the
  // excerpt, and the cover's social image.
  metaDescription: z
    .string()
    .trim()
    .max(300, META_DESCRIPTION_LENGTH_MESSAGE)
    .optional(),
  // Whom the post is credited to (empty: the team) and its co-author.
  bylineId: z.uuid(POST_FORM_COPY.personUnknown).optional(),
  coAuthorId: z.uuid(POST_FORM_COPY.personUnknown).optional(),
  socialImage: imageField(SOCIAL_IMAGE_SIZE_MESSAGE, SOCIAL_IMAGE_TYPE_MESSAGE),
  // A datetime-local value and the IANA zone it is read in (publish-time.ts).
  publishAt: z.string().trim().optional(),
  timeZone: z.string().trim().optional(),
  // The post's updated_at the form was made from: a save based on an older
  // version is refused rather than overwrite a newer one.
  baseUpdatedAt: z.string().trim().optional(),
};

/** What "Save draft" sends, and what every save needs. */
export const PostSchema = z
  .object({
    ...fields,
    title: z
      .string({ error: TITLE_REQUIRED_MESSAGE })
      .trim()
      .min(1, TITLE_REQUIRED_MESSAGE),
    content: z
      .string({ error: CONTENT_REQUIRED_MESSAGE })
      .refine(hasVisibleContent, CONTENT_REQUIRED_MESSAGE),
  })
  .refine((post) => !post.coAuthorId || post.coAuthorId !== post.bylineId, {
    path: ["coAuthorId"],
    message: POST_FORM_COPY.coAuthorSame,
  });

/** What "Preview" sends: anything may still be empty. */
export const PostPreviewSchema = z.object({
  ...fields,
  title: z.string().trim().optional(),
  content: z.string().optional(),
});

/** What the post's form knows of the cover it already has. */
export type SavedCover = { currentCover: boolean };

/**
 * What "Publish Post" sends: a post whose every image is described or
 * marked decorative. The field the refusal stands on has no input of its
 * own: the form shows it beside the buttons.
 */
function publishSchema({ currentCover }: SavedCover) {
  return PostSchema.superRefine((value, ctx) => {
    const missing = imagesMissingAlt({
      content: value.content,
      cover: {
        present: currentCover || Boolean(value.cover),
        alt: value.coverAlt,
        decorative: value.coverDecorative === true,
      },
    });
    if (missing.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["imageAlt"],
        message: missingAltMessage(missing),
      });
    }
  });
}

/** What "Schedule" sends: a post ready to publish, and a time ahead in a known zone. */
function scheduleSchema(saved: SavedCover) {
  return publishSchema(saved).superRefine((value, ctx) => {
    const zone = value.timeZone || "UTC";
    if (!isTimeZone(zone)) {
      ctx.addIssue({
        code: "custom",
        path: ["timeZone"],
        message: TIME_ZONE_UNKNOWN_MESSAGE,
      });
      return;
    }
    const at = value.publishAt ? zonedTimeToUtc(value.publishAt, zone) : null;
    if (!at) {
      ctx.addIssue({
        code: "custom",
        path: ["publishAt"],
        message: PUBLISH_AT_REQUIRED_MESSAGE,
      });
    } else if (at.getTime() <= Date.now()) {
      ctx.addIssue({
        code: "custom",
        path: ["publishAt"],
        message: PUBLISH_AT_PAST_MESSAGE,
      });
    }
  });
}

export type PostInput = z.infer<typeof PostSchema>;

/**
 * Which schema a submission is judged by: a draft is kept as it is; a
 * post going public needs its images described.
 */
export function postSchemaFor(
  intent: FormDataEntryValue | null,
  saved: SavedCover = { currentCover: false },
) {
  if (intent === "preview") return PostPreviewSchema;
  if (intent === "draft" || intent === "autosave") return PostSchema;
  return intent === "schedule" ? scheduleSchema(saved) : publishSchema(saved);
}
