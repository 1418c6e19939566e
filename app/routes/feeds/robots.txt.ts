import type { Route } from "./+types/robots.txt";
import { buildRobots, ROBOTS_DISALLOW } from "./feeds.ts";
import { env } from "#app/utils/env.server.ts";
import { publicCacheHeaders } from "#app/utils/public-cache.server.ts";

export function loader({ request }: Route.LoaderArgs) {
  return new Response(buildRobots(env.SITE_URL, ROBOTS_DISALLOW), {
    headers: {
      ...publicCacheHeaders(request),
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}
