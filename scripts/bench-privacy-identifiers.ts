/**
 * How long the owner's privacy tools take to read a crafted identifier (not part of `npm test`,
 * which checks only that such an identifier is refused):
 *
 *   node --import tsx scripts/bench-privacy-identifiers.ts [--runs 5]
 *
 * Times `readSubject` (functions/src/inbox/privacy.ts), the check every privacy request, from the
 * CLI or the inbox's callable, starts with, on identifiers a stranger could send the owner to
 * paste: 100,012 and 16,004 characters, built to make a backtracking check slow, and an ordinary
 * address beside them. Prints the median time of each, and what the check answered.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { readSubject } from '../functions/src/inbox/privacy';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Math.max(1, Number(values.runs));

const IDENTIFIERS: [string, string][] = [
  ['an ordinary address', 'priya.raman@ramanhair.in'],
  ['100,012 characters: a huge local part', `${'a'.repeat(100_000)}@example.com`],
  ['254 characters: 125 dotted labels, then a space', `a@${'b.'.repeat(125)} x`],
  ['16,004 characters: 8,000 dotted labels, then a space', `a@${'b.'.repeat(8_000)} x`],
  ['100,012 characters: 50,004 dotted labels, then a space', `a@${'b.'.repeat(50_004)} x`],
];

function answerOf(raw: string): string {
  try {
    const subject = readSubject('email', raw);
    return `read as an address of ${subject.value.length} characters`;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `refused: ${message.length > 90 ? `${message.slice(0, 90)}…` : message}`;
  }
}

function medianMs(raw: string): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    answerOf(raw);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

console.log(`readSubject('email', …), median of ${runs} runs:`);
for (const [what, raw] of IDENTIFIERS) {
  const ms = medianMs(raw);
  console.log(
    `  ${what.padEnd(56)} ${raw.length.toLocaleString('en').padStart(8)} chars  ${ms.toFixed(2).padStart(9)} ms  ${answerOf(raw)}`,
  );
}
