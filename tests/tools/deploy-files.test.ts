// No Docker engine runs here, so the deployment files are checked for what
// they promise: every file and script they name exists, and the ports agree.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const read = (path: string) => readFileSync(root + path, "utf8");
const pkg = JSON.parse(read("package.json")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");

  it("builds on Node 24 slim in stages and runs as a non-root user", () => {
    expect(dockerfile).toMatch(/^FROM node:24-slim AS base$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/PORT=3000/);
  });

  it("copies only files that exist and starts the production server", () => {
    for (const [, source] of dockerfile.matchAll(
      /^COPY (?!--from)(.+) \.\/$/gm,
    )) {
      for (const file of source!.split(/\s+/))
        expect(existsSync(root + file), file).toBe(true);
    }
    // As npm start and the tools start it: stock Node, no flags.
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual([
      "node",
      "app/server/production.ts",
    ]);
    expect(dockerfile).toMatch(
      /^COPY --from=build \/app\/app\/server \/app\/app\/server$/m,
    );
    expect(pkg.scripts.build).toBe("react-router build");
  });

  it("gives the server everything it imports: its own folder and production dependencies", () => {
    const folder = "app/server/";
    const files = readdirSync(root + folder).filter(
      (name) => name.endsWith(".ts") && !name.endsWith(".test.ts"),
    );
    expect(files).toContain("production.ts");
    for (const file of files) {
      const source = read(folder + file);
      for (const [, specifier = ""] of source.matchAll(
        /^import (?!type )[^;]*? from "([^"]+)";/gms,
      )) {
        if (specifier.startsWith("node:")) continue;
        if (specifier.startsWith("./")) {
          expect(existsSync(root + folder + specifier), specifier).toBe(true);
          continue;
        }
        // Only app/server is copied into the image, and only production
        // dependencies are installed there.
        const name = specifier.startsWith("@")
          ? specifier.split("/").slice(0, 2).join("/")
          : specifier.split("/")[0]!;
        expect(
          pkg.dependencies[name],
          `${file} imports ${specifier}`,
        ).toBeDefined();
      }
    }
  });
});

describe("fly.toml", () => {
  const fly = read("fly.toml");

  it("serves the internal port 3000 over https with a health check on /healthz", () => {
    expect(fly).toMatch(/internal_port = 3000/);
    expect(fly).toMatch(/force_https = true/);
    expect(fly).toMatch(/auto_stop_machines = "stop"/);
    expect(fly).toMatch(/auto_start_machines = true/);
    expect(fly).toMatch(/path = "\/healthz"/);
    expect(fly).toMatch(/strategy = "rolling"/);
    expect(existsSync(root + "app/routes/healthz.ts")).toBe(true);
    expect(read("app/routes.ts")).toContain('route("healthz"');
  });
});

