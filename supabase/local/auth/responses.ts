import { json } from "../http.ts";

// Every GoTrue answer names the API version it speaks; supabase-js reads it
// to decide how to parse error bodies.
export const API_VERSION_HEADERS = { "x-supabase-api-version": "2024-01-01" };

export function authError(status: number, code: string, message: string) {
  return json(status, { code, message }, API_VERSION_HEADERS);
}

export function authJson(status: number, body: unknown) {
  return json(status, body, API_VERSION_HEADERS);
}

export function noAuthorization() {
  return authError(
    401,
    "no_authorization",
    "This endpoint requires a valid Bearer token",
  );
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
