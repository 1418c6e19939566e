import { jsonResponse } from "./cors.ts";

// The payloads are a few kilobytes at most; anything bigger is refused
// without being read to the end.
const MAX_BODY_BYTES = 64 * 1024;

export type JsonBody =
  { ok: true; value: unknown } | { ok: false; response: Response };

const tooLarge = (): JsonBody => ({
  ok: false,
  response: jsonResponse(413, { error: "Payload too large" }),
});

export async function readJsonBody(request: Request): Promise<JsonBody> {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY_BYTES)
    return tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        return tooLarge();
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return {
      ok: false,
      response: jsonResponse(400, { error: "Body must be JSON" }),
    };
  }
}
