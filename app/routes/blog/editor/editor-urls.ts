// What the editor lets into a post, as the product fixes it. The server's
// sanitizer (app/lib/sanitize.ts) enforces the same rules again on save; these
// keep the editor from showing what would not survive it.

// Browsers drop tabs and newlines inside URLs and read "\" as "/".
const URL_TRICKS = /[\u0000-\u001F\u007F\\]/;

const IMAGE_DATA_URL =
  /^data:image\/(?:png|jpe?g|gif);base64,[A-Za-z0-9+/]+={0,2}$/;
const IMAGE_PATH = /\.(?:jpe?g|gif|png)$/i;

function httpUrl(value: string): URL | null {
  if (URL_TRICKS.test(value) || !/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Links: http, https and data only; anything else becomes an empty link. */
export function isAllowedLinkUrl(raw: string | null | undefined): boolean {
  const value = raw?.trim() ?? "";
  if (value === "" || URL_TRICKS.test(value)) return false;
  if (/^data:/i.test(value)) return IMAGE_DATA_URL.test(value);
  return httpUrl(value) !== null;
}

/** Images: URLs ending in jpg, jpeg, gif or png, or base64 data images. */
export function isAllowedImageSrc(raw: string | null | undefined): boolean {
  const value = raw?.trim() ?? "";
  if (/^data:/i.test(value)) return IMAGE_DATA_URL.test(value);
  const url = httpUrl(value);
  return url !== null && IMAGE_PATH.test(url.pathname);
}

/** The image types the image button uploads (the server checks the bytes). */
export const INLINE_IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";
export const INLINE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
