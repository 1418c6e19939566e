import type { MiddlewareFunction } from "react-router";
import { env } from "#app/utils/env.server.ts";

/**
 * For resource routes, which React Router's own action origin check does not
 * cover: a browser sends Origin (or at least Sec-Fetch-Site) with every form
 * post, so a post from another site is refused here even before SameSite=Lax
 * keeps the session cookie off it.
 */
export function isSameOriginPost(request: Request) {
  const allowed = new Set([
    new URL(request.url).origin,
    new URL(env.SITE_URL).origin,
  ]);
  const origin = request.headers.get("Origin");
  if (origin !== null) return allowed.has(origin);
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  return (
    fetchSite === null || fetchSite === "same-origin" || fetchSite === "none"
  );
}

/**
 * Every route's posts, before anything reads them or asks who sent them:
 * React Router's own check compares Origin only when one is sent, and a
 * browser that leaves it out still says `Sec-Fetch-Site: cross-site`.
 */
export const crossSitePostMiddleware: MiddlewareFunction<Response> = async (
  { request },
  next,
) => {
  if (
    request.method !== "GET" &&
    request.method !== "HEAD" &&
    !isSameOriginPost(request)
  ) {
    return new Response("Posts from another site are refused.", {
      status: 403,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
      },
    });
  }
  return next();
};
