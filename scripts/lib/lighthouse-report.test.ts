import { describe, expect, it } from 'vitest';
import {
  BUDGET,
  DEFAULT_BASELINE,
  formatDetails,
  formatFloor,
  formatTable,
  median,
  medianOf,
  missedBudget,
  parseBenchArgs,
  type RouteMetrics,
  type RouteResult,
  UNMEASURED,
} from './lighthouse-report';

/** A route that meets every budget with a floor of 650 ms. */
const passing = (overrides: Partial<RouteResult> = {}): RouteResult => ({
  route: '/about',
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 700,
  lcpMs: 900,
  cls: 0,
  tbtMs: 40,
  longestTaskMs: 0,
  longestTaskSource: '',
  htmlBytes: 12_000,
  firstLoadJsKb: 5.2,
  firebaseKb: 0,
  lcpElement: '<h1 class="page-title">',
  lcpPhases: { TTFB: 600, 'Render Delay': 100 },
  failedAudits: [],
  ...overrides,
});
const FLOOR_FCP = 650;

describe('the bench arguments', () => {
  it('measure once against the previous commit, without judging, by default', () => {
    expect(parseBenchArgs([])).toEqual({ check: false, runs: 1, build: true, baseline: DEFAULT_BASELINE });
    expect(DEFAULT_BASELINE).toBe('HEAD~1');
  });

  it('take a baseline ref, or none, the runs, --check and --no-build', () => {
    expect(parseBenchArgs(['--runs', '5', '--check', '--baseline', '9392b39', '--no-build'])).toEqual({
      check: true,
      runs: 5,
      build: false,
      baseline: '9392b39',
    });
    expect(parseBenchArgs(['--no-baseline']).baseline).toBeNull();
    expect(parseBenchArgs(['--baseline=main']).baseline).toBe('main');
  });

  it.each([
    [['--runs', '0'], /--runs must be a whole number from 1 to 20, not "0"/],
    [['--runs', '2.5'], /--runs must be a whole number/],
    [['--runs', 'five'], /--runs must be a whole number/],
    [['--baseline', 'main', '--no-baseline'], /contradict/],
    [['--baseline', ' '], /--baseline needs a git ref/],
    [['--baseline'], /argument missing/],
    [['--chek'], /Unknown option '--chek'/],
    [['home'], /Unexpected argument 'home'/],
  ])('refuse %j, saying why', (args, message) => {
    expect(() => parseBenchArgs(args)).toThrow(message);
  });
});

describe('the medians of the runs', () => {
  it('take the middle run, the upper middle of an even count, and skip runs that measured nothing', () => {
    expect(median([900, 700, 800])).toBe(800);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([NaN, 700, NaN])).toBe(700);
    expect(median([NaN])).toBeNaN();
    expect(median([])).toBeNaN();
  });

  it('keep the LCP element and breakdown of the median-LCP run and the longest task of the median-task run', () => {
    const runs: RouteMetrics[] = [
      passing({ lcpMs: 950, lcpElement: '<p>', longestTaskMs: 120, longestTaskSource: 'shell.js' }),
      passing({ lcpMs: 800, lcpElement: '<h1>', longestTaskMs: 300, longestTaskSource: 'the document' }),
      passing({ lcpMs: 900, lcpElement: '<img>', longestTaskMs: 0, failedAudits: ['image-alt'] }),
    ];
    const result = medianOf(runs);
    expect(result).toMatchObject({ lcpMs: 900, lcpElement: '<img>', longestTaskMs: 120 });
    expect(result.longestTaskSource).toBe('shell.js');
    expect(result.failedAudits).toEqual(['image-alt']);
  });

  it('leave out a run Lighthouse could not record', () => {
    const result = medianOf([passing({ fcpMs: 700 }), UNMEASURED, passing({ fcpMs: 720 })]);
    expect(result.fcpMs).toBe(720);
    expect(result.lcpElement).toBe('<h1 class="page-title">');
    expect(medianOf([UNMEASURED]).tbtMs).toBeNaN();
  });
});

