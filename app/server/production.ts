// `node app/server/production.ts`: serves the production build (build/) on
// PORT and HOST. The Docker image and `npm start` both run this.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createServer } from "node:http";
import { createRequestListener, serverOptions } from "./http-server.ts";

process.env.NODE_ENV ??= "production";
const buildUrl = pathToFileURL(path.resolve("build/server/index.js")).href;
const build = (await import(buildUrl)) as ServerBuild;
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const { flushAnalytics } = build.entry.module as {
  flushAnalytics?: () => Promise<void>;
};
const server = createServer(
  serverOptions(),
  createRequestListener(build, path.resolve("build/client")),
);
server.listen(port, host, () =>
  console.info(`[server] http://${host}:${port}`),
);
server.once("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EADDRINUSE") throw error;
  console.error(
    `Port ${port} on ${host} is already in use: stop the program that holds it, or start the site on another port with PORT=${port + 1}.`,
  );
  process.exit(1);
});
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    // The last few seconds' page views go to Postgres before the process ends.
    server.close(() => {
      void Promise.resolve(flushAnalytics?.()).finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  });
}
