// Runs one Supabase Edge Function under Deno for the embedded server
// (supabase/local/functions.ts), the way edge-runtime hosts it: the function's
// own index.ts is imported, its `Deno.serve` handler (or a default export with
// `fetch`) is captured, and `EdgeRuntime.waitUntil` keeps work alive after the
// response. The embedded server starts this file with the function's deno.json,
// so imports resolve exactly as `supabase functions deploy` bundles them.
//
// Protocol: the first stdout line is `{"listening":<port>}`; the worker exits
// when its stdin closes, so it never outlives the server that started it.

type FetchHandler = (request: Request) => Response | Promise<Response>;

const entry = Deno.args[0];
if (!entry) throw new Error("usage: function-worker.ts <entrypoint URL>");

let captured: FetchHandler | undefined;
const serve = Deno.serve;
const pending = new Set<Promise<unknown>>();

Object.defineProperty(globalThis, "EdgeRuntime", {
  value: Object.freeze({
    waitUntil(promise: Promise<unknown>) {
      const tracked = Promise.resolve(promise)
        .catch((error) =>
          console.error(`EdgeRuntime.waitUntil task failed: ${String(error)}`),
        )
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
      return promise;
    },
  }),
});

// Every call shape of Deno.serve hands over a handler; the function's port and
// hostname are the runtime's business, as on the platform.
Deno.serve = ((...args: unknown[]) => {
  const [first, second] = args;
  const handler =
    typeof first === "function"
      ? first
      : typeof second === "function"
        ? second
        : (first as { handler?: unknown } | undefined)?.handler;
  if (typeof handler !== "function")
    throw new Error("Deno.serve was called without a handler");
  captured = handler as FetchHandler;
  return {
    finished: new Promise<void>(() => {}),
    addr: { transport: "tcp", hostname: "127.0.0.1", port: 0 },
    shutdown: () => Promise.resolve(),
    ref() {},
    unref() {},
  };
}) as typeof Deno.serve;

const module = (await import(entry)) as {
  default?: { fetch?: FetchHandler };
};
const handler =
  captured ??
  (typeof module.default?.fetch === "function"
    ? module.default.fetch.bind(module.default)
    : undefined);
if (!handler)
  throw new Error(
    `${entry} neither calls Deno.serve nor exports a default { fetch }`,
  );

const server = serve(
  {
    hostname: "127.0.0.1",
    port: 0,
    onListen: ({ port }) => console.log(JSON.stringify({ listening: port })),
  },
  handler,
);

for await (const _ of Deno.stdin.readable) {
  // Nothing is sent on stdin; it only closes when the server goes away.
}
await Promise.allSettled([...pending]);
await server.shutdown();
Deno.exit(0);
