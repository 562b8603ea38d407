/**
 * `npm run bench`: builds the site, serves it with the Hosting emulator, runs Lighthouse (mobile
 * defaults: Moto G power emulation, simulated slow 4G, 4× CPU slowdown) on every route and prints
 * one table: the four category scores, FCP, LCP, CLS, TBT, the bytes of the HTML response (its
 * headers and compressed body, as they cross the network), the JavaScript of the first load
 * (gzipped) and how much of it is Firebase; then, per route, the LCP element and Lighthouse's LCP
 * breakdown (time to first byte, resource load delay, load time, render delay), which says what
 * to attack next. The same goes to artifacts/bench/lighthouse.json.
 *
 * It also measures the floor: a page of one heading and one line, served by a bare Node server,
 * under the same simulation. No page paints sooner than that here, so each route's FCP minus the
 * floor is what the page itself costs.
 *
 * A benchmark, not a test: it exits 0 whatever the numbers, unless `--check` is given, which
 * exits 1 when a route misses the budget. `--runs N` takes the median of N runs per route;
 * `--no-build` measures the current dist/site.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromiumPath, CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT } from './lib/chromium.ts';
import { fail, PORTS, requireJava, ROOT } from './lib/project.ts';
import { requireFreePorts, run, startEmulators, stopServers, waitForUrl } from './lib/processes.ts';

const ROUTES = [
  '/home',
  '/products',
  '/products/description',
  '/about',
  '/enquiry',
  '/privacy-policy',
  '/terms-conditions',
];

export const BUDGET = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 650,
  lcpMs: 1000,
  cls: 0,
  tbtMs: 50,
  /**
   * TCP's first window: ten segments of 1,460 bytes leave before the first acknowledgement, so a
   * page whose response is larger waits one more round trip (150 ms on slow 4G) for its first paint.
   */
  htmlBytes: 14_600,
  homeFirstLoadJsKb: 100,
  firebaseFirstLoadKb: 0,
};

type RouteResult = {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  htmlBytes: number;
  firstLoadJsKb: number;
  firebaseKb: number;
  /** The LCP element of the median-LCP run, and that run's LCP breakdown in ms. */
  lcpElement: string;
  lcpPhases: Record<string, number>;
  failedAudits: string[];
};

const { values: options } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    'no-build': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(options.runs));

const SITE_ASSETS = join(ROOT, 'dist', 'site', 'assets');

/** The built chunks that hold Firebase SDK code, found by what is inside them rather than their names. */
function firebaseChunks(): Set<string> {
  return new Set(
    readdirSync(SITE_ASSETS)
      .filter((file) => file.endsWith('.js'))
      .filter((file) =>
        /firestore\.googleapis\.com|@firebase\/app/.test(readFileSync(join(SITE_ASSETS, file), 'utf8')),
      )
      .map((file) => `/assets/${file}`),
  );
}

/**
 * Gzipped size of the files themselves (what the budget is about), not Lighthouse's transfer
 * size, which also counts each response's headers.
 */
function gzippedKb(urls: string[]): number {
  return (
    urls.reduce((sum, url) => {
      const file = join(ROOT, 'dist', 'site', new URL(url).pathname);
      return sum + (existsSync(file) ? gzipSync(readFileSync(file)).length : 0);
    }, 0) / 1024
  );
}

type NumericMetric = {
  [K in keyof RouteResult]: RouteResult[K] extends number ? K : never;
}[keyof RouteResult];

/** The median of the runs that measured the metric (a run where Lighthouse found no LCP gives NaN). */
const median = (numbers: number[]) => {
  const measured = numbers.filter(Number.isFinite).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? NaN;
};

/** Each number is the median of the runs; the failed audits are those of any run. */
function medianOf(samples: Omit<RouteResult, 'route'>[]): Omit<RouteResult, 'route'> {
  const of = (metric: NumericMetric) => median(samples.map((sample) => sample[metric]));
  const lcpMs = of('lcpMs');
  const medianRun = samples.find((sample) => sample.lcpMs === lcpMs) ?? samples[0];
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    fcpMs: of('fcpMs'),
    lcpMs,
    cls: of('cls'),
    tbtMs: of('tbtMs'),
    htmlBytes: of('htmlBytes'),
    firstLoadJsKb: of('firstLoadJsKb'),
    firebaseKb: of('firebaseKb'),
    lcpElement: medianRun?.lcpElement ?? '',
    lcpPhases: medianRun?.lcpPhases ?? {},
    failedAudits: [...new Set(samples.flatMap((sample) => sample.failedAudits))],
  };
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };
type LcpElementDetails = {
  items?: {
    items?: { node?: { snippet?: string; nodeLabel?: string }; phase?: string; timing?: number }[];
  }[];
};