describe("environment variable names", () => {
  // One name per variable, whatever its spelling: the app accepts a legacy
  // project's JWT keys in place of the publishable and secret keys.
  const LEGACY: Record<string, string> = {
    SUPABASE_ANON_KEY: "SUPABASE_PUBLISHABLE_KEY",
    SUPABASE_SERVICE_ROLE_KEY: "SUPABASE_SECRET_KEY",
  };
  const canonical = (name: string) => LEGACY[name] ?? name;
  // What the platform gives every function (supabase/cli functions serve).
  const PLATFORM_INJECTED = new Set([
    "SUPABASE_URL",
    "SUPABASE_ANON_KEY",
    "SUPABASE_SERVICE_ROLE_KEY",
    "SUPABASE_PUBLISHABLE_KEYS",
    "SUPABASE_SECRET_KEYS",
    "SUPABASE_DB_URL",
  ]);
  const NAME = "[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+";
  const all = (text: string, pattern: RegExp) =>
    [...text.matchAll(pattern)].map((m) => m.slice(1).find(Boolean)!);
  const sourceFiles = (dir: string): string[] =>
    readdirSync(root + dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sourceFiles(`${dir}/${entry.name}`)
        : /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")
          ? [`${dir}/${entry.name}`]
          : [],
    );

  const example = read(".env.example");
  const assigned = new Set(all(example, new RegExp(`^(${NAME})=`, "gm")));
  const readme = read("README.md");
  const deployStart = readme.indexOf("## Deploy\n");
  const nextSection = readme.indexOf("\n## ", deployStart + 1);
  const deploy = readme.slice(
    deployStart,
    nextSection === -1 ? undefined : nextSection,
  );
  const schemaText = read("app/utils/env.server.ts");
  const schemaStart = schemaText.indexOf("z.object({");
  const schema = schemaText.slice(
    schemaStart,
    schemaText.indexOf("\n});", schemaStart),
  );
  const validated = all(schema, new RegExp(`^ {2}(${NAME}|NODE_ENV):`, "gm"));
  const functionReads = new Set(
    sourceFiles("supabase/functions").flatMap((file) =>
      all(
        read(file),
        new RegExp(
          `\\benv\\.(${NAME})\\b|Deno\\.env\\.get\\("(${NAME})"\\)`,
          "g",
        ),
      ),
    ),
  );
  const processReads = new Set(
    ["app", "supabase/local", "tests"].flatMap((dir) =>
      sourceFiles(dir).flatMap((file) =>
        all(read(file), new RegExp(`process\\.env\\.(${NAME})\\b`, "g")),
      ),
    ),
  );

  it("keeps the README to 10 KB, so it is read", () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(10_000);
  });

  it("finds the names it compares", () => {
    expect(deploy).toContain("fly secrets set");
    expect(validated.length).toBeGreaterThan(5);
    expect(functionReads.size).toBeGreaterThan(2);
  });

  it("lists every variable the app validates in .env.example, legacy keys by their new names", () => {
    for (const name of validated.filter((n) => n !== "NODE_ENV")) {
      expect([...assigned], name).toContain(canonical(name));
      if (name in LEGACY) expect(example, name).toContain(name);
    }
  });

  it("gives the functions' own secrets in .env.example and in the Deploy section's `supabase secrets set`", () => {
    const secretsStep = deploy.slice(deploy.indexOf("supabase secrets set"));
    for (const name of functionReads) {
      if (PLATFORM_INJECTED.has(name)) continue;
      expect([...assigned], name).toContain(name);
      expect(secretsStep, name).toMatch(new RegExp(`\\b${name}=`));
    }
  });

  it("reads every variable .env.example assigns, in the app, the functions or the local tooling", () => {
    const read = new Set(
      [...validated, ...functionReads, ...processReads].map(canonical),
    );
    for (const name of assigned) expect([...read], name).toContain(name);
  });

  it("sets on Fly only variables the app validates, and every one production requires", () => {
    const flyStep = deploy.slice(
      deploy.indexOf("fly secrets set"),
      deploy.indexOf("```", deploy.indexOf("fly secrets set")),
    );
    const flySecrets = all(flyStep, new RegExp(`\\b(${NAME})=`, "g"));
    const known = validated.map(canonical);
    for (const name of flySecrets) expect(known, name).toContain(name);
    // Required in production: no default and not optional (devDefault has no default there).
    const entries = schema.split(new RegExp(`\n(?= {2}(?:${NAME}|NODE_ENV):)`));
    for (const entry of entries.slice(1)) {
      const name = /^ {2}([A-Z0-9_]+):/.exec(entry)![1]!;
      if (/\.optional\(\)|\.default\(/.test(entry)) continue;
      expect(flySecrets, name).toContain(canonical(name));
    }
  });

  it("names in the Deploy section only variables that exist", () => {
    const known = new Set([
      ...assigned,
      ...PLATFORM_INJECTED,
      ...Object.keys(LEGACY),
    ]);
    for (const name of all(deploy, new RegExp(`\\b(${NAME})\\b`, "g")))
      expect([...known], name).toContain(name);
  });
});
