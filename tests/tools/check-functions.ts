// Type-checks and lints every edge function under Deno with exactly the import
// resolution `supabase functions deploy` bundles it with (supabase/local/
// function-config.ts), so a function that would not deploy fails `npm test`.
// Usage: node tests/tools/check-functions.ts [functions dir]
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  denoResolutionArgs,
  readFunctionConfigs,
} from "#supabase/local/function-config.ts";
import { denoBinary, denoEnv } from "#supabase/local/deno.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const functionsDir = path.resolve(
  process.argv[2] ?? path.join(root, "supabase/functions"),
);
const sharedDir = path.join(functionsDir, "_shared");

function deno(args: string[]) {
  return new Promise<boolean>((resolve) => {
    const child = spawn(denoBinary(), args, {
      cwd: root,
      env: denoEnv(),
      stdio: "inherit",
    });
    child.on("error", (error) => {
      console.error(`deno ${args[0]}: ${error.message}`);
      resolve(false);
    });
    child.on("close", (code) => resolve(code === 0));
  });
}

const started = Date.now();
const configs = [...readFunctionConfigs(functionsDir).values()];
if (configs.length === 0) {
  console.error(`No functions found under ${functionsDir}`);
  process.exit(1);
}
const failures: string[] = [];
for (const config of configs) {
  const resolution = denoResolutionArgs(config);
  const lintTargets = [path.dirname(config.entrypoint), sharedDir];
  console.info(
    `${config.name}: ${config.importMap ? path.relative(root, config.importMap) : "no import map"}`,
  );
  if (!(await deno(["check", "--frozen", ...resolution, config.entrypoint])))
    failures.push(`${config.name}: deno check`);
  if (!(await deno(["lint", ...resolution, ...lintTargets])))
    failures.push(`${config.name}: deno lint`);
}
// The worker that hosts a function in the embedded server runs under Deno too.
const worker = path.join(root, "supabase/local/function-worker.ts");
if (!(await deno(["check", "--no-config", worker])))
  failures.push("function-worker.ts: deno check");
if (!(await deno(["lint", "--no-config", worker])))
  failures.push("function-worker.ts: deno lint");

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length > 0) {
  console.error(`\nFunctions that would not deploy cleanly (${seconds} s):`);
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}
console.info(
  `\n${configs.length} functions type-check and lint as deployed (${seconds} s)`,
);
