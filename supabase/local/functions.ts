import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type {
  FunctionEnv,
  FunctionHandler,
} from "../functions/_shared/handler-types.ts";
import type { ServerContext } from "./context.ts";
import { json } from "./http.ts";

const FUNCTION_NAME = /^[a-z0-9][a-z0-9_-]*$/i;

export function createFunctionsService(ctx: ServerContext) {
  const handlers = new Map<string, Promise<FunctionHandler>>();

  function load(name: string) {
    let handler = handlers.get(name);
    if (!handler) {
      const file = path.join(ctx.functionsDir, name, "handler.ts");
      handler = import(pathToFileURL(file).href).then(
        (module: { default?: unknown }) => {
          if (typeof module.default !== "function") {
            throw new Error(`${file} must default-export a FunctionHandler`);
          }
          return module.default as FunctionHandler;
        },
      );
      // A failed import (syntax error while editing) must not stick.
      handler.catch(() => handlers.delete(name));
      handlers.set(name, handler);
    }
    return handler;
  }

  return async function handleFunction(request: Request, subpath: string) {
    const name = subpath.split("/")[1] ?? "";
    if (
      !FUNCTION_NAME.test(name) ||
      name.startsWith("_") ||
      !existsSync(path.join(ctx.functionsDir, name, "handler.ts"))
    ) {
      return json(404, {
        code: "NOT_FOUND",
        message: "Requested function was not found",
      });
    }
    const env: FunctionEnv = {
      ...process.env,
      SUPABASE_URL: ctx.url,
      SUPABASE_ANON_KEY: ctx.publishableKey,
      SUPABASE_SERVICE_ROLE_KEY: ctx.secretKey,
    };
    try {
      const handler = await load(name);
      return await handler(request, env);
    } catch (error) {
      ctx.log(
        `function ${name} failed: ${(error as Error).stack ?? String(error)}`,
      );
      return json(500, {
        code: "WORKER_ERROR",
        message: "Function exited due to an error (please check logs)",
      });
    }
  };
}
