/**
 * The pure half of `npm run bench` (scripts/bench.ts): its arguments, the budget `--check` holds
 * the current build to, the medians of the runs and the report's lines. No Lighthouse, no servers:
 * scripts/lib/lighthouse-report.test.ts runs it all on plain numbers.
 */
import { parseArgs } from 'node:util';

export const ROUTES = [
  '/home',
  '/products',
  '/products/description',
  '/about',
  '/enquiry',
  '/privacy-policy',
  '/terms-conditions',
];

/**
 * Lighthouse's mobile profile. FCP has no fixed budget: no page paints sooner than the floor page
 * (see scripts/bench.ts), whose own FCP moves with the machine, so a route may spend 60 ms above it.
 */
export const BUDGET = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpAboveFloorMs: 60,
  lcpMs: 1000,
  tbtMs: 100,
  cls: 0,
  /**
   * TCP's first window: ten segments of 1,460 bytes leave before the first acknowledgement, so a
   * page whose response is larger waits one more round trip (150 ms on slow 4G) for its first paint.
   */
  htmlBytes: 14_600,
  /** JavaScript of the first load, gzipped, on every route but /enquiry: no React for a timer. */
  firstLoadJsKb: 15,
  /**
   * /enquiry's form wakes at load, React and all: what it loaded before the other pages lost React
   * (106.6 KB), plus the 10 KB the phone's country part may take (its country list; the numbering
   * plans load only for a number abroad).
   */
  enquiryFirstLoadJsKb: 116.6,
  firebaseFirstLoadKb: 0,
};

/** What one Lighthouse run says about one page. */
export type RouteMetrics = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The longest main-thread task of 50 ms or more, 0 when there was none (Lighthouse's `long-tasks`). */
  longestTaskMs: number;
  /** What that task ran: a script's file name, or "the document". */
  longestTaskSource: string;
  htmlBytes: number;
  firstLoadJsKb: number;
  firebaseKb: number;
  /** The LCP element of the median-LCP run, and that run's LCP breakdown in ms. */
  lcpElement: string;
  lcpPhases: Record<string, number>;
  failedAudits: string[];
};

export type RouteResult = RouteMetrics & { route: string };

/** A run Lighthouse could not record: every figure NaN, so the medians leave it out. */
export const UNMEASURED: RouteMetrics = {
  performance: NaN,
  accessibility: NaN,
  bestPractices: NaN,
  seo: NaN,
  fcpMs: NaN,
  lcpMs: NaN,
  cls: NaN,
  tbtMs: NaN,
  longestTaskMs: NaN,
  longestTaskSource: '',
  htmlBytes: NaN,
  firstLoadJsKb: NaN,
  firebaseKb: NaN,
  lcpElement: '(not measured)',
  lcpPhases: {},
  failedAudits: [],
};

type NumericMetric = {
  [K in keyof RouteMetrics]: RouteMetrics[K] extends number ? K : never;
}[keyof RouteMetrics];

/**
 * The median of the runs that measured the metric (a run where Lighthouse found no LCP gives NaN);
 * of an even count, the upper middle one. NaN when no run measured it.
 */
export function median(numbers: number[]): number {
  const measured = numbers.filter(Number.isFinite).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? NaN;
}

/**
 * Each number is the median of the runs; the LCP element and breakdown are the median-LCP run's,
 * the longest task's source the median-longest-task run's; the failed audits are those of any run.
 */
export function medianOf(samples: RouteMetrics[]): RouteMetrics {
  const of = (metric: NumericMetric) => median(samples.map((sample) => sample[metric]));
  const lcpMs = of('lcpMs');
  const longestTaskMs = of('longestTaskMs');
  const lcpRun = samples.find((sample) => sample.lcpMs === lcpMs) ?? samples[0];
  const taskRun = samples.find((sample) => sample.longestTaskMs === longestTaskMs) ?? samples[0];
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    fcpMs: of('fcpMs'),
    lcpMs,
    cls: of('cls'),
    tbtMs: of('tbtMs'),
    longestTaskMs,
    longestTaskSource: taskRun?.longestTaskSource ?? '',
    htmlBytes: of('htmlBytes'),
    firstLoadJsKb: of('firstLoadJsKb'),
    firebaseKb: of('firebaseKb'),
    lcpElement: lcpRun?.lcpElement ?? '',
    lcpPhases: lcpRun?.lcpPhases ?? {},
    failedAudits: [...new Set(samples.flatMap((sample) => sample.failedAudits))],
  };
}

