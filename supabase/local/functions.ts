import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { hasLiveSession, type ServerContext } from "./context.ts";
import { denoBinary, denoEnv } from "./deno.ts";
import {
  denoResolutionArgs,
  readFunctionConfigs,
  type FunctionConfig,
} from "./function-config.ts";
import { json } from "./http.ts";
import { bearerToken } from "./jwt.ts";
import { MAILBOX_PATH } from "./mailbox/pages.ts";

const WORKER = fileURLToPath(new URL("./function-worker.ts", import.meta.url));
/** A first start may fetch the function's npm: imports into Deno's cache. */
const BOOT_TIMEOUT_MS = 60_000;
/** The platform's wall-clock limit for one request (edge-runtime: 150 s on free plans). */
const REQUEST_TIMEOUT_MS = 150_000;

type Worker = { child: ChildProcess; port: Promise<number> };

/**
 * The environment the platform gives every function (supabase/cli
 * internal/functions/serve), over the developer's own environment, which
 * stands in for `supabase secrets set`. A project on the new keys gets them as
 * `{"default": …}` dictionaries; one on legacy JWT keys, as SUPABASE_ANON_KEY
 * and SUPABASE_SERVICE_ROLE_KEY. Only the mode's own names are set, so each
 * suite mode exercises the functions' lookup for that kind of project.
 */
export function functionEnv(ctx: ServerContext) {
  const keys = ctx.legacyKeys
    ? {
        SUPABASE_ANON_KEY: ctx.publishableKey,
        SUPABASE_SERVICE_ROLE_KEY: ctx.secretKey,
      }
    : {
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({
          default: ctx.publishableKey,
        }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: ctx.secretKey }),
      };
  // `supabase secrets set` refuses SUPABASE_ names: only the platform sets them.
  const secrets = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith("SUPABASE_"),
    ),
  );
  return {
    ...secrets,
    // E-mail goes to the server's own mailbox unless the developer points
    // RESEND_API_URL at a provider (or a test at its stand-in): a local run
    // never mails anyone by accident, and its messages can be read.
    ...(process.env.RESEND_API_URL
      ? {}
      : {
          RESEND_API_URL: `${ctx.url}${MAILBOX_PATH}`,
          RESEND_API_KEY: "re_local_mailbox",
        }),
    SUPABASE_URL: ctx.url,
    ...keys,
    // PGlite has no Postgres wire endpoint, so a function has no database URL
    // to connect to here; it must use the REST and Storage APIs.
    SUPABASE_DB_URL: "",
  };
}

/**
 * Headers that describe one connection, not the message (RFC 9110 7.6.1):
 * a proxy drops them, and the hop to the worker frames its own. A caller's
 * `Transfer-Encoding: chunked` or `Expect: 100-continue` (curl's for a body
 * over 1 MB) would otherwise reach fetch, which refuses both.
 */
const HOP_BY_HOP = [
  "connection",
  "expect",
  "host",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  // Recounted for the body as forwarded.
  "content-length",
  // Deno.serve would compress for a client that accepts it, and fetch would
  // then hand back a decoded body still labelled as encoded.
  "accept-encoding",
];

function endToEnd(source: Headers) {
  const headers = new Headers(source);
  const named = (source.get("connection") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of [...HOP_BY_HOP, ...named]) headers.delete(name);
  return headers;
}

/**
 * Serves `/functions/v1/<name>` by running the function's real index.ts under
 * Deno, one long-lived worker process per function started on its first
 * request, with the resolution `supabase functions deploy` uses and
 * `verify_jwt` from config.toml enforced in front of it, as edge-runtime does.
 */
export function createFunctionsService(ctx: ServerContext) {
  const configs = readFunctionConfigs(ctx.functionsDir);
  const workers = new Map<string, Worker>();

  function startWorker(config: FunctionConfig): Worker {
    const child = spawn(
      denoBinary(),
      [
        "run",
        "--quiet",
        "--no-prompt",
        ...denoResolutionArgs(config),
        "--allow-net",
        "--allow-env",
        `--allow-read=${path.dirname(ctx.functionsDir)}`,
        WORKER,
        pathToFileURL(config.entrypoint).href,
      ],
      {
        env: denoEnv(functionEnv(ctx)),
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    const lines = createInterface({ input: child.stdout! });
    const port = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`function ${config.name} did not start in time`));
        child.kill();
      }, BOOT_TIMEOUT_MS);
      lines.on("line", (line) => {
        const listening = /^\{"listening":(\d+)\}$/.exec(line);
        if (listening) {
          clearTimeout(timer);
          resolve(Number(listening[1]));
        } else console.info(`[function ${config.name}] ${line}`);
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`function ${config.name} exited with ${code}`));
      });
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    createInterface({ input: child.stderr! }).on("line", (line) =>
      console.error(`[function ${config.name}] ${line}`),
    );
    port.catch(() => {});
    // A worker that dies (a boot error while editing) is started again on the next request.
    child.once("exit", () => {
      if (workers.get(config.name)?.child === child)
        workers.delete(config.name);
    });
    return { child, port };
  }

  function worker(config: FunctionConfig) {
    let running = workers.get(config.name);
    if (!running) {
      running = startWorker(config);
      workers.set(config.name, running);
    }
    return running;
  }

  async function verifyJwt(request: Request) {
    if (!request.headers.get("authorization"))
      return json(401, { msg: "Error: Missing authorization header" });
    const token = bearerToken(request);
    if (!token)
      return json(401, {
        msg: "Error: Auth header is not 'Bearer {token}'",
      });
    const verified = await ctx.jwt.verify(token);
    // Stricter than edge-runtime, which checks the signature alone: a
    // signed-out session's token is refused here as everywhere else locally.
    const live =
      verified.ok &&
      (verified.claims.role !== "authenticated" ||
        (await hasLiveSession(ctx.db, verified.claims)));
    return live ? null : json(401, { msg: "Invalid JWT" });
  }

  async function handleFunction(request: Request, subpath: string) {
    const name = subpath.split("/")[1] ?? "";
    const config = configs.get(name);
    if (!config) return new Response("Function not found", { status: 404 });
    if (request.method !== "OPTIONS" && config.verifyJwt) {
      const refused = await verifyJwt(request);
      if (refused) return refused;
    }
    try {
      const port = await worker(config).port;
      const url = new URL(request.url);
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      const response = await fetch(
        `http://127.0.0.1:${port}${url.pathname}${url.search}`,
        {
          method: request.method,
          headers: endToEnd(request.headers),
          // The body has been read whole (however the caller framed it), so
          // the function gets it with its length, as the platform passes it.
          body: hasBody ? await request.arrayBuffer() : undefined,
          redirect: "manual",
          signal: AbortSignal.any([
            request.signal,
            AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          ]),
        },
      );
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers: endToEnd(response.headers),
      });
    } catch (error) {
      ctx.log(`function ${name} failed: ${String(error)}`);
      return json(500, {
        code: "WORKER_ERROR",
        message: "Function exited due to an error (please check logs)",
      });
    }
  }

  /** Ends every worker; each finishes its EdgeRuntime.waitUntil work first. */
  async function stop() {
    const exits = [...workers.values()].map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null)
            return resolve();
          const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          child.stdin!.end();
        }),
    );
    workers.clear();
    await Promise.all(exits);
  }

  return Object.assign(handleFunction, { stop });
}
