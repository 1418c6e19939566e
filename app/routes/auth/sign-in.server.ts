import { getServiceClient } from "#app/utils/service-client.server.ts";

/**
 * A refused sign-in, into the audit log before the visitor is answered
 * (docs/decisions/231): Supabase Auth records successful ones itself (a new
 * session), but keeps no row for a refusal. The address is the one typed,
 * which the form's schema already required to be an e-mail address.
 */
export async function recordFailedSignIn(email: string) {
  const service = getServiceClient();
  if (!service) return;
  const { error } = await service.rpc("record_failed_sign_in", {
    p_email: email,
  });
  if (error) console.error("recording a failed sign-in:", error.message);
}
