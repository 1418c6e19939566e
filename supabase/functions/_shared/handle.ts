import type { z } from "zod";
import { presentedKey } from "./api-key.ts";
import { jsonResponse, preflight } from "./cors.ts";
import { serviceClient, unwrap, type Database } from "./database.ts";
import type { FunctionEnv, FunctionHandler } from "./handler-types.ts";
import { readJsonBody } from "./request.ts";

// What every function does before its own work, once: the method, the key,
// the caller's per-address limit, the JSON body and its schema; and an error
// it did not expect answered as a 500 without its details.

/**
 * The address a public call counts against: the one the platform's edge
 * saw. Cloudflare, in front of every hosted project, sets
 * `cf-connecting-ip` and overwrites whatever a caller sent under that name
 * (the embedded server does the same); `x-forwarded-for` and `x-real-ip`
 * arrive as the caller wrote them, so a caller naming a new address in them
 * each time would never reach the limit.
 */
export function callerAddress(request: Request) {
  return request.headers.get("cf-connecting-ip")?.trim() || "unknown";
}

export type Call<Value> = {
  request: Request;
  env: FunctionEnv;
  value: Value;
  db: Database;
};

/** Calls per address and window, counted in Postgres so every machine shares them. */
export type AddressLimit = { calls: number; windowSeconds: number };

export const TOO_MANY_CALLS = "Too many requests from your address";

export function defineFunction<Schema extends z.ZodType>({
  name,
  access,
  schema,
  limit,
  handle,
}: {
  name: string;
  /** `public`: the project's publishable key is enough; `secret`: only the project itself. */
  access: "public" | "secret";
  schema: Schema;
  /**
   * For calls with a public key. A secret key is the app server's, which
   * limits each visitor itself (in Postgres too), or a schedule's.
   */
  limit?: AddressLimit;
  handle: (call: Call<z.output<Schema>>) => Promise<Response>;
}): FunctionHandler {
  return async (request, env) => {
    if (request.method === "OPTIONS" && access === "public") return preflight();
    if (request.method !== "POST")
      return jsonResponse(405, { error: "Method not allowed" });
    const key = presentedKey(request, env);
    if (key === null || (access === "secret" && key !== "secret")) {
      return jsonResponse(401, {
        error:
          access === "secret" ? "A secret key is required" : "Invalid API key",
      });
    }
    try {
      const db = serviceClient(env);
      if (limit && key === "public") {
        const address = callerAddress(request);
        const [count] = unwrap(
          "rate_limit_hit",
          await db.rpc("rate_limit_hit", {
            p_keys: [`function:${name}:${address}`],
            p_window_seconds: limit.windowSeconds,
          }),
        ) as { hits: number; retry_after: number }[];
        if (count && count.hits > limit.calls) {
          await request.body?.cancel();
          const refused = jsonResponse(429, { error: TOO_MANY_CALLS });
          refused.headers.set("Retry-After", String(count.retry_after));
          return refused;
        }
      }
      const body = await readJsonBody(request);
      if (!body.ok) return body.response;
      const parsed = schema.safeParse(body.value);
      if (!parsed.success) {
        return jsonResponse(400, {
          error: "Invalid payload",
          issues: parsed.error.issues,
        });
      }
      return await handle({ request, env, value: parsed.data, db });
    } catch (error) {
      console.error(`[${name}] ${String(error)}`);
      return jsonResponse(500, { error: "The request could not be completed" });
    }
  };
}
