import "#app/lib/zod-config.ts";
import { z } from "zod";
import { AUDIT_KINDS, type AuditKind } from "#app/content/audit.ts";

// The audit log's filters, read from the query string (a GET form): a
// person, a kind and a period of whole days (UTC), each optional.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const Day = z
  .string()
  .regex(DAY, { error: "Please enter a date as YYYY-MM-DD" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    error: "Please enter a real date",
  });

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    schema.optional(),
  );

export const AuditFilterSchema = z
  .object({
    person: optional(z.uuid({ error: "Please choose a person from the list" })),
    kind: optional(
      z.enum(Object.keys(AUDIT_KINDS) as [AuditKind, ...AuditKind[]], {
        error: "Please choose a kind from the list",
      }),
    ),
    from: optional(Day),
    to: optional(Day),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ["to"],
    error: "The period ends before it starts",
  });

export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** The filters of a query string, or the first message saying what is wrong. */
export function parseAuditFilter(
  params: URLSearchParams,
): { filter: AuditFilter; error: null } | { filter: null; error: string } {
  const parsed = AuditFilterSchema.safeParse({
    person: params.get("person") ?? undefined,
    kind: params.get("kind") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  });
  if (parsed.success) return { filter: parsed.data, error: null };
  return {
    filter: null,
    error: parsed.error.issues[0]?.message ?? "Invalid filter",
  };
}

/** The list's address for filters and a page position. */
export function auditHref(
  path: string,
  filter: AuditFilter,
  position: { page?: number; after?: string; before?: string } = {},
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...position })) {
    if (value !== undefined && value !== "" && !(key === "page" && value === 1))
      params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
