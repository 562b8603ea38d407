/**
 * `npm run bench`: builds the site, and the baseline (the previous commit, or `--baseline <ref>`)
 * in a temporary git worktree, serves each with a Hosting emulator of its own (its own
 * firebase.json, so its own headers and CSP hashes), and runs Lighthouse (mobile defaults: Moto G
 * power emulation, simulated slow 4G, 4× CPU slowdown) on every route of both, alternating run by
 * run in the same session: these machines are noisy (Lighthouse's own CPU benchmark moved from 711
 * to 1,341 within an hour), so a figure means something only beside its baseline measured in the
 * same minutes.
 *
 * One table: the four category scores, FCP, LCP, CLS, TBT, the longest main-thread task, the
 * bytes of the HTML response (its headers and compressed body, as they cross the network), the
 * JavaScript of the first load (gzipped) and how much of it is Firebase, each with the baseline's
 * beside it; then, per route, the LCP element, Lighthouse's LCP breakdown (time to first byte,
 * resource load delay, load time, render delay) and what the longest task ran.
 *
 * It also measures the floor in the same rounds: a page of one heading and one line, served by a
 * bare Node server, under the same simulation. No page paints sooner than that here, so each
 * route's FCP minus the floor is what the page itself costs.
 *
 * A benchmark, not a test: it exits 0 whatever the numbers, unless `--check` is given, which exits
 * 1 when a route of the current build misses the budget (scripts/lib/lighthouse-report.ts; the
 * baseline is never judged). `--runs N` takes the median of N runs per route and build;
 * `--no-build` measures the current dist/site; `--no-baseline` measures the current build alone.
 * Everything goes to artifacts/bench/lighthouse.json as well.
 */
import { killAll, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  buildBaseline,
  currentCommit,
  resolveCommit,
  type BaselineBuild,
  type Commit,
} from './lib/baseline-build';
import { chromiumPath, CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT } from './lib/chromium';
import { writePublishedSite } from './lib/published-site';
import { FIREBASE_BIN, offlineFirebaseEnv } from './lib/emulator-env';
import {
  BENCH_USAGE,
  BUDGET,
  formatDetails,
  formatFloor,
  formatTable,
  medianOf,
  missedBudget,
  parseBenchArgs,
  ROUTES,
  type BenchArgs,
  type RouteMetrics,
  type RouteResult,
  UNMEASURED,
} from './lib/lighthouse-report';
import { fail, ROOT } from './lib/project';
import { run, startServer, stopServers, waitForUrl, type Server } from './lib/processes';

const SERVER_START_TIMEOUT_MS = 90_000;
const MEASURE_ATTEMPTS = 2;
const ARTIFACTS = join(ROOT, 'artifacts', 'bench');

let options: BenchArgs;
try {
  options = parseBenchArgs(process.argv.slice(2));
} catch (error) {
  console.error(`✖ ${(error as Error).message}\n${BENCH_USAGE}`);
  process.exit(2);
}

/** One build being measured: where its files are and where it is served. */
type Site = {
  name: 'current' | 'baseline' | 'published' | 'floor';
  siteDir: string;
  origin: string;
  /** The built chunks that hold Firebase SDK code. */
  firebase: Set<string>;
};

/** The built chunks that hold Firebase SDK code, found by what is inside them rather than their names. */
function firebaseChunks(siteDir: string): Set<string> {
  const assets = join(siteDir, 'assets');
  return new Set(
    readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .filter((file) =>
        /firestore\.googleapis\.com|@firebase\/app/.test(readFileSync(join(assets, file), 'utf8')),
      )
      .map((file) => `/assets/${file}`),
  );
}

/**
 * Gzipped size of the files themselves (what the budget is about), not Lighthouse's transfer
 * size, which also counts each response's headers.
 */
function gzippedKb(siteDir: string, urls: string[]): number {
  return (
    urls.reduce((sum, url) => {
      const file = join(siteDir, new URL(url).pathname);
      return sum + (existsSync(file) ? gzipSync(readFileSync(file)).length : 0);
    }, 0) / 1024
  );
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };
type LcpElementDetails = {
  items?: {
    items?: { node?: { snippet?: string; nodeLabel?: string }; phase?: string; timing?: number }[];
  }[];
};
type LongTaskDetails = { items?: { url?: string; duration?: number }[] };

/**
 * The LCP element's opening tag, shortened and without the origin (each build has its own port),
 * and Lighthouse's breakdown of its LCP time.
 */
