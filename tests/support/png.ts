// Just enough of PNG to read a browser's screenshot back as pixels: 8-bit
// truecolour (RGB or RGBA), not interlaced, as Chromium writes them.
import { inflateSync } from "node:zlib";

export type Pixels = {
  width: number;
  height: number;
  /** RGBA, four bytes a pixel, row after row. */
  data: Uint8Array;
};

const SIGNATURE = "89504e470d0a1a0a";

function paeth(left: number, up: number, upLeft: number) {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

export function decodePng(png: Buffer): Pixels {
  if (png.subarray(0, 8).toString("hex") !== SIGNATURE)
    throw new Error("not a PNG");
  let width = 0;
  let height = 0;
  let channels = 0;
  const compressed: Buffer[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      channels = colour === 6 ? 4 : colour === 2 ? 3 : 0;
      if (depth !== 8 || channels === 0 || interlace !== 0)
        throw new Error(
          `unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`,
        );
    } else if (type === "IDAT") compressed.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(compressed));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? rows[out + x - channels]! : 0;
      const up = y > 0 ? rows[out - stride + x]! : 0;
      const upLeft =
        y > 0 && x >= channels ? rows[out - stride + x - channels]! : 0;
      const byte = line[x]!;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? (left + up) >> 1
                : filter === 4
                  ? paeth(left, up, upLeft)
                  : NaN;
      if (Number.isNaN(predicted)) throw new Error(`bad PNG filter ${filter}`);
      rows[out + x] = (byte + predicted) & 0xff;
    }
  }
  if (channels === 4) return { width, height, data: rows };
  const data = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < rows.length; i += 3, j += 4) {
    data[j] = rows[i]!;
    data[j + 1] = rows[i + 1]!;
    data[j + 2] = rows[i + 2]!;
    data[j + 3] = 255;
  }
  return { width, height, data };
}

/**
 * The share of the pixels in rows [top, bottom) that differ from the band's
 * most common colour: 0 for a blank band, a few percent for text on a plain
 * background.
 */
export function inkShare(pixels: Pixels, top: number, bottom: number) {
  const counts = new Map<number, number>();
  const from = Math.max(0, Math.floor(top));
  const to = Math.min(pixels.height, Math.ceil(bottom));
  const view = new DataView(pixels.data.buffer, pixels.data.byteOffset);
  for (let y = from; y < to; y++) {
    for (let x = 0; x < pixels.width; x++) {
      const colour = view.getUint32((y * pixels.width + x) * 4);
      counts.set(colour, (counts.get(colour) ?? 0) + 1);
    }
  }
  const total = (to - from) * pixels.width;
  if (total <= 0) return 0;
  let background = 0;
  for (const count of counts.values()) background = Math.max(background, count);
  return (total - background) / total;
}
