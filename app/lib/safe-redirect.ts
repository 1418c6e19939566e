const BASE = "http://same-site.invalid";
const MAX_LENGTH = 2048;
const MAX_DECODE_ROUNDS = 3;
// Browsers drop tabs and newlines from URLs and read a backslash as a slash,
// so "/\tevil" or "/\\evil" can turn into "//evil" on the way out.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

function isSafePath(value: string) {
  return (
    value.startsWith("/") &&
    !value.startsWith("//") &&
    !UNSAFE_CHARACTERS.test(value)
  );
}

/**
 * Whether `value` and every percent-decoded form of it is a plain path, so
 * an encoded "//evil.example" cannot become a protocol-relative URL in a
 * later hop that decodes it.
 */
function staysOnSite(value: string) {
  let current = value;
  for (let round = 0; ; round++) {
    if (!isSafePath(current)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      // A malformed escape cannot be decoded by a later hop either.
      return true;
    }
    if (decoded === current) return true;
    // Layer upon layer of encoding: nobody links like that on purpose.
    if (round === MAX_DECODE_ROUNDS) return false;
    current = decoded;
  }
}

/**
 * Returns `to` as a normalised path on this site, otherwise `fallback`.
 * Normalising can make a new value ("/a/..//evil.example" and
 * "/%2e//evil.example" both become "//evil.example"), so the value returned is
 * checked again, as it will be sent.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) {
    return fallback;
  }
  if (!staysOnSite(to)) return fallback;
  const url = new URL(to, BASE);
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!staysOnSite(path) || new URL(path, BASE).origin !== BASE) {
    return fallback;
  }
  return path;
}