function lcpElement(details: LcpElementDetails | undefined, origin: string) {
  const [element, phases] = details?.items ?? [];
  const snippet = (element?.items?.[0]?.node?.snippet ?? '(none)').replaceAll(origin, '');
  return {
    lcpElement: snippet.length > 90 ? `${snippet.slice(0, 87)}...` : snippet,
    lcpPhases: Object.fromEntries(
      (phases?.items ?? []).map((item) => [item.phase ?? '?', Math.round(item.timing ?? NaN)]),
    ),
  };
}

/**
 * The longest main-thread task, from Lighthouse 12's `long-tasks` audit: its top-level tasks of
 * 50 ms or more, longest first, with durations from the same simulation (Lantern, 4× CPU) that
 * gives Total Blocking Time, so the two agree. (`mainthread-work-breakdown` sums time by kind of
 * work and says nothing of single tasks.) A task is named by the script it is attributed to, or
 * the page itself.
 */
function longestTask(details: LongTaskDetails | undefined, pageUrl: string) {
  const longest = details?.items?.[0];
  if (!longest?.duration) return { longestTaskMs: 0, longestTaskSource: '' };
  const url = longest.url ?? '';
  const source =
    url === pageUrl
      ? 'the document'
      : URL.canParse(url)
        ? new URL(url).pathname.split('/').pop() || url
        : url;
  return { longestTaskMs: longest.duration, longestTaskSource: source || 'unattributed' };
}

/** One Lighthouse run's figures, or why Lighthouse could not measure the page. */
async function measure(url: string, port: number, site: Site): Promise<RouteMetrics | { error: string }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) return { error: `${runtimeError.code} ${runtimeError.message}` };
  const score = (id: string) => Math.round((categories[id]?.score ?? NaN) * 100);
  const network = (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const scripts = network.filter((item) => item.resourceType === 'Script');
  const html = network.find((item) => item.resourceType === 'Document');
  const kilobytes = (items: NetworkItem[]) =>
    gzippedKb(
      site.siteDir,
      items.map((item) => item.url),
    );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    ...longestTask(
      audits['long-tasks']?.details as LongTaskDetails | undefined,
      result.lhr.finalDisplayedUrl,
    ),
    htmlBytes: html?.transferSize ?? NaN,
    firstLoadJsKb: kilobytes(scripts),
    firebaseKb: kilobytes(scripts.filter((item) => site.firebase.has(new URL(item.url).pathname))),
    ...lcpElement(
      audits['largest-contentful-paint-element']?.details as LcpElementDetails | undefined,
      site.origin,
    ),
    failedAudits: Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id),
  };
}

/** A port nothing listens on now, from the system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Serves one build with the Hosting emulator, as the current bench always has, under a demo
 * project and ports of its own (so two can run at once, beside `npm start` too): its own
 * firebase.json's hosting section (headers, redirects, clean URLs) with `public` pointing at its
 * dist/site. The emulator's output goes to artifacts/bench/hosting-<name>.log.
 *
 * No functions run behind it: a rewrite to a function (the form's `/api/reply-speed`) answers a
 * small file of the site instead (robots.txt, 200), which the form reads as no figure, as a page
 * below 20 answered enquiries does in production. Without it the request would fail and Chromium
 * would log an error no visitor sees.
 */
