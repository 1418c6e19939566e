import { createHash, randomBytes } from "node:crypto";
import { createContext, type MiddlewareFunction } from "react-router";
import { env, isProductionEnv } from "#app/utils/env.server.ts";
import { withHeaders } from "#app/utils/response-headers.server.ts";

export const nonceContext = createContext<string>("");

export function createNonce() {
  return randomBytes(16).toString("base64");
}

/**
 * A rendered page trusts its scripts by this response's nonce, and what they
 * load through 'strict-dynamic'. A stored page lists its inline scripts'
 * hashes instead, and trusts the site's own script files by 'self': its
 * module preload links cannot carry a hash, and 'strict-dynamic' would
 * ignore 'self'.
 */
export function contentSecurityPolicy(scripts: string | string[]) {
  const supabase = new URL(env.SUPABASE_URL).origin;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src":
      typeof scripts === "string"
        ? ["'self'", `'nonce-${scripts}'`, "'strict-dynamic'"]
        : ["'self'", ...scripts.map((hash) => `'sha256-${hash}'`)],
    // Mantine and React set style attributes; styles cannot run code.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", supabase, "https:"],
    "media-src": ["'self'", supabase, "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "frame-src": [
      "https://www.youtube.com",
      "https://www.youtube-nocookie.com",
    ],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
].join(", ");

export function applySecurityHeaders(
  headers: Headers,
  scripts: string | string[],
) {
  headers.set("X-Content-Type-Options", "nosniff");
  // A route may ask for less (the CV redirect sends none, so a signed URL
  // never travels on as a Referer); the site's policy is the default.
  if (!headers.has("Referrer-Policy")) {
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  }
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  headers.set("X-Frame-Options", "DENY");
  // Vite's dev server injects inline scripts and styles without a nonce, so
  // the policy is only enforced on production builds.
  if (!isProductionEnv) return;
  headers.set(
    "Strict-Transport-Security",
    "max-age=63072000; includeSubDomains",
  );
  const contentType = headers.get("Content-Type") ?? "";
  if (contentType.startsWith("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(scripts));
  } else {
    headers.set(
      "Content-Security-Policy",
      "default-src 'none'; frame-ancestors 'none'",
    );
  }
}

/**
 * Runs first for every request (documents, data and resource routes): makes
 * the nonce the document render uses, then stamps the security headers on
 * whatever response comes back.
 */
export const securityMiddleware: MiddlewareFunction<Response> = async (
  { context },
  next,
) => {
  const nonce = createNonce();
  context.set(nonceContext, nonce);
  const response = await next();
  // A stored page's answer carries its own, trusting its scripts by hash.
  if (response.headers.has("X-Page-Cache")) return response;
  return withHeaders(response, (headers) =>
    applySecurityHeaders(headers, nonce),
  );
};

/**
 * The base64 SHA-256 of every inline script this render's nonce trusted, as
 * a policy's hash sources name them: a stored page's policy trusts its
 * scripts by these (app/utils/page-cache.server.ts). A script without the
 * nonce (one slipped into a post, say) stays untrusted. React escapes
 * `</script` inside a script's text, so the first closing tag ends it.
 */
export function inlineScriptHashes(html: string, nonce: string) {
  const hashes = new Set<string>();
  if (!nonce) return [];
  for (const [, attributes = "", text = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (!attributes.includes(` nonce="${nonce}"`)) continue;
    if (/\ssrc=/i.test(attributes)) continue;
    hashes.add(createHash("sha256").update(text).digest("base64"));
  }
  return [...hashes];
}