/** A measured value in its unit, or "not measured". */
const shown = (value: number, format: (value: number) => string) =>
  Number.isFinite(value) ? format(value) : 'not measured';
const inMs = (value: number) => `${Math.round(value)} ms`;

/**
 * What `--check` finds over budget on one route of the current build, each as "metric value >
 * budget". A metric no run measured (NaN) is over budget: a check that cannot see does not pass.
 */
export function missedBudget(result: RouteResult, floorFcpMs: number): string[] {
  const misses: string[] = [];
  const atLeast = (name: string, value: number, budget: number) => {
    if (!(value >= budget)) misses.push(`${name} ${shown(value, String)} < ${budget}`);
  };
  const atMost = (
    name: string,
    value: number,
    budget: number,
    format: (value: number) => string,
    why = '',
  ) => {
    if (!(value <= budget)) misses.push(`${name} ${shown(value, format)} > ${format(budget)}${why}`);
  };
  atLeast('performance', result.performance, BUDGET.performance);
  atLeast('accessibility', result.accessibility, BUDGET.accessibility);
  atLeast('best practices', result.bestPractices, BUDGET.bestPractices);
  atLeast('SEO', result.seo, BUDGET.seo);
  if (!Number.isFinite(floorFcpMs)) misses.push('FCP cannot be judged: the floor page was not measured');
  else
    atMost(
      'FCP',
      result.fcpMs,
      floorFcpMs + BUDGET.fcpAboveFloorMs,
      inMs,
      ` (the floor's ${Math.round(floorFcpMs)} + ${BUDGET.fcpAboveFloorMs})`,
    );
  atMost('LCP', result.lcpMs, BUDGET.lcpMs, inMs);
  atMost('TBT', result.tbtMs, BUDGET.tbtMs, inMs);
  atMost('CLS', result.cls, BUDGET.cls, (value) => (value === 0 ? '0' : value.toFixed(3)));
  atMost('HTML', result.htmlBytes, BUDGET.htmlBytes, (value) => `${value} B`, " (TCP's first window)");
  const kb = (value: number) => (Number.isInteger(value) ? `${value} KB` : `${value.toFixed(1)} KB`);
  atMost(
    'first-load JS',
    result.firstLoadJsKb,
    result.route === '/enquiry' ? BUDGET.enquiryFirstLoadJsKb : BUDGET.firstLoadJsKb,
    kb,
  );
  atMost('Firebase in the first load', result.firebaseKb, BUDGET.firebaseFirstLoadKb, kb);
  return misses;
}

export type BenchArgs = {
  check: boolean;
  runs: number;
  /** False with `--no-build`: measure the current dist/site as it is. */
  build: boolean;
  /** The git ref built and measured beside the current build; null with `--no-baseline`. */
  baseline: string | null;
};

export const BENCH_USAGE =
  'usage: npm run bench -- [--runs N] [--check] [--no-build] [--baseline <git ref> | --no-baseline]';
export const DEFAULT_BASELINE = 'HEAD~1';
const MAX_RUNS = 20;

/** The bench's arguments; throws an Error that says what is wrong (the caller adds the usage line). */
export function parseBenchArgs(args: string[]): BenchArgs {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      check: { type: 'boolean', default: false },
      runs: { type: 'string', default: '1' },
      'no-build': { type: 'boolean', default: false },
      baseline: { type: 'string' },
      'no-baseline': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS)
    throw new Error(`--runs must be a whole number from 1 to ${MAX_RUNS}, not "${values.runs}"`);
  if (values['no-baseline'] && values.baseline !== undefined)
    throw new Error('--baseline and --no-baseline contradict each other');
  if (values.baseline !== undefined && !values.baseline.trim())
    throw new Error('--baseline needs a git ref (a commit, branch or tag)');
  return {
    check: values.check,
    runs,
    build: !values['no-build'],
    baseline: values['no-baseline'] ? null : (values.baseline ?? DEFAULT_BASELINE),
  };
}

