// The "sign-in" project: one sign-in per role per run, through the real
// /auth form post. Specs that only need to be someone reuse these cookies
// (`test.use({ storageState: storageStateFor("admin") })`) instead of signing
// in again in every test; a spec about signing in or out signs in itself.
import { signInRequest, type Account } from "./auth-helpers.ts";
import { storageStateFor } from "./e2e-env.ts";
import { test } from "./fixtures.ts";

const ROLES: Account[] = ["admin", "author"];

for (const account of ROLES) {
  test(`sign in as ${account} once for the run`, async ({ request }) => {
    await signInRequest(request, account);
    await request.storageState({ path: storageStateFor(account) });
  });
}
