// The limit a page could reach on this machine: nginx (Debian's nginx-light,
// one worker) serving the very bytes of each page from files, precompressed
// with brotli as the site's page store keeps them; and, for what Node itself
// costs, a bare Node server sending the same bytes from memory
// (bare-node-server.ts). Each on one core (taskset), as the site is. `npm run
// bench` prints each page's ratio to them. Both send each page with the
// headers the site's stored answer sends (its policy, caching and security
// headers, 1.2 KB of the 1.5 KB a page's header block is), so each ratio is
// to a server sending the same response.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { ensureDebianPackages } from "#tests/support/debian.ts";

const NGINX = "/usr/sbin/nginx";
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

export type Yardstick = {
  /** The nginx URL serving the bytes `origin + path` answered. */
  nginxUrl(path: string): string;
  /** The bare Node server's URL for the same bytes. */
  nodeUrl(path: string): string;
  stop(): void;
};

async function until(url: string, what: string, child: ChildProcess) {
  for (let i = 0; ; i++) {
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (i > 100) {
      child.kill();
      throw new Error(`${what} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The headers the site's stored answer for `path` sends with its brotli
 * bytes, as one flat list, less those the bare server sets itself (length,
 * encoding, tag) and those Node adds to every response.
 */
async function storedHeaders(origin: string, path: string) {
  const own = new Set([
    "content-length",
    "content-encoding",
    "etag",
    "date",
    "connection",
    "keep-alive",
    "transfer-encoding",
  ]);
  const response = await fetch(`${origin}${path}`, {
    headers: { "accept-encoding": "br" },
  });
  await response.arrayBuffer();
  if (response.headers.get("x-page-cache") !== "hit")
    throw new Error(`${path} was not answered from the store`);
  return [...response.headers].filter(([name]) => !own.has(name)).flat();
}

/**
 * nginx's `add_header` lines for a flat header list. Its Content-Type comes
 * from `default_type` and `charset`, as nginx makes it for a file.
 */
export function nginxHeaderLines(headers: string[]) {
  const lines: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!;
    const value = headers[i + 1]!;
    if (name === "content-type") continue;
    // nginx reads `$` as a variable and has no escape for it.
    if (/[$"\\\r\n]/.test(value))
      throw new Error(`nginx cannot be given ${name} as written: ${value}`);
    lines.push(`add_header ${name} "${value}" always;`);
  }
  return lines.join("\n      ");
}

/**
 * Installs nginx and its brotli module if missing. Call it before any
 * request: apt-get holds the event loop, and a kept-alive connection the
 * server closed meanwhile would fail the next fetch ("other side closed").
 */
export function ensureNginx() {
  ensureDebianPackages(NGINX, ["nginx-light"]);
  ensureDebianPackages(BROTLI_MODULE, ["libnginx-mod-http-brotli-static"]);
}

/**
 * Starts nginx on `nginxPort` and the bare Node server on `nodePort`, both
 * on `cpu`, with one file per path holding the bytes the site answered for
 * it (uncompressed, `.br` and `.gz` beside).
 */
export async function startYardsticks(
  origin: string,
  paths: string[],
  {
    nginxPort,
    nodePort,
    cpu,
  }: { nginxPort: number; nodePort: number; cpu: number },
): Promise<Yardstick> {
  ensureNginx();
  const port = nginxPort;
  const dir = mkdtempSync(join(tmpdir(), "nginx-yardstick-"));
  const files = new Map<string, string>();
  const headersOf = new Map<string, string[]>();
  const locations: string[] = [];
  for (const [i, path] of paths.entries()) {
    const response = await fetch(`${origin}${path}`, {
      headers: { "accept-encoding": "identity" },
    });
    const body = Buffer.from(await response.arrayBuffer());
    const name = `page-${i}.html`;
    writeFileSync(join(dir, name), body);
    const headers = await storedHeaders(origin, path);
    headersOf.set(path, headers);
    writeFileSync(join(dir, `${name}.headers.json`), JSON.stringify(headers));
    locations.push(`location = /${name} {
      ${nginxHeaderLines(headers)}
    }`);
    writeFileSync(
      join(dir, `${name}.br`),
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }),
    );
    writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
    files.set(path, name);
  }
  writeFileSync(
    join(dir, "nginx.conf"),
    `load_module ${BROTLI_MODULE};
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  default_type text/html;
  charset utf-8;
  gzip_static on;
  brotli_static on;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    ${locations.join("\n    ")}
  }
}
`,
  );
  const check = spawnSync(NGINX, [
    "-t",
    "-p",
    dir,
    "-c",
    join(dir, "nginx.conf"),
  ]);
  if (check.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx refused its configuration: ${check.stderr}`);
  }
  const nginx = spawn(
    "taskset",
    ["-c", String(cpu), NGINX, "-p", dir, "-c", join(dir, "nginx.conf")],
    { stdio: "ignore" },
  );
  const node = spawn(
    "taskset",
    [
      "-c",
      String(cpu),
      process.execPath,
      new URL("./bare-node-server.ts", import.meta.url).pathname,
      String(nodePort),
      dir,
    ],
    { stdio: "ignore" },
  );
  const base = `http://127.0.0.1:${port}`;
  const nodeBase = `http://127.0.0.1:${nodePort}`;
  await until(`${base}/page-0.html`, "nginx", nginx);
  await until(`${nodeBase}/page-0.html`, "the bare Node server", node);
  // Each ratio is to the same response, or it says nothing.
  for (const [path, name] of files) {
    for (const [what, url] of [
      ["nginx", `${base}/${name}`],
      ["the bare Node server", `${nodeBase}/${name}`],
    ] as const) {
      const response = await fetch(url, {
        headers: { "accept-encoding": "br" },
      });
      await response.arrayBuffer();
      const list = headersOf.get(path) ?? [];
      for (let i = 0; i < list.length; i += 2) {
        const sent = response.headers.get(list[i]!);
        if (sent !== list[i + 1]) {
          nginx.kill();
          node.kill();
          rmSync(dir, { recursive: true, force: true });
          throw new Error(
            `${what} sends ${list[i]} for ${path} as ${sent}, the site as ${list[i + 1]}`,
          );
        }
      }
    }
  }
  const fileOf = (path: string) => {
    const name = files.get(path);
    if (!name) throw new Error(`no yardstick file for ${path}`);
    return name;
  };
  return {
    nginxUrl: (path) => `${base}/${fileOf(path)}`,
    nodeUrl: (path) => `${nodeBase}/${fileOf(path)}`,
    stop() {
      nginx.kill();
      node.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