/** The LCP element's opening tag, shortened, and Lighthouse's breakdown of its LCP time. */
function lcpElement(details: LcpElementDetails | undefined) {
  const [element, phases] = details?.items ?? [];
  const snippet = element?.items?.[0]?.node?.snippet ?? '(none)';
  return {
    lcpElement: snippet.length > 90 ? `${snippet.slice(0, 87)}...` : snippet,
    lcpPhases: Object.fromEntries(
      (phases?.items ?? []).map((item) => [item.phase ?? '?', Math.round(item.timing ?? NaN)]),
    ),
  };
}

async function measure(
  url: string,
  port: number,
  firebase: Set<string>,
): Promise<Omit<RouteResult, 'route'>> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const network = (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const requests = network.filter((item) => item.resourceType === 'Script');
  const html = network.find((item) => item.resourceType === 'Document');
  const kilobytes = (items: NetworkItem[]) => gzippedKb(items.map((item) => item.url));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    htmlBytes: html?.transferSize ?? NaN,
    firstLoadJsKb: kilobytes(requests),
    firebaseKb: kilobytes(requests.filter((item) => firebase.has(new URL(item.url).pathname))),
    ...lcpElement(audits['largest-contentful-paint-element']?.details as LcpElementDetails | undefined),
    failedAudits: Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id),
  };
}

function missedBudget(result: RouteResult): string[] {
  const misses: string[] = [];
  if (result.performance < BUDGET.performance) misses.push(`performance ${result.performance}`);
  if (result.accessibility < BUDGET.accessibility) misses.push(`accessibility ${result.accessibility}`);
  if (result.bestPractices < BUDGET.bestPractices) misses.push(`best practices ${result.bestPractices}`);
  if (result.seo < BUDGET.seo) misses.push(`SEO ${result.seo}`);
  if (result.fcpMs > BUDGET.fcpMs) misses.push(`FCP ${Math.round(result.fcpMs)} ms`);
  if (result.lcpMs > BUDGET.lcpMs) misses.push(`LCP ${Math.round(result.lcpMs)} ms`);
  if (result.cls > BUDGET.cls) misses.push(`CLS ${result.cls.toFixed(3)}`);
  if (result.tbtMs > BUDGET.tbtMs) misses.push(`TBT ${Math.round(result.tbtMs)} ms`);
  if (!(result.htmlBytes <= BUDGET.htmlBytes)) misses.push(`HTML ${result.htmlBytes} B`);
  if (result.route === '/home' && result.firstLoadJsKb > BUDGET.homeFirstLoadJsKb) {
    misses.push(`first-load JS ${result.firstLoadJsKb.toFixed(1)} KB`);
  }
  if (result.firebaseKb > BUDGET.firebaseFirstLoadKb)
    misses.push(`Firebase ${result.firebaseKb.toFixed(1)} KB`);
  return misses;
}

