import {
  index,
  route,
  type RouteConfig,
} from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("blueprint-showcase", "routes/blueprint-showcase.tsx"),
  route("company", "routes/company.tsx"),
  route("agents/:slug", "routes/agents.$slug.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
