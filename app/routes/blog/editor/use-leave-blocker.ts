import { useEffect, useId, useSyncExternalStore } from "react";
import type { Blocker, BlockerFunction, DataRouter } from "react-router";

declare global {
  interface Window {
    /** The router React Router's HydratedRouter makes, which it puts here. */
    __reactRouterDataRouter?: DataRouter;
  }
}

const UNBLOCKED: Blocker = {
  state: "unblocked",
  proceed: undefined,
  reset: undefined,
  location: undefined,
};

const router = () =>
  typeof window === "undefined" ? undefined : window.__reactRouterDataRouter;

/**
 * React Router's navigation blocker (`router.getBlocker`), held as its
 * `useBlocker` hook holds it. Not that hook, nor the router's contexts: any
 * of them would be built into the React Router chunk that every page loads,
 * and the public pages have no bytes to spare (tests/tools/js-budget.ts);
 * this stays in the editor's chunk.
 */
export function useLeaveBlocker(shouldBlock: BlockerFunction): Blocker {
  const key = useId();
  useEffect(() => () => router()?.deleteBlocker(key), [key]);
  useEffect(() => {
    router()?.getBlocker(key, shouldBlock);
  }, [key, shouldBlock]);
  return useSyncExternalStore(
    (onChange) => router()?.subscribe(onChange) ?? (() => undefined),
    () => router()?.state.blockers.get(key) ?? UNBLOCKED,
    () => UNBLOCKED,
  );
}
