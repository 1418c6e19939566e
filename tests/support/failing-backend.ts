// A second copy of the site whose Supabase fails for real: its SUPABASE_URL
// points at a small proxy in front of the e2e backend. A rule picks the
// requests that answer 500 (by default /functions/v1/*); setFault switches the
// whole backend to unreachable (connections refused), slow (answers held past
// the app's 4 s timeout, function calls past their 10 s) or erroring (500 everywhere), and back to healthy,
// while the app keeps running. The app's production code runs unchanged; nothing in it
// knows about tests.
import { spawn, type ChildProcess } from "node:child_process";
import {
  createServer,
  request as httpRequest,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import {
  SUPABASE_ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY,
  SUPABASE_URL,
} from "./e2e-env.ts";
import { freePort } from "./free-port.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

function listen(server: Server, port = 0) {
  return new Promise<number>((resolve) => {
    server.listen(port, "127.0.0.1", () =>
      resolve((server.address() as AddressInfo).port),
    );
  });
}

/** Which Supabase requests fail, and the JSON body they answer 500 with. */
export type FailureRule = (request: {
  method: string;
  url: URL;
}) => { code: string; message: string } | null;

export type Fault = FailureRule | "none" | "unreachable" | "slow" | "error";

const failFunctions: FailureRule = ({ url }) =>
  url.pathname.startsWith("/functions/v1/")
    ? { code: "WORKER_ERROR", message: "Function exited due to an error" }
    : null;

/** Longer than the app's SUPABASE_TIMEOUT_MS, so the app gives up first. */
export const SLOW_DELAY_MS = 8_000;
/** Longer than the app's FUNCTION_TIMEOUT_MS (10 s), which function calls get instead. */
export const SLOW_FUNCTION_DELAY_MS = 12_000;

function answer500(
  outgoing: ServerResponse,
  body = { code: "INTERNAL", message: "Internal server error" },
) {
  outgoing.writeHead(500, { "Content-Type": "application/json" });
  outgoing.end(JSON.stringify(body));
}

function startProxy(state: { fault: Fault }) {
  const target = new URL(SUPABASE_URL);
  const server = createServer((incoming, outgoing) => {
    if (state.fault === "error") {
      incoming.resume();
      answer500(outgoing);
      return;
    }
    if (state.fault === "slow") {
      incoming.resume();
      const delay = incoming.url?.startsWith("/functions/v1/")
        ? SLOW_FUNCTION_DELAY_MS
        : SLOW_DELAY_MS;
      const timer = setTimeout(() => answer500(outgoing), delay);
      outgoing.on("close", () => clearTimeout(timer));
      return;
    }
    const failure =
      typeof state.fault === "function"
        ? state.fault({
            method: incoming.method ?? "GET",
            url: new URL(incoming.url ?? "/", target),
          })
        : null;
    if (failure) {
      incoming.resume();
      answer500(outgoing, failure);
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

export type FailingSite = {
  url: string;
  /** Changes what the backend does from the next request on. */
  setFault(fault: Fault): Promise<void>;
  /** Fails the requests a rule picks from the next request on. */
  failWhen(rule: FailureRule): void;
  stop(): Promise<void>;
};

export async function startFailingSite(
  initial: Fault = failFunctions,
  extraEnv: Record<string, string> = {},
): Promise<FailingSite> {
  const state: { fault: Fault } = { fault: initial };
  const proxy = startProxy(state);
  const proxyPort = await listen(proxy);
  const setFault = async (fault: Fault) => {
    state.fault = fault;
    if (fault === "unreachable") {
      if (!proxy.listening) return;
      // Nothing listens on the port any more: connections are refused.
      const closed = new Promise((resolve) => proxy.close(resolve));
      proxy.closeAllConnections();
      await closed;
    } else if (!proxy.listening) {
      await listen(proxy, proxyPort);
    }
  };
  // A rule needs the proxy listening: it never follows "unreachable".
  const failWhen = (rule: FailureRule) => {
    state.fault = rule;
  };
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
        // As on the main e2e server: a replayed blog page would hide the
        // backend these tests break.
        PAGE_CACHE_BLOG_SECONDS: "0",
        // As on the main e2e server: each test's Fly-Client-IP is trusted.
        FLY_APP_NAME: "e2e",
        ...extraEnv,
      },
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const stop = async () => {
    child.kill("SIGTERM");
    if (!proxy.listening) return;
    const closed = new Promise((resolve) => proxy.close(resolve));
    proxy.closeAllConnections();
    await closed;
  };
  // Generous: a busy machine can take a while to load the server build.
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok)
        return { url, setFault, failWhen, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the failing site did not start on ${url}: ${stderr}`);
}
