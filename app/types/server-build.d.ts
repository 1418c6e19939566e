// The server build React Router's Vite plugin generates: the route table the
// sitemap reads route declarations from, and the whole build the page store
// renders a page again with.
declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";

  export const routes: ServerBuild["routes"];
}
