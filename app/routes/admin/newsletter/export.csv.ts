import type { Route } from "./+types/export.csv";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { subscribersCsv } from "./subscribers.server.ts";

// Every subscriber with the consent evidence, for the team, as a download.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "newsletter");
  const csv = await subscribersCsv(getSupabase(context));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
