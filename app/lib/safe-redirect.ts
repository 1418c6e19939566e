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
 * Returns `to` when it is a path on this site, otherwise `fallback`.
 * Every percent-decoded form of the value must also be a plain path, so an
 * encoded "//evil.example" cannot become a protocol-relative URL in a later
 * hop that decodes it.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) {
    return fallback;
  }
  let current = to;
  for (let round = 0; ; round++) {
    if (!isSafePath(current)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      // A malformed escape cannot be decoded by a later hop either.
      break;
    }
    if (decoded === current) break;
    // Layer upon layer of encoding: nobody links like that on purpose.
    if (round === MAX_DECODE_ROUNDS) return fallback;
    current = decoded;
  }
  const url = new URL(to, BASE);
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
