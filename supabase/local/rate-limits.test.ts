import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-support.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

describe("rate_limit_hit", () => {
  it("counts each key's hits in one window and says when it starts over", async () => {
    const service = server.service();
    const call = (increment: number) =>
      service.rpc("rate_limit_hit", {
        p_keys: ["form:1.2.3.4", "form:5.6.7.8"],
        p_window_seconds: 60,
        p_increment: increment,
      });
    await call(1);
    await call(1);
    const { data, error } = await call(0);
    expect(error).toBeNull();
    const rows = data as { key: string; hits: number; retry_after: number }[];
    expect(rows.map((row) => [row.key, row.hits]).sort()).toEqual([
      ["form:1.2.3.4", 2],
      ["form:5.6.7.8", 2],
    ]);
    for (const row of rows) {
      expect(row.retry_after).toBeGreaterThan(0);
      expect(row.retry_after).toBeLessThanOrEqual(60);
    }
  });

  it("starts a window over once it has expired, deleting the old one", async () => {
    const service = server.service();
    const hit = () =>
      service.rpc("rate_limit_hit", {
        p_keys: ["short"],
        p_window_seconds: 1,
      });
    await hit();
    await hit();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const { data } = await hit();
    expect((data as { hits: number }[])[0]?.hits).toBe(1);
  });

  it("forgets a key on reset", async () => {
    const service = server.service();
    const hit = () =>
      service.rpc("rate_limit_hit", {
        p_keys: ["reset-me"],
        p_window_seconds: 60,
      });
    await hit();
    await service.rpc("rate_limit_reset", { p_keys: ["reset-me"] });
    const { data } = await hit();
    expect((data as { hits: number }[])[0]?.hits).toBe(1);
  });

  it("is not callable, nor its table readable, with the public or a user's key", async () => {
    const clients = [server.anon(), await server.signedIn("admin")];
    for (const client of clients) {
      const hit = await client.rpc("rate_limit_hit", {
        p_keys: ["x"],
        p_window_seconds: 60,
      });
      expect(hit.error).not.toBeNull();
      const reset = await client.rpc("rate_limit_reset", { p_keys: ["x"] });
      expect(reset.error).not.toBeNull();
      const read = await client.from("rate_limits").select("*");
      expect(read.data ?? []).toEqual([]);
    }
  });
});

describe("password sign-in timing", () => {
  it("answers an unknown e-mail as slowly as a wrong password", async () => {
    const client = server.anon();
    const time = async (email: string) => {
      const started = performance.now();
      const { error } = await client.auth.signInWithPassword({
        email,
        password: "not-the-password",
      });
      expect(error?.message).toBe("Invalid login credentials");
      return performance.now() - started;
    };
    // Interleaved, so a busy machine slows both alike.
    const wrong: number[] = [];
    const unknowns: number[] = [];
    for (let i = 0; i < 7; i++) {
      wrong.push(await time("admin@example.com"));
      unknowns.push(await time("nobody-here@example.com"));
    }
    const median = (samples: number[]) =>
      samples.sort((a, b) => a - b)[samples.length >> 1]!;
    const wrongPassword = median(wrong);
    const unknown = median(unknowns);
    expect(unknown).toBeGreaterThan(wrongPassword * 0.6);
  });
});
