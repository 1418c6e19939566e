import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createAuthService } from "./auth/service.ts";
import {
  callerFromClaims,
  hasLiveSession,
  type Caller,
  type ServerContext,
} from "./context.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { openDatabase } from "./database.ts";
import { demoPassword } from "./demo-accounts.ts";
import { createFunctionsService } from "./functions.ts";
import {
  ANALYTICS_SCHEDULE_MS,
  RETENTION_SCHEDULE_MS,
  startSqlSchedule,
} from "./sql-schedule.ts";
import {
  NOTIFICATION_SCHEDULE_MS,
  startNotificationSchedule,
} from "./notification-schedule.ts";
import { json, nodeListener } from "./http.ts";
import { bearerToken, createJwtTools, isRequestRole } from "./jwt.ts";
import { apiKeys, legacyKeysFromEnv, loadKeyMaterial } from "./keys.ts";
import { createRestService } from "./rest/rest.ts";
import {
  createMailbox,
  isMailboxPath,
  MAILBOX_PATH,
} from "./mailbox/service.ts";
import { loadSchemaCache } from "./rest/schema-cache.ts";
import { PortInUseError } from "./start-errors.ts";
import { createStorageService } from "./storage.ts";
import { seedStorage } from "./storage-seed.ts";
import { trimEndOf } from "#supabase/functions/_shared/text.ts";

const projectPath = (relative: string) =>
  fileURLToPath(new URL(`../../${relative}`, import.meta.url));

export const DEFAULT_PORT = 54321;
export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_DATA_DIR = projectPath(".data/supabase");
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);
// The CLI's local Auth sends as this address (its SMTP admin_email default).
const AUTH_SENDER = "Supabase Auth <admin@email.com>";

export type LocalSupabaseOptions = {
  port?: number;
  host?: string;
  dataDir?: string;
  /** Wipe the data directory first, so migrations and the seed run again. */
  reset?: boolean;
  log?: boolean;
  migrationsDir?: string;
  /** The seed run on a fresh database; null for none. */
  seedFile?: string | null;
  functionsDir?: string;
  /**
   * How long a rotated refresh token may be presented again (concurrent tabs or
   * requests) before it counts as reuse; GoTrue's default is 10 s.
   */
  refreshReuseIntervalMs?: number;
  /**
   * Auth's SITE_URL and further allowed redirects (globs), as in
   * supabase/config.toml's [auth]; the launcher passes the site's SITE_URL.
   */
  siteUrl?: string;
  redirectUrls?: readonly string[];
  /** How long an e-mailed Auth link is good for; GoTrue's default is a day. */
  otpExpirySeconds?: number;
  /**
   * Start a fresh data dir from a cached copy of a migrated and seeded cluster
   * (in .data/supabase-cache, keyed by the inputs' digest); default true.
   */
  templateCache?: boolean;
  /**
   * Hand out the legacy HS256 anon/service_role JWT keys and sign user tokens
   * with HS256, instead of sb_ keys and ES256; default LOCAL_SUPABASE_LEGACY_KEYS=1.
   */
  legacyKeys?: boolean;
  /**
   * How often send-notifications runs (the hosted schedule's minute, or
   * LOCAL_NOTIFICATIONS_INTERVAL_MS); null for never.
   */
  notificationIntervalMs?: number | null;
  /**
   * How often analytics_rotate runs (the hosted schedule's five minutes, or
   * LOCAL_ANALYTICS_INTERVAL_MS); null for never.
   */
  analyticsIntervalMs?: number | null;
  /**
   * How often delete_expired_submissions runs (the hosted schedule's hour, or
   * LOCAL_RETENTION_INTERVAL_MS); null for never.
   */
  retentionIntervalMs?: number | null;
};

export type LocalSupabase = {
  url: string;
  /** The mailbox every e-mail of the functions goes to (mailbox/service.ts). */
  mailboxUrl: string;
  /** The data directory, absolute. */
  dataDir: string;
  /** sb_publishable_…, or the anon JWT in legacy mode. */
  publishableKey: string;
  /** sb_secret_…, or the service_role JWT in legacy mode. */
  secretKey: string;
  legacyKeys: boolean;
  stop(): Promise<void>;
};

export function assertEmbeddedAllowed() {
  if (
    process.env.NODE_ENV === "production" &&
    process.env.ALLOW_EMBEDDED_SUPABASE !== "1"
  ) {
    throw new Error(
      "Refusing to start the embedded Supabase server with NODE_ENV=production. Set SUPABASE_URL and keys for a real project, or ALLOW_EMBEDDED_SUPABASE=1 for a demo deployment.",
    );
  }
}

