/**
 * Photos an attacker (or an unlucky camera) sends to take the photo function's memory or store:
 * a small PNG whose header declares 16,000 × 16,000 pixels, and an 8,000² one-pixel checkerboard.
 * Written row by row through a deflate stream, so making one never holds its pixels in memory.
 */
import { createDeflate, crc32 } from 'node:zlib';

/** The bomb: 256 MP declared, a few hundred KB on disk, 768 MB as RGB once decoded. */
export const BOMB_SIDE = 16_000;
/** The checkerboard: 64 MP of squares one pixel wide, the worst pattern for a lossy encoder. */
export const CHECKERBOARD_SIDE = 8_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GREY = 0;
const RGB = 2;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An 8-bit PNG of width × height whose row y is `row(y)` (without the filter byte). */
async function pngOfRows(
  width: number,
  height: number,
  colourType: typeof GREY | typeof RGB,
  row: (y: number) => Buffer,
): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colourType, 0, 0, 0], 8);
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const filterNone = Buffer.from([0]);
  for (let y = 0; y < height; y += 1) {
    // Waits for the stream to drain, so the rows never pile up in memory.
    if (!deflate.write(Buffer.concat([filterNone, row(y)])))
      await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG of BOMB_SIDE² black RGB pixels: small to send, gigabytes to decode. */
export function pngBomb(side = BOMB_SIDE): Promise<Buffer> {
  const black = Buffer.alloc(side * 3);
  return pngOfRows(side, side, RGB, () => black);
}

/** A grey PNG of CHECKERBOARD_SIDE² alternating black and white pixels (about 290 KB). */
export function checkerboardPng(side = CHECKERBOARD_SIDE): Promise<Buffer> {
  const rows = [0, 1].map((phase) => {
    const row = Buffer.alloc(side);
    for (let x = 0; x < side; x += 1) row[x] = (x + phase) % 2 ? 255 : 0;
    return row;
  });
  return pngOfRows(side, side, GREY, (y) => rows[y % 2] as Buffer);
}

/**
 * The process's peak resident memory while `work` runs, above what it held before, sampled every
 * few milliseconds (process.resourceUsage().maxRSS never comes down, so it cannot be read per call).
 */
export async function peakMemoryDuring<T>(
  work: () => Promise<T>,
): Promise<{ before: number; peak: number; outcome: PromiseSettledResult<T> }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  let outcome: PromiseSettledResult<T>;
  try {
    outcome = { status: 'fulfilled', value: await work() };
  } catch (reason) {
    outcome = { status: 'rejected', reason };
  } finally {
    clearInterval(sample);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  return { before, peak, outcome };
}

export const mebibytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MiB`;
