import { randomBytes } from "node:crypto";
import { createContext, type MiddlewareFunction } from "react-router";
import { env, isProductionEnv } from "#app/utils/env.server.ts";

export const nonceContext = createContext<string>("");

export function createNonce() {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string) {
  const supabase = new URL(env.SUPABASE_URL).origin;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
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

export function applySecurityHeaders(headers: Headers, nonce: string) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
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
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
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
  let response = await next();
  try {
    applySecurityHeaders(response.headers, nonce);
  } catch {
    // Headers of a proxied fetch response are immutable: copy it once.
    response = new Response(response.body, response);
    applySecurityHeaders(response.headers, nonce);
  }
  return response;
};
