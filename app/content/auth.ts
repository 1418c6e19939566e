// The words around the team's sign-in that point customers to their own:
// the platform's sign-in, on the platform host (PLATFORM_URL).

import { START_NOW_PATH } from "#app/content/home.ts";
import { BRAND_NAME } from "#app/content/site.ts";

/** The platform's sign-in page, on the platform host. */
export const PLATFORM_SIGN_IN_PATH = START_NOW_PATH;

export const PLATFORM_SIGN_IN_COPY = {
  teamOnly: `This sign-in is for the ${BRAND_NAME} team.`,
  customers: `${BRAND_NAME} customers sign in on the platform:`,
  denied: `Looking for your ${BRAND_NAME} workspace? It is on the platform:`,
  link: "Platform sign-in",
} as const;