export async function startLocalSupabase(
  options: LocalSupabaseOptions = {},
): Promise<LocalSupabase> {
  assertEmbeddedAllowed();
  const host = options.host ?? DEFAULT_HOST;
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new Error(
      `The local Supabase server listens on loopback only; got host ${host}`,
    );
  }
  const log = options.log
    ? (message: string) => console.log(`[supabase-local] ${message}`)
    : () => {};
  const dataDir = path.resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const unlock = lockDataDir(dataDir);
  try {
    return await start(options, host, dataDir, log, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function start(
  options: LocalSupabaseOptions,
  host: string,
  dataDir: string,
  log: (message: string) => void,
  unlock: () => void,
): Promise<LocalSupabase> {
  const legacyKeys = options.legacyKeys ?? legacyKeysFromEnv();
  const keyMaterial = loadKeyMaterial(dataDir);
  const keys = apiKeys(keyMaterial, legacyKeys);
  const postgresUrl = process.env.LOCAL_SUPABASE_POSTGRES_URL;
  // `npm run test:pg` points the server at a PostgreSQL it migrated and
  // seeded; the driver is a dev dependency, loaded only then.
  const db = postgresUrl
    ? await (
        await import("./postgres-database.ts")
      ).openPostgresDatabase(postgresUrl)
    : await openDatabase({
        dataDir,
        migrationsDir:
          options.migrationsDir ?? projectPath("supabase/migrations"),
        seedFile:
          options.seedFile === undefined
            ? projectPath("supabase/seed.sql")
            : options.seedFile,
        reset: options.reset ?? false,
        demoPassword: demoPassword(),
        templateCacheDir:
          options.templateCache === false
            ? null
            : projectPath(".data/supabase-cache"),
        log,
      });
  const seeded = await seedStorage(db, dataDir);
  if (seeded.length > 0) log(`seeded storage: ${seeded.join(", ")}`);
  const schema = await db.admin((tx) => loadSchemaCache(tx));
  const mailbox = createMailbox(path.join(dataDir, "mailbox"), {
    reset: options.reset ?? false,
  });

  const server = createServer();
  const port = options.port ?? DEFAULT_PORT;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await db.close();
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE")
      throw new PortInUseError(
        "the embedded Supabase",
        host,
        port,
        "LOCAL_SUPABASE_PORT",
      );
    throw error;
  }
  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : host;
  const url = `http://${urlHost}:${address.port}`;

  const ctx: ServerContext = {
    db,
    jwt: createJwtTools(keyMaterial, legacyKeys),
    url,
    dataDir,
    functionsDir: options.functionsDir ?? projectPath("supabase/functions"),
    publishableKey: keys.publishableKey,
    secretKey: keys.secretKey,
    legacyKeys,
    jwtSecret: keyMaterial.jwtSecret,
    log,
    refreshReuseIntervalMs: options.refreshReuseIntervalMs ?? 10_000,
    siteUrl: options.siteUrl ?? "http://localhost:3000",
    redirectUrls: options.redirectUrls ?? [
      "http://127.0.0.1:3000",
      "http://localhost:5173",
    ],
    otpExpirySeconds: options.otpExpirySeconds ?? 86_400,
    sendMail: ({ to, subject, html }) =>
      mailbox.deliver({ from: AUTH_SENDER, to, subject, html }),
  };
  const functions = createFunctionsService(ctx);
  const handler = createRouter(ctx, () => schema, functions, mailbox);
  server.on("request", nodeListener(handler, log));
  log(`listening on ${url}`);
  const notificationIntervalMs =
    options.notificationIntervalMs === undefined
      ? Number(process.env.LOCAL_NOTIFICATIONS_INTERVAL_MS) ||
        NOTIFICATION_SCHEDULE_MS
      : options.notificationIntervalMs;
  const schedule =
    notificationIntervalMs === null
      ? null
      : startNotificationSchedule(ctx, notificationIntervalMs);
  const analyticsIntervalMs =
    options.analyticsIntervalMs === undefined
      ? Number(process.env.LOCAL_ANALYTICS_INTERVAL_MS) || ANALYTICS_SCHEDULE_MS
      : options.analyticsIntervalMs;
  const analyticsSchedule =
    analyticsIntervalMs === null
      ? null
      : startSqlSchedule(
          db,
          "select public.analytics_rotate()",
          analyticsIntervalMs,
          log,
        );
  const retentionIntervalMs =
    options.retentionIntervalMs === undefined
      ? Number(process.env.LOCAL_RETENTION_INTERVAL_MS) || RETENTION_SCHEDULE_MS
      : options.retentionIntervalMs;
  const retentionSchedule =
    retentionIntervalMs === null
      ? null
      : startSqlSchedule(
          db,
          // The audit log's two years ride along (daily on pg_cron).
          "select public.delete_expired_submissions(), private.delete_expired_audit_entries()",
          retentionIntervalMs,
          log,
        );

  let stopped: Promise<void> | null = null;
  return {
    url,
    mailboxUrl: `${url}${MAILBOX_PATH}`,
    dataDir,
    publishableKey: keys.publishableKey,
    secretKey: keys.secretKey,
    legacyKeys,
    stop() {
      stopped ??= (async () => {
        await schedule?.stop();
        await analyticsSchedule?.stop();
        await retentionSchedule?.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await functions.stop();
        await db.close();
        unlock();
      })();
      return stopped;
    },
  };
}

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers":
    "authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-upsert, x-supabase-api-version, cache-control",
  "access-control-allow-methods":
    "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  "access-control-expose-headers":
    "content-range, x-total-count, x-supabase-api-version",
};

