import "#app/lib/zod-config.ts";
import { z } from "zod";

// The admin page's "Make Author" / "Remove Author" buttons: one form per row.
export const AuthorToggleSchema = z.object({
  intent: z.enum(["make-author", "remove-author"]),
  userId: z.uuid(),
});

export type AuthorToggle = z.infer<typeof AuthorToggleSchema>;
