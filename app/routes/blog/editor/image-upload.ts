import type { Route } from "./+types/image-upload";
import { imageUploadAction } from "./image-upload.server.ts";

// POST /write/image: the editor's image uploads (image-upload.server.ts).
export async function action({ request, context }: Route.ActionArgs) {
  return imageUploadAction({ request, context });
}

// Not a page: React Router would answer a GET here with a 400.
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
