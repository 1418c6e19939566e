// The server build React Router's Vite plugin generates: the route table the
// page store and the sitemap read route declarations from.
declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";

  export const routes: ServerBuild["routes"];
}
