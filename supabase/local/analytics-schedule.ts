import type { Database } from "./database.ts";

/**
 * A hosted project runs analytics_rotate from pg_cron every five minutes
 * (supabase/migrations/20261129300000_visitor_analytics.sql): the day's salt, the 48-hour salt deletion, the daily roll-up and the 30-day
 * deletion of hits. The embedded database has no pg_cron, so its server keeps
 * the same schedule itself. LOCAL_ANALYTICS_INTERVAL_MS shortens it.
 */
export const ANALYTICS_SCHEDULE_MS = 5 * 60_000;

export function startAnalyticsSchedule(
  db: Database,
  intervalMs: number,
  log: (message: string) => void,
) {
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      await db.admin((tx) => tx.query("select public.analytics_rotate()"));
    } catch (error) {
      log(`analytics_rotate failed: ${String(error)}`);
    }
  };
  const timer = setInterval(() => {
    running ??= run().finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
