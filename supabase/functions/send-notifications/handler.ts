import { refuseUnlessSecretKey } from "../_shared/api-key.ts";
import { jsonResponse } from "../_shared/cors.ts";
import type { FunctionHandler } from "../_shared/handler-types.ts";
import { sendDueNotifications } from "../_shared/notifications.ts";

type Dependencies = {
  /** How the e-mail provider is reached; tests replace it, nothing else. */
  providerFetch?: typeof fetch;
};

/**
 * The outbox's retry: sends every team notification that is due and records
 * each try. A schedule calls it every minute with the secret key (pg_cron and
 * pg_net on a hosted project, the embedded server's timer locally), so a
 * failed e-mail goes out once the provider is back, with nobody's request
 * waiting on it.
 */
export function createSendNotificationsHandler({
  providerFetch,
}: Dependencies = {}): FunctionHandler {
  return async (request, env) => {
    if (request.method !== "POST")
      return jsonResponse(405, { error: "Method not allowed" });
    const refused = refuseUnlessSecretKey(request, env);
    if (refused) return refused;
    // The body carries nothing; reading it lets the runtime reuse the connection.
    await request.arrayBuffer().catch(() => undefined);
    const report = await sendDueNotifications(env, { providerFetch });
    return jsonResponse(200, report);
  };
}

export default createSendNotificationsHandler();