/** A figure with its baseline beside it, "702 (698)", or alone when there is no baseline. */
function withBase<T>(now: T, base: T | undefined, format: (value: T) => string): string {
  return base === undefined ? format(now) : `${format(now)} (${format(base)})`;
}

const whole = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '–');
const fixed = (digits: number) => (value: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
/** Lighthouse lists only tasks of 50 ms or more; a page without any shows "<50". */
const longestTask = (value: number) => (value === 0 ? '<50' : whole(value));

const COLUMNS: {
  title: string;
  cell: (result: RouteMetrics) => number;
  format: (value: number) => string;
}[] = [
  { title: 'perf', cell: (r) => r.performance, format: whole },
  { title: 'a11y', cell: (r) => r.accessibility, format: whole },
  { title: 'best', cell: (r) => r.bestPractices, format: whole },
  { title: 'seo', cell: (r) => r.seo, format: whole },
  { title: 'FCP ms', cell: (r) => r.fcpMs, format: whole },
  { title: 'LCP ms', cell: (r) => r.lcpMs, format: whole },
  { title: 'CLS', cell: (r) => r.cls, format: fixed(3) },
  { title: 'TBT ms', cell: (r) => r.tbtMs, format: whole },
  { title: 'longest task ms', cell: (r) => r.longestTaskMs, format: longestTask },
  { title: 'HTML B', cell: (r) => r.htmlBytes, format: whole },
  { title: 'JS KB gz', cell: (r) => r.firstLoadJsKb, format: fixed(1) },
  { title: 'Firebase KB', cell: (r) => r.firebaseKb, format: fixed(1) },
];

/**
 * The table of every route, a Markdown table: each cell is the current build's median with the
 * baseline's beside it in brackets, when there is a baseline.
 */
export function formatTable(current: RouteResult[], baseline?: RouteResult[]): string {
  const baseOf = (route: string) => baseline?.find((result) => result.route === route);
  const header = ['route', ...COLUMNS.map((column) => column.title)];
  const rows = current.map((result) => {
    const base = baseOf(result.route);
    return [
      result.route,
      ...COLUMNS.map((column) => withBase(column.cell(result), base && column.cell(base), column.format)),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

const signed = (value: number) =>
  Number.isFinite(value) ? `${value < 0 ? '−' : '+'}${Math.abs(Math.round(value))}` : '–';

type Floor = { fcpMs: number; lcpMs: number };

/** The floor page's figures and each route's FCP above it, the baseline's beside. */
export function formatFloor(floor: Floor, current: RouteResult[], baseline?: RouteResult[]): string[] {
  const baseOf = (route: string) => baseline?.find((result) => result.route === route);
  const above = current.map((result) => {
    const base = baseOf(result.route);
    return `${result.route} ${withBase(result.fcpMs - floor.fcpMs, base && base.fcpMs - floor.fcpMs, signed)}`;
  });
  return [
    `Floor (one heading and one line from a bare Node server, same simulation, measured in the same rounds): FCP ${whole(floor.fcpMs)} ms, LCP ${whole(floor.lcpMs)} ms`,
    `  each route's FCP above it${baseline ? ' (baseline in brackets)' : ''}: ${above.join(', ')}`,
  ];
}

/** Per route: the LCP element, Lighthouse's LCP breakdown and the longest task, the baseline's beside. */
export function formatDetails(current: RouteResult[], baseline?: RouteResult[]): string[] {
  const lines: string[] = [];
  for (const result of current) {
    const base = baseline?.find((candidate) => candidate.route === result.route);
    const phases = Object.entries(result.lcpPhases).map(
      ([phase, value]) => `${phase} ${withBase(value, base?.lcpPhases[phase], whole)}`,
    );
    const task = (r: RouteMetrics) =>
      r.longestTaskMs === 0
        ? 'none of 50 ms or more'
        : Number.isFinite(r.longestTaskMs)
          ? `${whole(r.longestTaskMs)} ms, ${r.longestTaskSource}`
          : 'not measured';
    lines.push(`  ${result.route}: ${result.lcpElement}`);
    if (base && base.lcpElement !== result.lcpElement) lines.push(`    baseline's: ${base.lcpElement}`);
    lines.push(`    ${phases.join(' · ') || 'no breakdown'}`);
    lines.push(`    longest task: ${task(result)}${base ? ` (baseline: ${task(base)})` : ''}`);
  }
  return lines;
}
