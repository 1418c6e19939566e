// A second copy of the site whose Supabase calls fail for real: its
// SUPABASE_URL points at a small proxy that forwards everything to the e2e
// backend except the requests a rule picks (by default /functions/v1/*),
// which answer 500. The app's production code runs unchanged; nothing in it
// knows about tests.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import {
  SUPABASE_ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY,
  SUPABASE_URL,
} from "./e2e-env.ts";

const root = fileURLToPath(new URL("../", import.meta.url));

function listen(server: Server) {
  return new Promise<number>((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve((server.address() as AddressInfo).port),
    );
  });
}

/** Which Supabase requests fail, and the JSON body they answer 500 with. */
export type FailureRule = (request: {
  method: string;
  url: URL;
}) => { code: string; message: string } | null;

const failFunctions: FailureRule = ({ url }) =>
  url.pathname.startsWith("/functions/v1/")
    ? { code: "WORKER_ERROR", message: "Function exited due to an error" }
    : null;

function startProxy(rule: () => FailureRule) {
  const target = new URL(SUPABASE_URL);
  const server = createServer((incoming, outgoing) => {
    const failure = rule()({
      method: incoming.method ?? "GET",
      url: new URL(incoming.url ?? "/", target),
    });
    if (failure) {
      incoming.resume();
      outgoing.writeHead(500, { "Content-Type": "application/json" });
      outgoing.end(JSON.stringify(failure));
      return;
    }
    const forward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    forward.on("error", () => outgoing.destroy());
    incoming.pipe(forward);
  });
  return server;
}

async function freePort() {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type FailingSite = {
  url: string;
  /** Replaces the rule for the requests that follow. */
  failWhen(rule: FailureRule): void;
  stop(): Promise<void>;
};

export async function startFailingSite(
  initialRule: FailureRule = failFunctions,
): Promise<FailingSite> {
  let rule = initialRule;
  const failWhen = (next: FailureRule) => {
    rule = next;
  };
  const proxy = startProxy(() => rule);
  const proxyPort = await listen(proxy);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    `${root}node_modules/.bin/react-router-serve`,
    ["./build/server/index.js"],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: url,
        PLATFORM_URL: "https://platform.recursa.ai",
        SUPABASE_URL: `http://127.0.0.1:${proxyPort}`,
        SUPABASE_ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY,
        SESSION_SECRET: "failing-site-session-secret-0123456789abcdef",
        HONEYPOT_SECRET: "failing-site-honeypot-secret",
      },
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => proxy.close(resolve));
  };
  // Generous: a busy machine can take a while to load the server build.
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, failWhen, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the failing site did not start on ${url}: ${stderr}`);
}
