import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CLIENT_ADDRESS_HEADER, nodeListener } from "./http.ts";

// The embedded server's edge, as the platform's: every service (and so each
// function's per-address limit) reads the address the request came from,
// never one the caller wrote.

const server = createServer(
  nodeListener(
    async (request) =>
      Response.json({
        address: request.headers.get(CLIENT_ADDRESS_HEADER),
      }),
    () => {},
  ),
);

beforeAll(() => new Promise<void>((resolve) => server.listen(0, resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("the caller's cf-connecting-ip is overwritten with the socket's address", async () => {
  const { port } = server.address() as AddressInfo;
  const answer = await fetch(`http://127.0.0.1:${port}/functions/v1/x`, {
    headers: { [CLIENT_ADDRESS_HEADER]: "198.51.100.7" },
  });
  const { address } = (await answer.json()) as { address: string };
  expect(address).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
});
