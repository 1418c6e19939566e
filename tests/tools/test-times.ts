// Where `npm test`'s time went, from the JSON reports vitest and Playwright
// write: the slowest tests of the run, and the end-to-end test time per spec
// and project (the figure to compare when a spec is made cheaper).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export type Timed = { name: string; seconds: number };

type VitestReport = {
  testResults?: {
    name: string;
    assertionResults?: { fullName?: string; duration?: number | null }[];
  }[];
};

type PlaywrightSuite = {
  file?: string;
  specs?: {
    title: string;
    file: string;
    tests: {
      projectName: string;
      results: { duration: number }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
};

const root = new URL("../../", import.meta.url).pathname;

function readJson<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    // A runner stopped halfway through writing its report.
    return null;
  }
}

export function vitestTimes(file: string): Timed[] {
  const report = readJson<VitestReport>(file);
  return (report?.testResults ?? []).flatMap((result) =>
    (result.assertionResults ?? []).map((test) => ({
      name: `${path.relative(root, result.name)} › ${test.fullName ?? ""}`,
      seconds: (test.duration ?? 0) / 1000,
    })),
  );
}

/** Every run of every end-to-end test (a retry counts as a run), with its spec and project. */
export function playwrightTimes(
  file: string,
): (Timed & { spec: string; project: string })[] {
  const report = readJson<{ suites?: PlaywrightSuite[] }>(file);
  const out: (Timed & { spec: string; project: string })[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) {
          out.push({
            name: `[${test.projectName}] ${spec.file} › ${spec.title}`,
            spec: spec.file,
            project: test.projectName,
            seconds: result.duration / 1000,
          });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return out;
}

/** Test seconds per spec, each project apart, the costliest spec first. */
export function perSpec(times: ReturnType<typeof playwrightTimes>) {
  const specs = new Map<
    string,
    Map<string, { tests: number; seconds: number }>
  >();
  for (const time of times) {
    const projects = specs.get(time.spec) ?? new Map();
    const entry = projects.get(time.project) ?? { tests: 0, seconds: 0 };
    entry.tests += 1;
    entry.seconds += time.seconds;
    projects.set(time.project, entry);
    specs.set(time.spec, projects);
  }
  return [...specs]
    .map(([spec, projects]) => ({
      spec,
      projects: Object.fromEntries(projects),
      seconds: [...projects.values()].reduce((sum, p) => sum + p.seconds, 0),
    }))
    .sort((a, b) => b.seconds - a.seconds);
}

export function printSlowest(reports: {
  vitest: string[];
  playwright: string;
}) {
  const e2e = playwrightTimes(reports.playwright);
  const all = [...reports.vitest.flatMap(vitestTimes), ...e2e];
  if (all.length === 0) return;
  console.info("\n━━ ten slowest tests ━━");
  for (const test of all.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    console.info(`${test.seconds.toFixed(1).padStart(6)} s  ${test.name}`);
  if (e2e.length === 0) return;
  console.info("\n━━ end-to-end test time per spec ━━");
  for (const { spec, projects, seconds } of perSpec(e2e)) {
    const each = Object.entries(projects)
      .map(([name, p]) => `${name} ${p.tests} tests ${p.seconds.toFixed(0)} s`)
      .join(", ");
    console.info(`${seconds.toFixed(0).padStart(6)} s  ${spec} (${each})`);
  }
}

// `node tests/tools/test-times.ts [playwright.json]`: the same summary for a
// report of a run made by hand.
if (import.meta.url === `file://${process.argv[1]}`) {
  printSlowest({
    vitest: [],
    playwright:
      process.argv[2] ?? path.join(root, "tests/.output/playwright.json"),
  });
}
