// The form of /admin/profile, run by Conform in the browser and by the
// action alike; the database's checks
// (20261202360000_author_profiles.sql) say the same.
import "#app/lib/zod-config.ts";
import { z } from "zod";
import { PROFILE_MESSAGES as M } from "#app/content/profile.ts";
import {
  COVER_MAX_BYTES,
  COVER_MIME_TYPES,
} from "#app/routes/blog/editor/post-schema.ts";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A page address made from a name: "Ada Lovelace" → "ada-lovelace". */
export function slugFrom(name: string) {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const longer = slug ? `${slug}-${word}` : word;
    if (longer.length > 60) break;
    slug = longer;
  }
  return slug || words[0]?.slice(0, 60) || "author";
}

const LINK = /^https:\/\/[^\s/?#<>"][^\s<>"]*$/;

const links = z
  .string()
  .optional()
  .transform((text) =>
    (text ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.string().max(300, M.links).regex(LINK, M.links)).max(5, M.links),
  );

export const ProfileSchema = z.object({
  display_name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(80, M.nameTooLong),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(60, M.slug)
    .regex(SLUG_PATTERN, M.slug)
    .optional(),
  bio: z.string().trim().max(500, M.bio).optional(),
  links,
  photo: z
    .instanceof(File)
    .optional()
    // A browser posts an empty, nameless file when nothing was chosen.
    .transform((file) => (file && file.size > 0 ? file : undefined))
    .refine((file) => !file || file.size <= COVER_MAX_BYTES, M.photoSize)
    .refine(
      (file) =>
        !file || (COVER_MIME_TYPES as readonly string[]).includes(file.type),
      M.photoType,
    ),
  removePhoto: z.boolean().optional(),
});

export type ProfileInput = z.infer<typeof ProfileSchema>;
