import { createHash, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { env } from "#app/utils/env.server.ts";

// A form page's copy is its visitor's own: the stored template filled with
// a nonce and a submission key made for that response
// (app/utils/fresh-values.server.ts). Its ETag names exactly that copy
//   "f.<template>.<nonce>.<submission key>.<MAC>"
// so a revalidation says which template, nonce and key the visitor holds,
// and the server's MAC over them says the server handed out that copy: a
// client cannot name a nonce of its choosing for the 304's policy, nor
// revive a template or key it was never given.

/** A hash of the unfilled template and its status: what the copy was filled from. */
export function templateDigest(status: number, template: string) {
  return createHash("sha256")
    .update(`${status}\n${template}`)
    .digest("base64url")
    .slice(0, 27);
}

export type FormPageCopy = {
  template: string;
  nonce: string;
  submissionKey: string;
};

// Its own key, derived from the session secret under a label, so a tag's MAC
// can never stand for a cookie's signature or the reverse.
const MAC_KEY = Buffer.from(
  hkdfSync("sha256", env.SESSION_SECRET, "", "form page ETag v1", 32),
);

function mac({ template, nonce, submissionKey }: FormPageCopy) {
  return createHmac("sha256", MAC_KEY)
    .update(`${template}.${nonce}.${submissionKey}`)
    .digest("base64url");
}

export function formPageTag(copy: FormPageCopy) {
  return `"f.${copy.template}.${copy.nonce}.${copy.submissionKey}.${mac(copy)}"`;
}

// Each part exactly as the server makes it: templateDigest's 27 characters,
// createNonce's 16 random bytes in base64, crypto.randomUUID(), and a
// SHA-256 MAC in base64url. Nothing else can reach the 304's policy header.
const TAG =
  /^(?:W\/)?"f\.([\w-]{27})\.([A-Za-z0-9+/]{22}==)\.([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\.([\w-]{43})"$/;

/** The copies an If-None-Match names whose MAC the server made, in order. */
export function keptCopies(ifNoneMatch: string | null): FormPageCopy[] {
  const copies: FormPageCopy[] = [];
  for (const candidate of (ifNoneMatch ?? "").split(",")) {
    const [, template, nonce, submissionKey, given] =
      TAG.exec(candidate.trim()) ?? [];
    if (!template || !nonce || !submissionKey || !given) continue;
    const copy = { template, nonce, submissionKey };
    const expected = Buffer.from(mac(copy));
    const actual = Buffer.from(given);
    if (
      actual.length === expected.length &&
      timingSafeEqual(actual, expected)
    ) {
      copies.push(copy);
    }
  }
  return copies;
}
