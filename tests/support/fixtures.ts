import { test as base } from "@playwright/test";

// The app rate-limits by client address (the Fly-Client-IP header in
// production). Every test gets an address of its own so tests never share a
// budget; a test about the limit itself can still send many requests from one.
let counter = 0;

export function uniqueClientIp(workerIndex: number) {
  counter += 1;
  return `10.${workerIndex % 250}.${Math.floor(counter / 250) % 250}.${counter % 250}`;
}

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({
      ...extraHTTPHeaders,
      "fly-client-ip": uniqueClientIp(testInfo.workerIndex),
    });
  },
});

export { expect } from "@playwright/test";
