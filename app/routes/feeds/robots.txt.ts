import type { Route } from "./+types/robots.txt";
import { buildRobots } from "./feeds.ts";
import { env } from "#app/utils/env.server.ts";
import { publicCacheHeaders } from "#app/utils/public-cache.server.ts";

/** Private areas: writing, editing, admin and sign-in. */
const DISALLOW = ["/write", "/edit", "/admin", "/auth"];

export function loader({ request }: Route.LoaderArgs) {
  return new Response(buildRobots(env.SITE_URL, DISALLOW), {
    headers: {
      ...publicCacheHeaders(request),
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}
