import type { ReactNode } from "react";
import { Link } from "react-router";
import classes from "./error-page.module.css";
import ui from "#app/components/marketing/marketing.module.css";

type ErrorPageProps = {
  title: string;
  message: ReactNode;
  actions?: { to: string; label: string; variant?: "primary" | "secondary" }[];
};

const BUTTON_CLASSES = {
  primary: ui.button,
  secondary: ui.buttonSecondary,
} as const;

// Plain markup rather than Mantine: the 404 and error pages render under the
// root, which loads no Mantine runtime (see app/routes/mantine-layout.tsx).
export function ErrorPage({ title, message, actions = [] }: ErrorPageProps) {
  return (
    <div className={classes.page}>
      <h1 className={ui.heading}>{title}</h1>
      <p className={classes.message}>{message}</p>
      {actions.length > 0 ? (
        <div className={`${ui.buttons} ${classes.actions}`}>
          {actions.map((action) => (
            <Link
              key={action.to}
              to={action.to}
              className={BUTTON_CLASSES[action.variant ?? "primary"]}
            >
              {action.label}
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}
