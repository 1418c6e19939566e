import { expect, test } from "vitest";
import { parseWrk } from "./wrk.ts";

test("reads wrk's summary: rate, median and 99th percentile, errors", () => {
  const output = `Running 5s test @ http://127.0.0.1:5141/page-0.html
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.02ms  301.25us   9.87ms   90.12%
    Req/Sec    49.10k     2.01k   52.00k    70.00%
  Latency Distribution
     50%  980.00us
     75%    1.10ms
     90%    1.30ms
     99%    2.01s
  244321 requests in 5.00s, 3.01GB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  48860.21
Transfer/sec:    602.12MB
`;
  expect(parseWrk(output)).toEqual({
    rps: 48860.21,
    p50: 0.98,
    p99: 2010,
    errors: 7,
  });
  expect(() => parseWrk("wrk: connection refused")).toThrow(/no summary/);
});
