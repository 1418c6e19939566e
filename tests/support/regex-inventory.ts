// Every regular expression literal in the code that serves requests (app/
// and supabase/functions/, tests aside), and the inputs an attacker would
// send one: 100,000 characters of one kind, or of a short pair, ending in
// something the pattern cannot match. The lint (eslint-plugin-regexp) says
// no pattern can backtrack; app/lib/linear-patterns.test.ts runs each on
// these inputs, and `npm run bench:stall` times the slowest.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = new URL("../../", import.meta.url).pathname;
const SERVED = ["app", "supabase/functions"];

export type FoundPattern = { where: string; pattern: RegExp };

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap(
    (entry) => {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) return sourceFiles(relative);
      return /\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith(".test.ts") &&
        !entry.name.endsWith(".d.ts") &&
        entry.name !== "database.types.ts"
        ? [relative]
        : [];
    },
  );
}

/** Each regular expression literal of the served code, with where it is. */
export function servedPatterns(): FoundPattern[] {
  const found: FoundPattern[] = [];
  for (const file of SERVED.flatMap(sourceFiles)) {
    const text = readFileSync(path.join(root, file), "utf8");
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(source);
        const slash = literal.lastIndexOf("/");
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push({
          where: `${file}:${line + 1}`,
          pattern: new RegExp(
            literal.slice(1, slash),
            literal.slice(slash + 1),
          ),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const LENGTH = 100_000;
const UNITS = [
  "<",
  " ",
  "\t",
  "\n",
  "a",
  "0",
  "/",
  ".",
  "-",
  "=",
  '"',
  "&",
  "@",
  ",",
  ":",
  "#",
  "%",
  "<a",
  "a=",
  "&#",
  "<img ",
  ' alt="',
  "a.",
  "a@",
  "\u2028",
  "\u0001",
];

/** The adversarial inputs: each unit repeated to 100,000 characters, then a character that ends no pattern. */
export function adversarialInputs() {
  return UNITS.map((unit) => ({
    label: JSON.stringify(unit),
    input: `${unit.repeat(Math.ceil(LENGTH / unit.length)).slice(0, LENGTH)}\u0000!`,
  }));
}

/** Runs one pattern over one input the ways the code does: a test, a search, a replace. */
export function runOn(pattern: RegExp, input: string) {
  const copy = new RegExp(pattern.source, pattern.flags);
  if (copy.global || copy.sticky) return input.replace(copy, "").length;
  return copy.exec(input)?.index ?? -1;
}
