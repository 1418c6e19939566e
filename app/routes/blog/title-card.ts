import type { Route } from "./+types/title-card";
import { isPostId } from "./blog.server.ts";
import { readTitleCard } from "./social-image.server.ts";
import { env } from "#app/utils/env.server.ts";
import { publicCacheHeaders } from "#app/utils/public-cache.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

// A post's title card, the og:image of a post without a usable cover: read
// with the visitor's own client, so the database decides who sees it
// (decision 220): anyone once the post is public, its author and editors
// before, for the editor's share preview; nobody after it is deleted.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  let card: Buffer | null = null;
  if (isPostId(params.id)) {
    try {
      card = await readTitleCard(
        getSupabase(context),
        params.id,
        params.file,
        env.SUPABASE_URL,
      );
    } catch (error) {
      console.error((error as Error).message);
      return new Response("The image is unavailable right now.", {
        status: 503,
        headers: {
          ...publicCacheHeaders(request, 503),
          "Content-Type": "text/plain; charset=utf-8",
          "Retry-After": "60",
        },
      });
    }
  }
  if (!card) {
    return new Response("Not found", {
      status: 404,
      headers: {
        ...publicCacheHeaders(request, 404),
        "Content-Type": "text/plain; charset=utf-8",
      },
    });
  }
  // The post page's lifetime: a shared cache's copy ends with the post's.
  return new Response(new Uint8Array(card), {
    headers: {
      ...publicCacheHeaders(request),
      "Content-Type": "image/png",
    },
  });
}
