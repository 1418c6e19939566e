import type { IncomingMessage, ServerResponse } from "node:http";

export type Handler = (request: Request) => Promise<Response>;

// Bigger than any upload the app accepts (CVs are 5 MB, images a few MB),
// small enough that a runaway body cannot exhaust memory.
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

export function json(status: number, body: unknown, headers: HeadersInit = {}) {
  return jsonText(status, JSON.stringify(body), headers);
}

export function jsonText(
  status: number,
  text: string,
  headers: HeadersInit = {},
) {
  const merged = new Headers(headers);
  if (!merged.has("content-type"))
    merged.set("content-type", "application/json; charset=utf-8");
  return new Response(text, { status, headers: merged });
}

export function empty(status: number, headers: HeadersInit = {}) {
  return new Response(null, { status, headers });
}

/** Parses a JSON body; undefined when absent, a SyntaxError when malformed. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return undefined;
  return JSON.parse(text);
}

export class BodyTooLargeError extends Error {}

/** Bridges node:http to the fetch API so every service is written as Request -> Response. */
export function nodeListener(handler: Handler, log: (message: string) => void) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    let response: Response;
    try {
      const request = await toRequest(req);
      response = await handler(request);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        response = json(413, { message: "Payload too large" });
      } else {
        log(`internal error: ${(error as Error).stack ?? String(error)}`);
        response = json(500, {
          message: "Internal error in the local Supabase server",
        });
      }
    }
    try {
      await writeResponse(res, response, req.method === "HEAD");
    } catch (error) {
      // The client went away mid-response; nothing is left to tell it.
      log(`response not delivered: ${(error as Error).message}`);
      res.destroy();
    }
  };
}

/** The header the platform's edge sets to the caller's address. */
export const CLIENT_ADDRESS_HEADER = "cf-connecting-ip";

async function toRequest(req: IncomingMessage) {
  const host = req.headers.host ?? "127.0.0.1";
  const url = new URL(req.url ?? "/", `http://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value))
      for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // What the platform's edge (Cloudflare) does: the address it saw the
  // request come from, whatever the caller wrote under that name.
  headers.set(CLIENT_ADDRESS_HEADER, req.socket.remoteAddress ?? "unknown");
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const body = hasBody ? await readBody(req) : undefined;
  return new Request(url, { method, headers, body });
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      req.destroy();
      throw new BodyTooLargeError();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

async function writeResponse(
  res: ServerResponse,
  response: Response,
  head: boolean,
) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const body =
    response.body && !head ? Buffer.from(await response.arrayBuffer()) : null;
  if (body && !headers["content-length"])
    headers["content-length"] = String(body.length);
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(body ?? undefined);
}
