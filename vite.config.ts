import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { relative } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * Fewer, larger chunks for what the key pages load first (tests/tools/js-budget.ts):
 * React, React DOM, the scheduler and React Router in one `framework` chunk
 * (the default split made five files of them); root's small shared modules
 * in one `site` chunk (eight files); the marketing pages' section heading
 * in one `marketing` chunk; the blog pages' shared components and copy in
 * one `blog` chunk (six; the post date is formatted by its loader, so the
 * formatter stays with the editor's preview). One file compresses better than several and needs no
 * imports between them. Client build only.
 *
 * A group also takes its modules' CSS (and, by default, their imports), so
 * the groups are drawn to keep the public pages' stylesheets as they were:
 * the same files with the same contents, on the same routes. `site` holds
 * marketing.module.css alone, whose stylesheet keeps its old name. The team's
 * pages that show the blog's copy (the delete page, the editor's delete
 * control) load the blog's stylesheet with it, scoped class names they do not
 * use: a chunk of its own for the copy cost every blog page a file.
 */
function firstLoadChunks(): Plugin {
  const appModules =
    (...paths: string[]) =>
    (id: string) =>
      paths.some((path) => id.replaceAll("\\", "/").endsWith(`/app/${path}`));
  return {
    name: "first-load-chunks",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: "framework",
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                    priority: 4,
                  },
                  {
                    name: "site",
                    test: appModules(
                      "components/toast.tsx",
                      "components/icon.tsx",
                      "components/marketing/brand-mark.tsx",
                      "components/error-boundary.tsx",
                      "components/error-page.tsx",
                      "components/marketing/marketing.module.css",
                      "lib/meta.ts",
                      "utils/nonce-provider.tsx",
                      "content/site.ts",
                      "content/navigation.ts",
                    ),
                    priority: 3,
                  },
                  {
                    name: "marketing",
                    test: appModules(
                      "components/marketing/section-heading.tsx",
                    ),
                    priority: 1,
                  },
                  {
                    name: "blog",
                    test: appModules(
                      "routes/blog/blog-hero.tsx",
                      "routes/blog/tag-list.tsx",
                      "routes/blog/blog.module.css",
                      "lib/pagination.ts",
                      "content/blog.ts",
                      "routes/blog/delete-copy.ts",
                    ),
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}

/**
 * Modules the server runs in worker threads, built as entries of their own
 * beside the server build (`build/server/{name}.js`), where the module that
 * starts them looks: a worker cannot import a module out of the one-file
 * server bundle. In development and tests Node runs their sources.
 */
function serverWorkers(workers: Record<string, string>): Plugin {
  return {
    name: "server-workers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      for (const [name, source] of Object.entries(workers)) {
        this.emitFile({ type: "chunk", id: source, fileName: `${name}.js` });
      }
    },
  };
}

/**
 * A built CSS module's class names: the local name and four characters of a
 * hash of its file (relative to the project, so every machine builds the
 * same names). Vite's default adds the line number too
 * (`_cardCover_pymkv_72`): digits that differ for every class and do not
 * compress, in the class map every route's JavaScript carries. Development
 * keeps the default.
 */
function shortClassName(name: string, filename: string) {
  const file = relative(
    import.meta.dirname,
    filename.split("?")[0]!,
  ).replaceAll("\\", "/");
  return `${name}_${createHash("sha256").update(file).digest("base64url").slice(0, 4)}`;
}

/**
 * `animation-delay: 0` (Mantine's Loader) as `0s`: a time needs its unit,
 * and the W3C checker reports the bare 0 in every Mantine page's inlined
 * stylesheet. The same for any other time property.
 */
function timesWithUnits() {
  return {
    postcssPlugin: "times-with-units",
    Declaration(declaration: { prop: string; value: string }) {
      if (
        /^(animation|transition)(-delay|-duration)$/.test(declaration.prop) &&
        declaration.value.trim() === "0"
      ) {
        declaration.value = "0s";
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  // The React Router plugin compiles route modules for the app build; vitest
  // imports modules directly and must not go through it.
  plugins: process.env.VITEST
    ? []
    : [
        reactRouter(),
        firstLoadChunks(),
        serverWorkers({
          "sanitize-worker": "./app/routes/blog/sanitize-worker.ts",
        }),
      ],
  ssr: {
    // Node would resolve and load @mantine/core's hundreds of ESM files at
    // every start (1.8 s of a cold start on this machine); bundled, the
    // server build is one file to parse. Fly stops idle machines, so the
    // next visitor waits for the start (decision 084). @mantine/tiptap goes
    // with them: left outside, it would import a second @mantine/core,
    // without the bundled one's MantineProvider.
    noExternal: ["@mantine/core", "@mantine/hooks", "@mantine/tiptap"],
  },
  build: {
    // Keep asset hashes stable across machines and small enough to cache.
    assetsInlineLimit: 0,
  },
  css: {
    modules: command === "build" ? { generateScopedName: shortClassName } : {},
    postcss: { plugins: [timesWithUnits()] },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "supabase/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    environment: "node",
    // Server modules validate the environment on import; unit tests get the
    // placeholder that is no key of any server (nothing secret).
    env: {
      NODE_ENV: "test",
      SUPABASE_URL: "http://127.0.0.1:54321",
      SUPABASE_PUBLISHABLE_KEY: "sb_publishable_unit-test-placeholder",
    },
    testTimeout: 30_000,
    // A file's beforeAll starts an embedded server and signs its users in;
    // on a loaded machine that ran past a minute. The hook's timeout only
    // catches a hang.
    hookTimeout: 5 * 60_000,
    // The migrated and seeded cluster's snapshot, made once before any file
    // starts an embedded server from it.
    globalSetup: ["supabase/local/vitest-global-setup.ts"],
    // Vitest leaves one core to itself, which on two cores runs the files one
    // at a time; most of their time is spent waiting on a local Supabase, so
    // two at once on two cores take 126 s where one at a time took 218.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
}));
