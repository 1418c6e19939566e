// Supabase Edge Function entry: the logic lives in handler.ts, which the
// embedded local server (supabase/local) runs as well.
import type { FunctionEnv } from "../_shared/handler-types.ts";
import handler from "./handler.ts";

declare const Deno: {
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  env: { toObject(): Record<string, string> };
};

Deno.serve((request) => handler(request, Deno.env.toObject() as FunctionEnv));
