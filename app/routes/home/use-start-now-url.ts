import { useRouteLoaderData } from "react-router";
import { START_NOW_PATH } from "#app/content/home.ts";
import type { loader as rootLoader } from "#app/root.tsx";

/** "Start Now" goes to the sign-in page of the separate platform host. */
export function useStartNowUrl() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return `${root?.platformUrl ?? ""}${START_NOW_PATH}`;
}
