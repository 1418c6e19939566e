import { parseArgs } from "node:util";
import { printDemoAccounts } from "./demo-accounts.ts";
import { startLocalSupabase } from "./server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "data-dir": { type: "string" },
    reset: { type: "boolean", default: false },
    "reset-only": { type: "boolean", default: false },
    quiet: { type: "boolean", default: false },
  },
});

const resetOnly = values["reset-only"];
const supabase = await startLocalSupabase({
  port: values.port ? Number(values.port) : resetOnly ? 0 : undefined,
  dataDir: values["data-dir"],
  reset: values.reset || resetOnly,
  log: !values.quiet,
});

if (resetOnly) {
  await supabase.stop();
  console.log("Local database wiped, migrated and seeded.");
  printDemoAccounts();
} else {
  console.log(`SUPABASE_URL=${supabase.url}`);
  console.log(`SUPABASE_PUBLISHABLE_KEY=${supabase.publishableKey}`);
  console.log(`SUPABASE_SECRET_KEY=${supabase.secretKey}`);
  printDemoAccounts();
  const shutdown = () => {
    void supabase.stop().then(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}
