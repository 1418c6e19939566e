import { existsSync } from "node:fs";
import path from "node:path";
import type { ServerContext } from "./context.ts";

/**
 * A hosted project runs send-notifications from pg_cron every minute ('* * * * *'
 * in supabase/migrations/20261126000100_submission_keys_and_notifications.sql).
 * The embedded database has no pg_cron, so its server keeps the same schedule
 * itself, calling the function over HTTP with the secret key as pg_net does.
 * LOCAL_NOTIFICATIONS_INTERVAL_MS shortens it for tests.
 */
export const NOTIFICATION_SCHEDULE_MS = 60_000;

export function startNotificationSchedule(
  ctx: ServerContext,
  intervalMs: number,
) {
  const entry = path.join(ctx.functionsDir, "send-notifications", "index.ts");
  if (!existsSync(entry)) return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      const response = await fetch(
        `${ctx.url}/functions/v1/send-notifications`,
        {
          method: "POST",
          headers: {
            apikey: ctx.secretKey,
            ...(ctx.legacyKeys
              ? { Authorization: `Bearer ${ctx.secretKey}` }
              : {}),
            "Content-Type": "application/json",
          },
          body: "{}",
          signal: AbortSignal.timeout(Math.max(intervalMs, 55_000)),
        },
      );
      const report = await response.text();
      if (!response.ok) {
        ctx.log(`send-notifications answered ${response.status}: ${report}`);
      } else if (!/"claimed":0\b/.test(report)) {
        ctx.log(`send-notifications: ${report}`);
      }
    } catch (error) {
      ctx.log(`send-notifications failed: ${String(error)}`);
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