async function serveBuild(
  name: Site['name'],
  siteDir: string,
  firebaseJson: string,
  configDir: string,
): Promise<{ site: Site; server: Server }> {
  const { hosting } = JSON.parse(readFileSync(firebaseJson, 'utf8')) as { hosting: Record<string, unknown> };
  const rewrites = (hosting.rewrites ?? []) as Record<string, unknown>[];
  hosting.rewrites = rewrites.map((rule) =>
    'function' in rule ? { source: rule.source, destination: '/robots.txt' } : rule,
  );
  const [hostingPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const config = join(configDir, `firebase.${name}.json`);
  const host = '127.0.0.1';
  writeFileSync(
    config,
    JSON.stringify({
      // Relative to the config's folder: the emulator joins `public` to it, absolute or not.
      hosting: { ...hosting, public: relative(configDir, siteDir) },
      emulators: {
        singleProjectMode: true,
        hub: { host, port: hubPort },
        logging: { host, port: loggingPort },
        hosting: { host, port: hostingPort },
        ui: { enabled: false },
      },
    }),
  );
  const log = createWriteStream(join(ARTIFACTS, `hosting-${name}.log`));
  const server = startServer(
    `Hosting emulator (${name})`,
    FIREBASE_BIN,
    ['emulators:start', '--only', 'hosting', '--project', `demo-bench-${name}`, '--config', config],
    { env: offlineFirebaseEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const origin = `http://${host}:${hostingPort}`;
  await waitForUrl(`${origin}/home`, SERVER_START_TIMEOUT_MS, () => server.exitCode !== null);
  return { site: { name, siteDir, origin, firebase: firebaseChunks(siteDir) }, server };
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
  const server = createHttpServer((_request, response) => {
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

/** The floor page is no build of ours: it has no files and no Firebase. */
const FLOOR_SITE: Site = { name: 'floor', siteDir: ROOT, origin: '', firebase: new Set() };

async function main() {
  const chrome = chromiumPath();
  if (!chrome) fail(`Chromium is required for Lighthouse: ${CHROMIUM_INSTALL_HINT}.`);
  mkdirSync(ARTIFACTS, { recursive: true });

  let baselineCommit: Commit | null = null;
  try {
    baselineCommit = options.baseline === null ? null : resolveCommit(options.baseline);
  } catch (error) {
    fail((error as Error).message);
  }
  const current = currentCommit();
  if (options.build) run('npm', ['run', 'build']);

  const servers: Server[] = [];
  let baseline: BaselineBuild | undefined;
  const configDir = mkdtempSync(join(tmpdir(), 'sme-bench-hosting-'));
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    killAll();
    await stopServers(servers);
    baseline?.remove();
    rmSync(configDir, { recursive: true, force: true });
  };
  const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanUp().then(() => process.exit(SIGNAL_EXIT_CODES[signal])));

  try {
    if (baselineCommit) {
      console.log(
        `\n• Building the baseline, ${options.baseline} = ${baselineCommit.sha.slice(0, 7)} "${baselineCommit.subject}"`,
      );
      const started = performance.now();
      baseline = buildBaseline(baselineCommit, join(ARTIFACTS, 'baseline-build.log'));
      for (const line of baseline.report) console.log(`  ${line}`);
      console.log(`  ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }

    console.log('• Serving each build with a Hosting emulator of its own');
    const now = await serveBuild(
      'current',
      join(ROOT, 'dist', 'site'),
      join(ROOT, 'firebase.json'),
      configDir,
    );
    servers.push(now.server);
    const sites: Site[] = [now.site];
    if (baseline) {
      const base = await serveBuild('baseline', baseline.siteDir, baseline.firebaseJson, configDir);
      servers.push(base.server);
      sites.push(base.site);
    }
    // What a publish from the inbox's Site part releases, rendered by the bundle the functions
    // carry, with a product photo: judged by the same budget as the build, in the same rounds.
    console.log(
      '• Rendering a published site (a changed unit, a trade term, a phone photo) with the functions’ bundle',
    );
    const published = await writePublishedSite(configDir);
    const publishedSite = await serveBuild('published', published.siteDir, published.firebaseJson, configDir);
    servers.push(publishedSite.server);
    sites.push(publishedSite.site);

    // Every run is a first visit in a browser of its own: Lighthouse clears the HTTP cache between
    // runs but keeps other site data, so a shared browser would measure a visitor whose cache was
    // cleared and whose site data was not.
    // A run Lighthouse cannot record (it asks to be run again, e.g. NO_NAVSTART) is run once more;
    // if that fails too, the run counts as unmeasured and the median is of the others.
    const firstVisit = async (url: string, site: Site): Promise<RouteMetrics> => {
      for (let attempt = 1; attempt <= MEASURE_ATTEMPTS; attempt += 1) {
        // Ctrl-C is this script's to handle (chrome-launcher would exit at once, leaving the
        // emulators and the baseline's worktree behind).
        const browser = await launch({ chromePath: chrome, chromeFlags: CHROMIUM_ARGS, handleSIGINT: false });
        try {
          const measured = await measure(url, browser.port, site);
          if (!('error' in measured)) return measured;
          console.error(
            `  ✖ Lighthouse on ${url} (attempt ${attempt} of ${MEASURE_ATTEMPTS}): ${measured.error}`,
          );
        } finally {
          await browser.kill();
        }
      }
      return UNMEASURED;
    };

    const samples = new Map<string, RouteMetrics[]>();
    const note = (key: string, sample: RouteMetrics) =>
      samples.set(key, [...(samples.get(key) ?? []), sample]);
    const started = performance.now();
    await withFloorPage(async (floorUrl) => {
      for (let round = 0; round < options.runs; round += 1) {
        note('floor', await firstVisit(floorUrl, FLOOR_SITE));
        for (const [index, route] of ROUTES.entries()) {
          // Each build goes first in half the pairs, so a machine slowing down or speeding up
          // within a round weighs on both alike.
          const order = (round + index) % 2 === 0 ? sites : [...sites].reverse();
          const figures: string[] = [];
          for (const site of order) {
            const sample = await firstVisit(`${site.origin}${route}`, site);
            note(`${site.name} ${route}`, sample);
            figures.push(`${site.name} FCP ${Math.round(sample.fcpMs)} TBT ${Math.round(sample.tbtMs)}`);
          }
          console.log(`  round ${round + 1}/${options.runs} ${route}: ${figures.join(' · ')}`);
        }
      }
    });
    const minutes = ((performance.now() - started) / 60_000).toFixed(1);

    const resultsOf = (name: Site['name']): RouteResult[] =>
      ROUTES.map((route) => ({ route, ...medianOf(samples.get(`${name} ${route}`) ?? []) }));
    const results = resultsOf('current');
    const baseResults = baseline ? resultsOf('baseline') : undefined;
    const publishedResults = resultsOf('published');
    const { fcpMs, lcpMs } = medianOf(samples.get('floor') ?? []);
    const floor = { fcpMs, lcpMs };

    const describe = (commit: Commit) => `${commit.sha.slice(0, 7)} "${commit.subject}"`;
    console.log(
      `\nLighthouse ${options.runs > 1 ? `(median of ${options.runs} runs) ` : ''}on the Hosting emulator, mobile defaults, ${minutes} min`,
    );
    console.log(
      `  current: the working tree at ${describe(current)}${current.dirty ? ', with uncommitted changes' : ''}`,
    );
    if (baseline) console.log(`  baseline, in brackets: ${options.baseline} = ${describe(baseline)}`);
    console.log(`\n${formatTable(results, baseResults)}\n`);
    for (const line of formatFloor(floor, results, baseResults)) console.log(line);
    console.log('\nLCP element, its breakdown (ms) and the longest task, of the median runs');
    for (const line of formatDetails(results, baseResults)) console.log(line);
    for (const result of results.filter((candidate) => candidate.failedAudits.length))
      console.log(`  ${result.route} failed audits: ${result.failedAudits.join(', ')}`);

    console.log('\nThe published site, the current build in brackets');
    console.log(`\n${formatTable(publishedResults, results)}\n`);
    const misses = [
      ...results.flatMap((result) =>
        missedBudget(result, floor.fcpMs).map((miss) => `${result.route}: ${miss}`),
      ),
      ...publishedResults.flatMap((result) =>
        missedBudget(result, floor.fcpMs).map((miss) => `published ${result.route}: ${miss}`),
      ),
    ];
    console.log(
      misses.length
        ? `\nThe current build or the published site is over budget:\n  ${misses.join('\n  ')}`
        : `\nEvery route of the current build and of the published site is within the budget (FCP ≤ floor + ${BUDGET.fcpAboveFloorMs} ms, LCP ≤ ${BUDGET.lcpMs} ms, TBT ≤ ${BUDGET.tbtMs} ms).`,
    );

    const artifact = join(ARTIFACTS, 'lighthouse.json');
    writeFileSync(
      artifact,
      `${JSON.stringify(
        {
          budget: BUDGET,
          runs: options.runs,
          floor,
          current: { ...current, results, samples: sampleSets('current', samples) },
          published: { results: publishedResults, samples: sampleSets('published', samples) },
          baseline: baseline
            ? {
                ref: options.baseline,
                sha: baseline.sha,
                subject: baseline.subject,
                results: baseResults,
                samples: sampleSets('baseline', samples),
              }
            : null,
          floorSamples: samples.get('floor') ?? [],
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Written to ${relative(ROOT, artifact)}`);
    process.exitCode = options.check && misses.length ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

/** Every run of one build, by route, for the artifact. */
function sampleSets(name: Site['name'], samples: Map<string, RouteMetrics[]>) {
  return Object.fromEntries(ROUTES.map((route) => [route, samples.get(`${name} ${route}`) ?? []]));
}

await main();
