import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

// `npm run lint` refuses a regular expression that can backtrack on what a
// visitor sends: the rule is on for the code that serves requests.

const eslint = new ESLint({
  cwd: new URL("../../", import.meta.url).pathname,
  overrideConfigFile: "tests/config/eslint.config.js",
});

async function ruleIds(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe("the regular-expression lint", () => {
  test("fails on a planted super-linear pattern in served code", async () => {
    for (const filePath of [
      "app/routes/planted.ts",
      "supabase/functions/_shared/planted.ts",
    ]) {
      expect(
        await ruleIds(
          'export const strip = (html: string) => html.replace(/<[^>]*>/g, "");\n',
          filePath,
        ),
      ).toContain("regexp/no-super-linear-move");
      expect(
        await ruleIds(
          "export const pair = (line: string) => /^(\\w+)\\s*=\\s*(.+)\\s*$/.exec(line);\n",
          filePath,
        ),
      ).toContain("regexp/no-super-linear-backtracking");
    }
  });

  test("passes the linear scans that replaced them", async () => {
    expect(
      await ruleIds(
        'export const words = (text: string) => text.replace(/\\s+/g, " ");\n',
        "app/routes/planted.ts",
      ),
    ).toEqual([]);
  });
});
