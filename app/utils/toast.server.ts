import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import { env, secureCookies } from "#app/utils/env.server.ts";

// A toast is a flash message: written by an action into a signed cookie,
// shown once by the next page the server renders (with or without JS).
export const ToastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["success", "error", "info"]).default("success"),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

export const TOAST_COOKIE = "__toast";

const toastSessionStorage = createCookieSessionStorage({
  cookie: {
    name: TOAST_COOKIE,
    sameSite: "lax",
    path: "/",
    httpOnly: true,
    secure: secureCookies,
    secrets: [env.SESSION_SECRET],
  },
});

const TOAST_KEY = "toast";

export async function createToastHeaders(toast: ToastInput) {
  const session = await toastSessionStorage.getSession();
  session.flash(TOAST_KEY, ToastSchema.parse(toast));
  const cookie = await toastSessionStorage.commitSession(session);
  return new Headers({ "Set-Cookie": cookie });
}

export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect(url, { ...init, headers });
}

/** Reads and consumes the pending toast; the returned headers clear it. */
export async function getToast(request: Request) {
  const session = await toastSessionStorage.getSession(
    request.headers.get("Cookie"),
  );
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY));
  const toast = parsed.success ? parsed.data : null;
  const headers = toast
    ? new Headers({
        "Set-Cookie": await toastSessionStorage.destroySession(session),
      })
    : null;
  return { toast, headers };
}
