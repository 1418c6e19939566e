import "#app/lib/zod-config.ts";
import { z } from "zod";

// Fixed by the product: email (email type) and password, both required.
export const SignInSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .pipe(z.email({ error: "Please enter a valid email address" })),
  password: z.string({ error: "Password is required" }),
  redirectTo: z.string().optional(),
});

export type SignInInput = z.infer<typeof SignInSchema>;

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";
export const SIGN_IN_RATE_LIMIT_MESSAGE =
  "Too many sign-in attempts. Please wait a minute and try again.";
