import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One edge function as the Supabase CLI deploys it. */
export type FunctionConfig = {
  name: string;
  /** Absolute path of the entry module (index.ts unless config.toml names another). */
  entrypoint: string;
  /** The deno.json(c) or import map the CLI bundles the function with; null for none. */
  importMap: string | null;
  verifyJwt: boolean;
};

/**
 * The `[functions.<name>]` tables of supabase/config.toml. Only the keys the
 * CLI reads for a function (verify_jwt, import_map, entrypoint, enabled) are
 * understood, which keeps this free of a TOML dependency.
 */
function readFunctionTables(configToml: string) {
  const tables = new Map<string, Record<string, string | boolean>>();
  let current: Record<string, string | boolean> | null = null;
  for (const raw of configToml.split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").trim();
    if (!line || line.startsWith("#")) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      const match = /^functions\.("?)([^"]+)\1$/.exec(header[1]!.trim());
      current = match ? {} : null;
      if (match) tables.set(match[2]!, current!);
      continue;
    }
    const pair = /^([A-Za-z_]+)\s*=\s*(.+)$/.exec(line);
    if (!current || !pair) continue;
    const value = pair[2]!.trim();
    if (value === "true" || value === "false")
      current[pair[1]!] = value === "true";
    else if (/^"[^"]*"$/.test(value)) current[pair[1]!] = value.slice(1, -1);
  }
  return tables;
}

/**
 * Every deployable function under `functionsDir` (folders not starting with
 * "_" or "."), resolved with the precedence of `supabase functions deploy`
 * (supabase/cli internal/functions/deploy): `import_map` from config.toml
 * (relative to the supabase folder), else the function's own deno.json,
 * deno.jsonc or import_map.json, else functions/import_map.json. A function
 * missing from config.toml keeps `verify_jwt = true`, as the CLI does.
 */
export function readFunctionConfigs(
  functionsDir: string,
  configTomlPath = path.join(functionsDir, "..", "config.toml"),
): Map<string, FunctionConfig> {
  const tables = existsSync(configTomlPath)
    ? readFunctionTables(readFileSync(configTomlPath, "utf8"))
    : new Map<string, Record<string, string | boolean>>();
  const supabaseDir = path.dirname(configTomlPath);
  const fallbackImportMap = path.join(functionsDir, "import_map.json");
  const configs = new Map<string, FunctionConfig>();
  for (const entry of readdirSync(functionsDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || /^[_.]/.test(entry.name)) continue;
    const name = entry.name;
    const dir = path.join(functionsDir, name);
    const table = tables.get(name) ?? {};
    if (table.enabled === false) continue;
    const entrypoint =
      typeof table.entrypoint === "string"
        ? path.resolve(supabaseDir, table.entrypoint)
        : path.join(dir, "index.ts");
    if (!existsSync(entrypoint)) continue;
    const importMap =
      typeof table.import_map === "string"
        ? path.resolve(supabaseDir, table.import_map)
        : ([
            path.join(dir, "deno.json"),
            path.join(dir, "deno.jsonc"),
            path.join(dir, "import_map.json"),
            fallbackImportMap,
          ].find((candidate) => existsSync(candidate)) ?? null);
    configs.set(name, {
      name,
      entrypoint,
      importMap,
      verifyJwt: table.verify_jwt !== false,
    });
  }
  return configs;
}

/**
 * How Deno is told about a function's resolution: a deno.json(c) is a config
 * file, an import_map.json an import map; without either, no config at all,
 * so nothing outside what the CLI reads can resolve an import.
 */
export function denoResolutionArgs(config: FunctionConfig) {
  if (!config.importMap) return ["--no-config"];
  return /deno\.jsonc?$/.test(config.importMap)
    ? ["--config", config.importMap]
    : ["--no-config", "--import-map", config.importMap];
}
