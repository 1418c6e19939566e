// `npm audit` of what ships (no dev dependencies): prints the advisories by
// severity and fails on any high or critical one. When the advisory service
// cannot be reached (offline, or a registry mirror without the audit API) it
// says so and does not fail: that is no finding about the code.
import { spawnSync } from "node:child_process";

const root = new URL("../../", import.meta.url).pathname;
const result = spawnSync("npm", ["audit", "--omit=dev", "--json"], {
  cwd: root,
  encoding: "utf8",
  timeout: 120_000,
});

type Report = {
  metadata?: { vulnerabilities?: Record<string, number> };
  message?: string;
  error?: { summary?: string };
};

function parse(stdout: string): Report {
  try {
    return JSON.parse(stdout || "{}") as Report;
  } catch {
    return { message: stdout.slice(0, 200) };
  }
}
const report = parse(result.stdout ?? "");

const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const reason =
    report.message ||
    report.error?.summary ||
    result.error?.message ||
    result.stderr.trim().split("\n").pop() ||
    "no report";
  console.info(
    `npm audit --omit=dev: the advisory service could not be reached (${reason}); not counted as a failure.`,
  );
  process.exit(0);
}

const line = ["critical", "high", "moderate", "low", "info"]
  .map((severity) => `${severity} ${counts[severity] ?? 0}`)
  .join(", ");
console.info(`npm audit --omit=dev: ${line}`);
const blocking = (counts.critical ?? 0) + (counts.high ?? 0);
if (blocking > 0) {
  console.error(
    `${blocking} high or critical advisories: run \`npm audit --omit=dev\` for details.`,
  );
  process.exit(1);
}
