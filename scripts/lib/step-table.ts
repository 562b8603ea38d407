/**
 * The table `npm test` ends with (and keeps in artifacts/test-times.txt): each step's time and,
 * for the vitest steps, how many tests it ran, then the whole run's time, so a step that grew
 * slower is seen the day it does.
 */
export type StepTime = {
  name: string;
  seconds: number;
  /** Tests the step ran, when it runs vitest and wrote its results. */
  tests?: number;
  /** Ran at the same time as its neighbours in the table marked so. */
  beside?: boolean;
};

const NAME_WIDTH = 40;
const SECONDS_WIDTH = 9;
const TESTS_WIDTH = 7;
const BESIDE_MARK = ' ∥';

const row = (name: string, seconds: string, tests: string) =>
  `${name.padEnd(NAME_WIDTH)}${seconds.padStart(SECONDS_WIDTH)}${tests.padStart(TESTS_WIDTH)}`;

const counted = (count: number | undefined) => (count === undefined ? '' : count.toLocaleString('en-GB'));

/** The table: a header, one row per step run, a rule, then the total (wall-clock time and tests). */
export function stepTable(times: readonly StepTime[], totalSeconds: number): string {
  const rule = '─'.repeat(NAME_WIDTH + SECONDS_WIDTH + TESTS_WIDTH);
  const testCounts = times.flatMap((time) => (time.tests === undefined ? [] : [time.tests]));
  const lines = [
    row('Step', 'Seconds', 'Tests'),
    rule,
    ...times.map((time) =>
      row(`${time.name}${time.beside ? BESIDE_MARK : ''}`, time.seconds.toFixed(1), counted(time.tests)),
    ),
    rule,
    row(
      'Total',
      totalSeconds.toFixed(1),
      counted(testCounts.length ? testCounts.reduce((a, b) => a + b) : undefined),
    ),
  ];
  if (times.some((time) => time.beside))
    lines.push(`${BESIDE_MARK.trim()} ran side by side: the total is the wall-clock time, not their sum.`);
  return lines.join('\n');
}
