// No Docker engine runs here, so the deployment files are checked for what
// they promise: every file and script they name exists, and the ports agree.
import { existsSync, readFileSync } from "node:fs";
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

  it("copies only files that exist and starts react-router-serve from production dependencies", () => {
    for (const [, source] of dockerfile.matchAll(
      /^COPY (?!--from)(.+) \.\/$/gm,
    )) {
      for (const file of source!.split(/\s+/))
        expect(existsSync(root + file), file).toBe(true);
    }
    expect(dockerfile).toContain('"./build/server/index.js"');
    expect(pkg.dependencies["@react-router/serve"]).toBeDefined();
    expect(pkg.scripts.build).toBe("react-router build");
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

describe(".env.example", () => {
  it("lists every variable the server validates", () => {
    const example = read(".env.example");
    const schema = read("app/utils/env.server.ts");
    const names = [...schema.matchAll(/^ {2}([A-Z_]+):/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names.filter((n) => n !== "NODE_ENV")) {
      expect(example, name).toMatch(new RegExp(`^${name}=`, "m"));
    }
  });
});
