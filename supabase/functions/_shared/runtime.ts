type EdgeRuntimeGlobal = {
  EdgeRuntime?: { waitUntil(promise: Promise<unknown>): unknown };
};

/** Hands work that must outlive the response to the runtime. */
export type WaitUntil = (promise: Promise<unknown>) => void;

/**
 * edge-runtime (hosted and the embedded server's Deno worker) keeps a worker
 * alive until `EdgeRuntime.waitUntil` work settles; without it, the promise
 * simply runs on in the process that made it.
 */
export const waitUntil: WaitUntil = (promise) => {
  const runtime = (globalThis as EdgeRuntimeGlobal).EdgeRuntime;
  runtime?.waitUntil(promise);
};
