// The demo accounts supabase/seed.sql creates, defined once for the embedded
// server's output, its tests and the end-to-end specs.

export const DEMO_ACCOUNTS = {
  admin: {
    email: "admin@example.com",
    id: "a0000000-0000-4000-8000-000000000001",
    role: "team member (admin)",
  },
  author: {
    email: "author@example.com",
    id: "a0000000-0000-4000-8000-000000000002",
    role: "author",
  },
  reader: {
    email: "reader@example.com",
    id: "a0000000-0000-4000-8000-000000000003",
    role: "regular platform user",
  },
} as const;

/** seed.sql's password for them, LOCAL_DEMO_PASSWORD when set. */
export function demoPassword() {
  return process.env.LOCAL_DEMO_PASSWORD || "demo-password";
}

export function printDemoAccounts(print: (line: string) => void = console.log) {
  print("Local demo accounts (password: " + demoPassword() + "):");
  for (const account of Object.values(DEMO_ACCOUNTS))
    print(`  ${account.email.padEnd(22)} ${account.role}`);
}
