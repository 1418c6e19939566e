import type { Route } from "./+types/image-upload";
import { imageUploadAction } from "./image-upload.server.ts";

// POST /write/image: the editor's image uploads (image-upload.server.ts).
export async function action({ request, context }: Route.ActionArgs) {
  return imageUploadAction({ request, context });
}
