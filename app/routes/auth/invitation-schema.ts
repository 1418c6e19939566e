import "#app/lib/zod-config.ts";
import { z } from "zod";

// The invitation page's form (/invitation/:id), on the server and in the browser.

export const AcceptInvitationSchema = z
  .object({
    tokenHash: z.string().regex(/^[0-9a-f]{20,128}$/),
    password: z
      .string({ error: "Please choose a password" })
      .min(12, { error: "A password has at least 12 characters" })
      .max(72, { error: "A password has at most 72 characters" }),
    confirm: z.string({ error: "Please repeat the password" }),
  })
  .refine((value) => value.password === value.confirm, {
    path: ["confirm"],
    error: "The two passwords differ",
  });
