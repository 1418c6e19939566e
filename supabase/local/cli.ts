import { parseArgs } from "node:util";
import { printDemoAccounts } from "./demo-accounts.ts";
import { startLocalSupabase, type LocalSupabase } from "./server.ts";
import { isStartError } from "./start-errors.ts";

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
let supabase: LocalSupabase;
try {
  supabase = await startLocalSupabase({
    port: values.port
      ? Number(values.port)
      : resetOnly
        ? 0
        : Number(process.env.LOCAL_SUPABASE_PORT) || undefined,
    dataDir: values["data-dir"] ?? process.env.LOCAL_SUPABASE_DATA_DIR,
    reset: values.reset || resetOnly,
    log: !values.quiet,
  });
} catch (error) {
  if (!isStartError(error)) throw error;
  console.error(error.message);
  process.exit(1);
}

if (resetOnly) {
  await supabase.stop();
  console.log("Local database wiped, migrated and seeded.");
  printDemoAccounts();
} else {
  console.log(`SUPABASE_URL=${supabase.url}`);
  console.log(`SUPABASE_PUBLISHABLE_KEY=${supabase.publishableKey}`);
  console.log(`SUPABASE_SECRET_KEY=${supabase.secretKey}`);
  console.log(
    `Mailbox (every e-mail the functions send): ${supabase.mailboxUrl}`,
  );
  printDemoAccounts();
  const shutdown = () => {
    void supabase.stop().then(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}
