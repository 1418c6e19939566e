import type { Database } from "./database.ts";

/**
 * The database's own periodic work, which a hosted project runs from
 * pg_cron: analytics_rotate every five minutes (the day's salt, the 48-hour
 * salt deletion, the daily roll-up and the 30-day deletion of hits;
 * supabase/migrations/20261129300000_visitor_analytics.sql) and
 * delete_expired_submissions every hour
 * (supabase/migrations/20261130200200_retention.sql), and with it the audit
 * log's two years (private.delete_expired_audit_entries, daily on pg_cron;
 * supabase/migrations/20261201400100_audit_log.sql). The embedded database
 * has no pg_cron, so its server keeps the same schedules itself.
 * LOCAL_ANALYTICS_INTERVAL_MS and LOCAL_RETENTION_INTERVAL_MS shorten them.
 */
export const ANALYTICS_SCHEDULE_MS = 5 * 60_000;
export const RETENTION_SCHEDULE_MS = 60 * 60_000;

export function startSqlSchedule(
  db: Database,
  statement: string,
  intervalMs: number,
  log: (message: string) => void,
) {
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      await db.admin((tx) => tx.query(statement));
    } catch (error) {
      log(`${statement} failed: ${String(error)}`);
    }
  };
  const timer = setInterval(() => {
    // One run at a time, as one cron job is.
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