describe('the budget --check holds the current build to', () => {
  it('passes a route within every budget', () => {
    expect(missedBudget(passing(), FLOOR_FCP)).toEqual([]);
    expect(missedBudget(passing({ fcpMs: FLOOR_FCP + 60, lcpMs: 1000, tbtMs: 100 }), FLOOR_FCP)).toEqual([]);
  });

  it('holds FCP to the measured floor plus 60 ms, not to a fixed figure', () => {
    expect(missedBudget(passing({ fcpMs: 711 }), FLOOR_FCP)).toEqual([
      "FCP 711 ms > 710 ms (the floor's 650 + 60)",
    ]);
    // The same page on a slower minute, when the floor itself paints later, passes.
    expect(missedBudget(passing({ fcpMs: 711 }), 700)).toEqual([]);
  });

  it('names the metric, its value and its budget for each miss', () => {
    const misses = missedBudget(
      passing({
        route: '/home',
        performance: 91,
        seo: 92,
        lcpMs: 1180.4,
        tbtMs: 320,
        cls: 0.012,
        htmlBytes: 15_000,
        firstLoadJsKb: 120.04,
        firebaseKb: 29.5,
      }),
      FLOOR_FCP,
    );
    expect(misses).toEqual([
      'performance 91 < 98',
      'SEO 92 < 100',
      'LCP 1180 ms > 1000 ms',
      'TBT 320 ms > 100 ms',
      'CLS 0.012 > 0',
      "HTML 15000 B > 14600 B (TCP's first window)",
      'first-load JS 120.0 KB > 15 KB',
      'Firebase in the first load 29.5 KB > 0 KB',
    ]);
  });

  it('fails what no run measured instead of passing it', () => {
    expect(missedBudget(passing({ lcpMs: NaN, tbtMs: NaN, performance: NaN }), FLOOR_FCP)).toEqual([
      'performance not measured < 98',
      'LCP not measured > 1000 ms',
      'TBT not measured > 100 ms',
    ]);
    expect(missedBudget({ ...UNMEASURED, route: '/home' }, FLOOR_FCP)).toEqual([
      'performance not measured < 98',
      'accessibility not measured < 100',
      'best practices not measured < 100',
      'SEO not measured < 100',
      "FCP not measured > 710 ms (the floor's 650 + 60)",
      'LCP not measured > 1000 ms',
      'TBT not measured > 100 ms',
      'CLS not measured > 0',
      "HTML not measured > 14600 B (TCP's first window)",
      'first-load JS not measured > 15 KB',
      'Firebase in the first load not measured > 0 KB',
    ]);
    expect(missedBudget(passing(), NaN)).toEqual(['FCP cannot be judged: the floor page was not measured']);
  });

  it("holds every route's first-load JavaScript to 15 KB, and /enquiry's, whose form wakes at load, to before plus the phone's country part", () => {
    expect(missedBudget(passing({ route: '/products', firstLoadJsKb: 15 }), FLOOR_FCP)).toEqual([]);
    expect(missedBudget(passing({ route: '/products', firstLoadJsKb: 84.2 }), FLOOR_FCP)).toEqual([
      'first-load JS 84.2 KB > 15 KB',
    ]);
    expect(missedBudget(passing({ route: '/enquiry', firstLoadJsKb: 116.5 }), FLOOR_FCP)).toEqual([]);
    expect(missedBudget(passing({ route: '/enquiry', firstLoadJsKb: 117 }), FLOOR_FCP)).toEqual([
      'first-load JS 117 KB > 116.6 KB',
    ]);
  });

  it('holds TBT to 100 ms and LCP to 1,000 ms', () => {
    expect(BUDGET).toMatchObject({ tbtMs: 100, lcpMs: 1000, fcpAboveFloorMs: 60 });
    expect(BUDGET).not.toHaveProperty('fcpMs');
  });
});

describe('the report', () => {
  const current = [
    passing({ route: '/home', fcpMs: 702.4, tbtMs: 120, longestTaskMs: 98.6, firstLoadJsKb: 61.04 }),
    passing({ route: '/about', fcpMs: 690, tbtMs: 20 }),
  ];
  const baseline = [
    passing({ route: '/home', fcpMs: 698, tbtMs: 310, longestTaskMs: 240, firstLoadJsKb: 84.2 }),
    passing({ route: '/about', fcpMs: 688, tbtMs: 35, longestTaskMs: 51 }),
  ];

  it('puts the baseline beside every figure of the table', () => {
    const lines = formatTable(current, baseline).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^\| route +\| +perf \|.*\| +FCP ms \|.*\| +TBT ms \| longest task ms \|.*JS KB gz \|/,
    );
    const home = lines[2]?.split('|').map((cell) => cell.trim());
    expect(home).toEqual([
      '',
      '/home',
      '100 (100)',
      '100 (100)',
      '100 (100)',
      '100 (100)',
      '702 (698)',
      '900 (900)',
      '0.000 (0.000)',
      '120 (310)',
      '99 (240)',
      '12000 (12000)',
      '61.0 (84.2)',
      '0.0 (0.0)',
      '',
    ]);
    expect(lines[3]).toContain('<50 (51)');
    // Every row is as wide as the header: a table, not ragged text.
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });

  it('prints plain figures when there is no baseline', () => {
    const home = formatTable(current).split('\n')[2] ?? '';
    expect(home.split('|').map((cell) => cell.trim())).toContain('702');
    expect(home).not.toContain('(');
  });

  it("gives the floor and each route's FCP above it, the baseline's beside", () => {
    const [floorLine, above] = formatFloor({ fcpMs: 650, lcpMs: 650 }, current, baseline);
    expect(floorLine).toContain('FCP 650 ms, LCP 650 ms');
    expect(above).toBe(
      "  each route's FCP above it (baseline in brackets): /home +52 (+48), /about +40 (+38)",
    );
    expect(formatFloor({ fcpMs: 720, lcpMs: 720 }, current)[1]).toBe(
      "  each route's FCP above it: /home −18, /about −30",
    );
  });

  it('names what the longest task ran, beside the baseline’s', () => {
    const lines = formatDetails(
      [passing({ route: '/home', longestTaskMs: 98.6, longestTaskSource: 'shell-abc.js' })],
      [passing({ route: '/home', longestTaskMs: 0, lcpElement: '<img class="hero">' })],
    );
    expect(lines).toEqual([
      '  /home: <h1 class="page-title">',
      '    baseline\'s: <img class="hero">',
      '    TTFB 600 (600) · Render Delay 100 (100)',
      '    longest task: 99 ms, shell-abc.js (baseline: none of 50 ms or more)',
    ]);
  });
});
