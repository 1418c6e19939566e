// The load generator of `npm run bench`: Debian's wrk, written in C, which
// drives a one-core nginx several times past what the site reaches (the
// bench prints that line), so the figures are the server's and not the
// generator's. Pinned to its own core (taskset) while the server under
// measure has the other.
import { spawn } from "node:child_process";
import { ensureDebianPackages } from "#tests/support/debian.ts";

export const WRK = "/usr/bin/wrk";

export type WrkResult = {
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors, timeouts and answers other than 2xx or 3xx. */
  errors: number;
};

/** Milliseconds from wrk's "12.34us", "1.20ms" or "2.01s". */
function ms(latency: string) {
  const match = /^([\d.]+)(us|ms|s)$/.exec(latency);
  if (!match)
    throw new Error(`wrk printed a latency it did not explain: ${latency}`);
  const unit = match[2] as "us" | "ms" | "s";
  const factor = { us: 1, ms: 1000, s: 1_000_000 }[unit];
  // In whole microseconds first, so 2.01s is 2010 ms and not 2009.999….
  return Math.round(Number(match[1]) * factor) / 1000;
}

/** Reads the summary `wrk --latency` prints. */
export function parseWrk(output: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output)?.[1];
  const p50 = /^\s+50%\s+(\S+)/m.exec(output)?.[1];
  const p99 = /^\s+99%\s+(\S+)/m.exec(output)?.[1];
  if (!rps || !p50 || !p99)
    throw new Error(`wrk printed no summary:\n${output}`);
  const socket =
    /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
      output,
    );
  const non2xx = Number(
    /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0,
  );
  const socketErrors = socket
    ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0)
    : 0;
  return {
    rps: Number(rps),
    p50: ms(p50),
    p99: ms(p99),
    errors: socketErrors + non2xx,
  };
}

export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

export function ensureWrk() {
  return ensureDebianPackages(WRK, ["wrk"]);
}

/**
 * `connections` connections for `seconds` against `url` from one wrk thread
 * on `cpu`, asking for compression as browsers do, with a browser's User-Agent.
 */
export function wrk(
  url: string,
  {
    seconds,
    connections,
    cpu,
    headers = [],
  }: {
    seconds: number;
    connections: number;
    cpu: number;
    /** More request headers, as `Name: value`. */
    headers?: string[];
  },
): Promise<WrkResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "taskset",
      [
        "-c",
        String(cpu),
        WRK,
        "-t1",
        `-c${connections}`,
        // wrk takes whole seconds only.
        `-d${Math.max(1, Math.round(seconds))}s`,
        "--latency",
        "-H",
        "Accept-Encoding: br, gzip",
        // A browser's, so the server counts each request as a page view
        // where it counts them (decision 160).
        "-H",
        `User-Agent: ${BROWSER_USER_AGENT}`,
        ...headers.flatMap((header) => ["-H", header]),
        url,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`wrk exited with ${code}:\n${output}`));
      else resolve(parseWrk(output));
    });
  });
}
