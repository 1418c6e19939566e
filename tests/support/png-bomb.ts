// A decompression bomb: a valid PNG of transparent black RGBA pixels whose
// rows of zeros compress about a thousandfold, so a few hundred kilobytes
// decode to width × height × 4 (or 8, at 16 bits) bytes.
import { constants, crc32, createDeflate } from "node:zlib";

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export async function pngBomb(
  width: number,
  height: number,
  bitDepth: 8 | 16 = 8,
): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = 6; // RGBA
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const compressed: Buffer[] = [];
  deflate.on("data", (data: Buffer) => compressed.push(data));
  const done = new Promise((resolve, reject) => {
    deflate.on("end", resolve);
    deflate.on("error", reject);
  });
  // Each row: filter type 0, then the row's zero samples.
  const row = Buffer.alloc(1 + width * 4 * (bitDepth / 8));
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) {
      await new Promise((resolve) => deflate.once("drain", resolve));
    }
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.concat(compressed)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
