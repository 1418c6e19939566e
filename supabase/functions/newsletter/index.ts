// Supabase Edge Function entry: the logic lives in handler.ts, which the unit
// tests call directly; the embedded server (supabase/local) runs this file
// under Deno, as the platform does.
import handler from "./handler.ts";

Deno.serve((request) =>
  handler(request, Deno.env.toObject() as Parameters<typeof handler>[1]),
);
