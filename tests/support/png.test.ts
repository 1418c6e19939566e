import { Resvg } from "@resvg/resvg-js";
import { deflateSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { decodePng, inkShare } from "./png.ts";

// 40×20: white, with a black 10×10 square whose top left is at (5, 10).
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
  <rect width="40" height="20" fill="#fff"/>
  <rect x="5" y="10" width="10" height="10" fill="#000"/>
</svg>`;

function chunk(type: string, body: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  // The decoder does not check CRCs.
  return Buffer.concat([head, body, Buffer.alloc(4)]);
}

describe("decodePng", () => {
  test("reads an RGBA PNG back pixel for pixel, whichever filters the encoder chose", () => {
    const pixels = decodePng(new Resvg(SVG).render().asPng());
    expect([pixels.width, pixels.height]).toEqual([40, 20]);
    const at = (x: number, y: number) => [
      ...pixels.data.subarray((y * 40 + x) * 4, (y * 40 + x) * 4 + 4),
    ];
    expect(at(0, 0)).toEqual([255, 255, 255, 255]);
    expect(at(5, 10)).toEqual([0, 0, 0, 255]);
    expect(at(14, 19)).toEqual([0, 0, 0, 255]);
    expect(at(15, 19)).toEqual([255, 255, 255, 255]);
  });

  test("reads RGB with every filter type", () => {
    // 2×5 RGB, one row per filter 0..4, each row's bytes chosen by hand.
    const rows = [0, 1, 2, 3, 4].map((filter) =>
      Buffer.from([filter, 10, 20, 30, 5, 5, 5]),
    );
    const header = Buffer.alloc(13);
    header.writeUInt32BE(2, 0);
    header.writeUInt32BE(5, 4);
    header[8] = 8;
    header[9] = 2;
    const png = Buffer.concat([
      Buffer.from("89504e470d0a1a0a", "hex"),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.concat(rows))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const { data } = decodePng(png);
    const rgb = (index: number) => [...data.subarray(index * 4, index * 4 + 3)];
    // none
    expect([rgb(0), rgb(1)]).toEqual([
      [10, 20, 30],
      [5, 5, 5],
    ]);
    // sub: the second pixel adds the first
    expect([rgb(2), rgb(3)]).toEqual([
      [10, 20, 30],
      [15, 25, 35],
    ]);
    // up: each adds the pixel above
    expect([rgb(4), rgb(5)]).toEqual([
      [20, 40, 60],
      [20, 30, 40],
    ]);
    // average: the floor of (left + up) / 2, e.g. (20 + 20) / 2 + 5 = 25
    expect([rgb(6), rgb(7)]).toEqual([
      [20, 40, 60],
      [25, 40, 55],
    ]);
    // paeth: the first pixel takes up (left and up-left are 0); the second
    // takes left in every channel (estimates 35, 60 and 85 are nearest it)
    expect([rgb(8), rgb(9)]).toEqual([
      [30, 60, 90],
      [35, 65, 95],
    ]);
  });

  test("refuses what it cannot read", () => {
    expect(() => decodePng(Buffer.from("not a png at all"))).toThrow(
      "not a PNG",
    );
  });
});

describe("inkShare", () => {
  test("is 0 for a blank band and the share of other pixels otherwise", () => {
    const pixels = decodePng(new Resvg(SVG).render().asPng());
    expect(inkShare(pixels, 0, 10)).toBe(0);
    expect(inkShare(pixels, 10, 20)).toBeCloseTo(100 / 400);
  });
});