function table(results: RouteResult[]): string {
  const header = [
    'route',
    'perf',
    'a11y',
    'best',
    'seo',
    'FCP ms',
    'LCP ms',
    'CLS',
    'TBT ms',
    'HTML B',
    'JS KB gz',
    'Firebase KB',
  ];
  const rows = results.map((r) => [
    r.route,
    String(r.performance),
    String(r.accessibility),
    String(r.bestPractices),
    String(r.seo),
    String(Math.round(r.fcpMs)),
    String(Math.round(r.lcpMs)),
    r.cls.toFixed(3),
    String(Math.round(r.tbtMs)),
    String(r.htmlBytes),
    r.firstLoadJsKb.toFixed(1),
    r.firebaseKb.toFixed(1),
  ]);
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

/**
 * Lighthouse's simulated slow 4G makes the first byte of any page wait four round trips of 150 ms
 * (two for DNS, TCP's handshake, the request), and Lantern counts Chrome's commit of the initial
 * empty document as the page's first HTML parse, at 4x CPU. This page has nothing else to pay for.
 */
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Floor</title>' +
  '<h1>Indian human hair</h1><p>One line of text.</p>';

/** Serves FLOOR_PAGE on a free port until the callback is done. */
async function withFloorPage<T>(callback: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FLOOR_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await callback(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const signed = (ms: number) => `${ms < 0 ? '−' : '+'}${Math.abs(Math.round(ms))}`;

async function main() {
  const chrome = chromiumPath();
  if (!chrome) fail(`Chromium is required for Lighthouse: ${CHROMIUM_INSTALL_HINT}.`);
  requireJava();
  await requireFreePorts({ hosting: PORTS.hosting, 'emulator hub': PORTS.hub, logging: PORTS.logging });
  if (!options['no-build']) run('npm', ['run', 'build']);

  const hosting = startEmulators('hosting');
  // Every run is a first visit in a browser of its own: Lighthouse clears the HTTP cache between
  // runs but keeps other site data, so a shared browser would measure a visitor whose cache was
  // cleared and whose site data was not.
  const firstVisit = async (url: string, firebase: Set<string>) => {
    const browser = await launch({ chromePath: chrome, chromeFlags: CHROMIUM_ARGS });
    try {
      return await measure(url, browser.port, firebase);
    } finally {
      await browser.kill();
    }
  };
  try {
    await waitForUrl(`http://127.0.0.1:${PORTS.hosting}/home`, 60_000, () => hosting.exitCode !== null);
    const firebase = firebaseChunks();
    const results: RouteResult[] = [];
    for (const route of ROUTES) {
      const samples = [];
      for (let attempt = 0; attempt < runs; attempt += 1) {
        samples.push(await firstVisit(`http://127.0.0.1:${PORTS.hosting}${route}`, firebase));
      }
      results.push({ route, ...medianOf(samples) });
      console.log(`  measured ${route}`);
    }
    const floorSamples = await withFloorPage(async (url) => {
      const samples = [];
      for (let attempt = 0; attempt < runs; attempt += 1) samples.push(await firstVisit(url, firebase));
      return samples;
    });
    const { fcpMs, lcpMs } = medianOf(floorSamples);
    const floor = { fcpMs, lcpMs };
    console.log('  measured the floor page');

    console.log(
      `\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}on the Hosting emulator, mobile defaults\n`,
    );
    console.log(table(results));
    console.log(
      `\nFloor (one heading and one line from a bare Node server, same simulation): FCP ${Math.round(floor.fcpMs)} ms, LCP ${Math.round(floor.lcpMs)} ms`,
    );
    console.log(
      `  each route's FCP above it: ${results.map((result) => `${result.route} ${signed(result.fcpMs - floor.fcpMs)}`).join(', ')}`,
    );
    console.log('\nLCP element and breakdown (ms) of the median run');
    for (const result of results) {
      const phases = Object.entries(result.lcpPhases).map(([phase, ms]) => `${phase} ${ms}`);
      console.log(`  ${result.route}: ${result.lcpElement}\n    ${phases.join(' · ') || 'no breakdown'}`);
    }
    const misses = results.flatMap((result) =>
      missedBudget(result).map((miss) => `${result.route}: ${miss}`),
    );
    const failedAudits = results.filter((result) => result.failedAudits.length);
    for (const result of failedAudits)
      console.log(`  ${result.route} failed audits: ${result.failedAudits.join(', ')}`);
    console.log(
      misses.length ? `\nOver budget:\n  ${misses.join('\n  ')}` : '\nEvery route is within the budget.',
    );

    const out = join(ROOT, 'artifacts', 'bench');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, 'lighthouse.json'),
      `${JSON.stringify({ budget: BUDGET, runs, floor, results }, null, 2)}\n`,
    );
    console.log(`Written to ${join('artifacts', 'bench', 'lighthouse.json')}`);
    process.exitCode = options.check && misses.length ? 1 : 0;
  } finally {
    await stopServers([hosting]);
  }
}

await main();
