// The load balancer's health check: it answers as long as the app process can
// serve requests. It deliberately does not call Supabase, so a backend outage
// does not take down the marketing pages that need no data.
export function loader() {
  return Response.json(
    { status: "ok", uptime: Math.round(process.uptime()) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
