import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Mantine's styles come one file per component (app/styles/mantine.css for
// every Mantine page, app/routes/tools/tools-mantine.css for the tools), and
// only the editor's own chunk loads the full set. A component whose file is
// missing renders unstyled without JavaScript, where the editor's chunk
// never loads: a checkbox's tick drawn the width of the page.

const root = resolve(import.meta.dirname, "../..");
const app = join(root, "app");
const stylesDir = join(root, "node_modules/@mantine/core/styles");
const EDITOR_CHUNK = join(app, "routes/blog/editor/rich-text-editor.tsx");
const TOOLS = [
  "routes/admin/",
  "routes/blog/editor/",
  "routes/pages/",
  "routes/tools/",
];
/** Components drawn with another component's classes as well as their own. */
const ALSO_NEEDS: Record<string, string[]> = {
  Checkbox: ["InlineInput"],
  Radio: ["InlineInput"],
  Switch: ["InlineInput"],
};

function imported(stylesheet: string) {
  const text = readFileSync(join(root, stylesheet), "utf8");
  return new Set(
    [...text.matchAll(/@mantine\/core\/styles\/(\w+)\.layer\.css/g)].map(
      ([, name = ""]) => name,
    ),
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx$/.test(entry.name) && !/\.test\./.test(entry.name)
      ? [path]
      : [];
  });
}

const withStyles = new Set(
  readdirSync(stylesDir)
    .filter((name) => name.endsWith(".layer.css"))
    .map((name) => name.replace(".layer.css", "")),
);

// The editor's chunk and the files only it imports load the full set.
const editorChunk = new Set([
  EDITOR_CHUNK,
  ...[
    ...readFileSync(EDITOR_CHUNK, "utf8").matchAll(/from "(\.\/[^"]+\.tsx)"/g),
  ].map(([, path = ""]) => resolve(dirname(EDITOR_CHUNK), path)),
]);

function componentsOf(file: string) {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/import\s*{([^}]*)}\s*from\s*"@mantine\/core"/g)]
    .flatMap(([, names = ""]) => names.split(","))
    .map((name) => name.trim())
    .filter((name) => /^[A-Z]/.test(name))
    .flatMap((name) => [name, ...(ALSO_NEEDS[name] ?? [])])
    .filter((name) => withStyles.has(name));
}

describe("Mantine's component styles", () => {
  const everyPage = imported("app/styles/mantine.css");
  const tools = imported("app/routes/tools/tools-mantine.css");

  it("are loaded for every component a page renders outside the editor", () => {
    const missing: string[] = [];
    for (const file of sources(app)) {
      if (editorChunk.has(file)) continue;
      const path = relative(app, file);
      const loaded = TOOLS.some((prefix) => path.startsWith(prefix))
        ? new Set([...everyPage, ...tools])
        : everyPage;
      for (const name of componentsOf(file)) {
        if (!loaded.has(name)) missing.push(`${path}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("are each a file Mantine ships", () => {
    for (const name of [...everyPage, ...tools]) {
      expect(withStyles.has(name), name).toBe(true);
    }
  });
});
