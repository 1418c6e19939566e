// The physical limit a page could reach on this machine: nginx (Debian's
// nginx-light, one worker) serving the very bytes of each page from files,
// precompressed with brotli as the site's page cache stores them. `npm run
// bench` prints each page's ratio to it. Without nginx it is skipped, with
// the command that installs it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((path) =>
  existsSync(path),
);
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

export const NGINX_INSTALL =
  "apt-get install -y nginx-light libnginx-mod-http-brotli-static";

export type Yardstick = {
  /** The nginx URL serving the bytes `origin + path` answered. */
  urlFor(path: string): string;
  stop(): void;
};

/**
 * Starts nginx on `port` with one file per path, holding the bytes the site
 * answered for it (uncompressed, `.br` and `.gz` beside). Null when nginx or
 * its brotli module is not installed.
 */
export async function startNginxYardstick(
  origin: string,
  paths: string[],
  port: number,
): Promise<Yardstick | null> {
  if (!NGINX || !existsSync(BROTLI_MODULE)) return null;
  const dir = mkdtempSync(join(tmpdir(), "nginx-yardstick-"));
  const files = new Map<string, string>();
  for (const [i, path] of paths.entries()) {
    const response = await fetch(`${origin}${path}`, {
      headers: { "accept-encoding": "identity" },
    });
    const body = Buffer.from(await response.arrayBuffer());
    const name = `page-${i}.html`;
    writeFileSync(join(dir, name), body);
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
  const nginx = spawn(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf")], {
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/page-0.html`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100) {
      nginx.kill();
      throw new Error("nginx did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    urlFor(path) {
      const name = files.get(path);
      if (!name) throw new Error(`no yardstick file for ${path}`);
      return `${base}/${name}`;
    },
    stop() {
      nginx.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
