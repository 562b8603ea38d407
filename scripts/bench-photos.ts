/**
 * The photo function's work on the hostile fixtures, with the memory it takes: for the PNG bomb
 * (16,000² declared), the 8,000² and 6,000² checkerboards and a phone photo, prints the answer (refused, or the
 * largest stored file), the time, and the process's peak resident memory while the photo was
 * processed. `sitePhoto` runs with 1 GiB, one request at a time.
 *
 *   node --import tsx scripts/bench-photos.ts
 */
import { processPhoto, PhotoRefusal } from '../functions/src/site/photos';
import { phonePhoto } from '../tests/support/phone-photo';
import { checkerboardPng, mebibytes, peakMemoryDuring, pngBomb } from '../tests/support/photo-bombs';

const FIXTURES: [string, () => Promise<Buffer>][] = [
  ['PNG bomb, 16,000 × 16,000 declared', () => pngBomb()],
  ['checkerboard, 8,000 × 8,000', () => checkerboardPng()],
  // 36 MP, under the limit: the most a photo the function accepts makes it decode.
  ['checkerboard, 6,000 × 6,000', () => checkerboardPng(6000)],
  ['phone photo, 1,200 × 1,500', () => phonePhoto()],
];

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

for (const [name, make] of FIXTURES) {
  const upload = await make();
  const started = performance.now();
  const { before, peak, outcome } = await peakMemoryDuring(() => processPhoto(upload));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  let answer: string;
  if (outcome.status === 'fulfilled') {
    const files = outcome.value.files.map((file) => file.data.length);
    answer = `stored ${files.length} files, ${kilobytes(files.reduce((a, b) => a + b, 0))} in all, the largest ${kilobytes(Math.max(...files))}`;
  } else {
    const reason: unknown = outcome.reason;
    answer = `refused: ${reason instanceof PhotoRefusal ? reason.message : String(reason)}`;
  }
  console.log(
    `${name} (${kilobytes(upload.length)}): ${seconds} s; memory ${mebibytes(before)} → peak ${mebibytes(peak)} (+${mebibytes(peak - before)}); ${answer}`,
  );
}
