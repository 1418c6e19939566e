import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "#app/components/error-page.tsx";
import { routeMeta } from "#app/lib/meta.ts";

export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "404 Page Not Found",
    description: "The page you are looking for does not exist.",
    noIndex: true,
  });

export default function NotFound() {
  return (
    <ErrorPage
      title="404 Page Not Found"
      message="The page you are looking for does not exist or has moved."
      actions={[
        { to: "/", label: "Go Home" },
        {
          to: "/blueprints",
          label: "Explore Blueprints",
          variant: "secondary",
        },
      ]}
    />
  );
}
