// `node tests/tools/bare-node-server.ts <port> <dir>`: the least a Node server
// can do for a page, to measure the site's stored pages against: each file of
// `dir` held in memory with its brotli and gzip copies (`name.br`,
// `name.gz`), sent for the encoding asked, with a tag and the headers listed
// in `name.headers.json` (the site's own for that page). No framework, no
// routing but a Map lookup.
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";

const [port = "0", dir = "."] = process.argv.slice(2);
const files = new Map<string, Buffer>();
const headers = new Map<string, string[]>();
for (const name of readdirSync(dir)) {
  if (name.endsWith(".headers.json")) {
    const page = name.slice(0, -".headers.json".length);
    headers.set(
      `/${page}`,
      JSON.parse(readFileSync(join(dir, name), "utf8")) as string[],
    );
  } else {
    files.set(`/${name}`, readFileSync(join(dir, name)));
  }
}

createServer((request, response) => {
  const accepted = request.headers["accept-encoding"] ?? "";
  const encoding = accepted.includes("br")
    ? "br"
    : accepted.includes("gzip")
      ? "gzip"
      : null;
  const path = request.url ?? "/";
  const body =
    (encoding && files.get(`${path}.${encoding === "br" ? "br" : "gz"}`)) ||
    files.get(path);
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, [
    ...(headers.get(path) ?? ["content-type", "text/html; charset=utf-8"]),
    "content-length",
    String(body.length),
    "etag",
    `"${path}-${encoding ?? "identity"}"`,
    ...(encoding ? ["content-encoding", encoding] : []),
  ]);
  response.end(body);
}).listen(Number(port), "127.0.0.1");