function createRouter(
  ctx: ServerContext,
  schema: Parameters<typeof createRestService>[1],
  functions: ReturnType<typeof createFunctionsService>,
  mailbox: ReturnType<typeof createMailbox>,
) {
  const auth = createAuthService(ctx);
  const rest = createRestService(ctx, schema);
  const storage = createStorageService(ctx);
  const gateway = createGateway(ctx);

  /** The caller's role and claims: from the bearer token, else from the apikey. */
  async function resolveCaller(
    request: Request,
    apiKeyRole: ApiKeyRole,
  ): Promise<
    | { error: CallerError; caller?: undefined }
    | { error?: undefined; caller: Caller }
  > {
    const token = bearerToken(request);
    const keyRole = token === null ? apiKeyRole : gateway.sbKeyRole(token);
    if (keyRole)
      return { caller: callerFromClaims(keyRole, { role: keyRole }) };
    const verified = await ctx.jwt.verify(token as string);
    if (!verified.ok)
      return { error: verified.expired ? "expired" : "invalid" };
    const { claims } = verified;
    if (!isRequestRole(claims.role)) return { error: "invalid" };
    if (
      claims.role === "authenticated" &&
      !(await hasLiveSession(ctx.db, claims))
    )
      return { error: "session" };
    return { caller: callerFromClaims(claims.role, claims) };
  }

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const pathname = trimEndOf(url.pathname, "/") || "/";
    if (request.method === "OPTIONS")
      return new Response("ok", { status: 200 });
    const match = /^\/(auth|rest|storage|functions)\/v1(\/.*)?$/.exec(pathname);
    if (!match)
      return json(404, { message: "no Route matched with those values" });
    const service = match[1];
    const subpath = match[2] ?? "/";

    // Public bucket URLs are fetched by browsers (<img>), which send no apikey;
    // so are signed URLs, whose token is the whole permission.
    if (
      service === "storage" &&
      (subpath.startsWith("/object/public/") ||
        (subpath.startsWith("/object/sign/") &&
          (request.method === "GET" || request.method === "HEAD")))
    ) {
      return nosniff(await storage(request, subpath, null));
    }
    // Token verifiers fetch the public keys without an API key, as from Kong's open route.
    if (
      service === "auth" &&
      subpath === "/.well-known/jwks.json" &&
      request.method === "GET"
    ) {
      return json(200, ctx.jwt.jwks, {
        "cache-control": "public, max-age=600",
      });
    }
    // An e-mail link is opened by a mail client, with no key: Kong's open
    // auth routes let GET /verify through.
    if (service === "auth" && subpath === "/verify" && request.method === "GET")
      return auth(request, subpath);
    // The gateway passes function calls through without an apikey check;
    // verify_jwt, and the function itself, decide.
    if (service === "functions") return functions(request, subpath);
    const apiKey =
      request.headers.get("apikey") ?? url.searchParams.get("apikey");
    if (!apiKey) return json(401, { message: "No API key found in request" });
    const apiKeyRole = await gateway.apiKeyRole(apiKey);
    if (!apiKeyRole) return json(401, { message: "Invalid API key" });
    if (gateway.secretKeyFromBrowser(request, apiKey)) {
      return json(401, {
        message:
          "Forbidden use of secret API key in browser: secret keys are for servers only; use the publishable key",
      });
    }

    if (service === "auth")
      return auth(await gateway.forAuth(request), subpath);

    const resolved = await resolveCaller(request, apiKeyRole);
    if (resolved.error) return callerError(service, resolved.error);
    const caller: Caller = resolved.caller;
    if (service === "rest") return rest(request, subpath, caller);
    return nosniff(await storage(request, subpath, caller));
  }

  return async function handle(request: Request) {
    const started = performance.now();
    // The mailbox is for this machine alone: it is not part of the API
    // that browsers on other origins may call, so it gets no CORS headers.
    const forMailbox = isMailboxPath(new URL(request.url).pathname);
    let response: Response;
    try {
      response = forMailbox ? await mailbox(request) : await route(request);
    } catch (error) {
      if (!(error instanceof URIError)) throw error;
      response = json(400, {
        message: "Malformed percent-encoding in the URL",
      });
    }
    if (!forMailbox)
      for (const [name, value] of Object.entries(CORS_HEADERS))
        response.headers.set(name, value);
    ctx.log(
      `${request.method} ${new URL(request.url).pathname} ${response.status} ${(performance.now() - started).toFixed(1)}ms`,
    );
    return response;
  };
}

type ApiKeyRole = "anon" | "service_role";

/**
 * What the platform's API gateway does with API keys before a service sees
 * the request: maps an sb_ key to its role (the secret key never from a
 * browser), and hands Auth a short-lived role token in place of a bearer that
 * is an API key, since Auth only reads JWTs.
 */
function createGateway(ctx: ServerContext) {
  const sbKeys = new Map<string, ApiKeyRole>(
    ctx.legacyKeys
      ? []
      : [
          [ctx.publishableKey, "anon"],
          [ctx.secretKey, "service_role"],
        ],
  );
  const verifiedLegacyKeys = new Map<string, ApiKeyRole | null>();
  const minted = new Map<ApiKeyRole, { token: string; renewAt: number }>();

  async function legacyKeyRole(key: string) {
    if (!verifiedLegacyKeys.has(key)) {
      const verified = await ctx.jwt.verify(key);
      const role = verified.ok ? verified.claims.role : null;
      if (verifiedLegacyKeys.size > 100) verifiedLegacyKeys.clear();
      verifiedLegacyKeys.set(
        key,
        role === "anon" || role === "service_role" ? role : null,
      );
    }
    return verifiedLegacyKeys.get(key) ?? null;
  }

  async function roleToken(role: ApiKeyRole) {
    const now = Date.now();
    const cached = minted.get(role);
    if (cached && cached.renewAt > now) return cached.token;
    const iat = Math.floor(now / 1000);
    const token = await ctx.jwt.sign({
      iss: `${ctx.url}/auth/v1`,
      role,
      iat,
      exp: iat + 3600,
    });
    minted.set(role, { token, renewAt: now + 30 * 60_000 });
    return token;
  }

  const sbKeyRole = (key: string) => sbKeys.get(key) ?? null;

  return {
    sbKeyRole,
    async apiKeyRole(key: string): Promise<ApiKeyRole | null> {
      return ctx.legacyKeys ? legacyKeyRole(key) : sbKeyRole(key);
    },
    /** Hosted refuses the secret key when the User-Agent is a browser's. */
    secretKeyFromBrowser(request: Request, apiKey: string) {
      const usesSecret =
        sbKeyRole(apiKey) === "service_role" ||
        sbKeyRole(bearerToken(request) ?? "") === "service_role";
      return (
        usesSecret && /^Mozilla\//.test(request.headers.get("user-agent") ?? "")
      );
    },
    async forAuth(request: Request) {
      const role = sbKeyRole(bearerToken(request) ?? "");
      if (!role) return request;
      const headers = new Headers(request.headers);
      headers.set("authorization", `Bearer ${await roleToken(role)}`);
      return new Request(request, { headers });
    },
  };
}

type CallerError = "expired" | "invalid" | "session";

function callerError(service: string | undefined, reason: CallerError) {
  if (service === "rest") {
    const [code, message] =
      reason === "expired"
        ? ["PGRST303", "JWT expired"]
        : reason === "session"
          ? ["PGRST301", "JWT session has ended (signed out)"]
          : ["PGRST301", "JWT could not be decoded"];
    return json(
      401,
      { code, details: null, hint: null, message },
      { "www-authenticate": `Bearer error="invalid_token"` },
    );
  }
  if (service === "storage") {
    return json(400, {
      statusCode: "403",
      error: "Unauthorized",
      message:
        reason === "expired"
          ? "jwt expired"
          : reason === "session"
            ? "session has ended"
            : "invalid signature",
    });
  }
  return json(401, { code: 401, message: "Invalid JWT" });
}

/**
 * Storage serves what uploaders sent: every answer tells the browser to keep
 * to the declared type, so bytes can never be sniffed into HTML or script.
 */
function nosniff(response: Response) {
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
}
