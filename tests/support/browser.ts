/**
 * Real Chromium against the built site on the hosting emulator, the way a visitor meets it.
 *
 *   const browser = await launchBrowser();                  // fails with one line without Chromium
 *   const visit = await openVisit(browser, { viewport: VIEWPORTS.mobile });
 *   await visit.goto('/products');                          // waits until the page is interactive
 *   ...
 *   expect(visit.problems).toEqual([]);  // page errors, CSP violations, failed same-origin requests
 *   await visit.close();
 *
 * Every page of a visit runs under the site's real Content-Security-Policy unless `bypassCSP` is
 * set (only the accessibility checks need it, to inject axe-core).
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT, chromiumPath } from '../../scripts/lib/chromium';
import { IMAGE_TIMEOUT_MS, UI_TIMEOUT_MS } from './deadlines';
import { SITE_ORIGIN } from './hosting';
import { CHROMIUM_ENDPOINT } from './shared-chromium';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where every run leaves its pictures of the site (git-ignored). */
export const SCREENSHOT_DIR = join(ROOT, 'artifacts', 'screenshots');

/** The two widths the site is checked at: a common phone and a laptop. */
export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

/** The site's visitors are mostly in India: dates and times on enquiries are Indian local time. */
export const VISITOR_TIMEZONE = 'Asia/Kolkata';

/**
 * Phone networks as Chrome DevTools emulates them: Lighthouse's mobile profile ("slow 4G": 150 ms
 * round trip, 1.6 Mbit/s down, 750 kbit/s up) and a weaker connection at 400 kbit/s.
 */
export const NETWORK_PROFILES = {
  'slow 4G': { latencyMs: 150, downloadKbps: 1_600, uploadKbps: 750 },
  '400 kbit/s': { latencyMs: 150, downloadKbps: 400, uploadKbps: 400 },
} as const;
export type NetworkProfile = keyof typeof NETWORK_PROFILES;

/** Puts the page's network on a profile, for every request it makes from now on. */
export async function emulateNetwork(page: Page, profile: NetworkProfile): Promise<void> {
  const { latencyMs, downloadKbps, uploadKbps } = NETWORK_PROFILES[profile];
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    // The protocol counts bytes per second.
    downloadThroughput: (downloadKbps * 1000) / 8,
    uploadThroughput: (uploadKbps * 1000) / 8,
  });
}

/**
 * The browser for a test file: the run's shared Chromium when the project launched one
 * (shared-chromium.ts), else a Chromium of its own. Closing it closes what the file opened.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = inject(CHROMIUM_ENDPOINT);
  if (shared) return chromium.connect(shared);
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error(`Chromium is required for the browser tests: ${CHROMIUM_INSTALL_HINT}.`);
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export type VisitOptions = {
  viewport?: { width: number; height: number };
  /** Only for injecting axe-core: the site's CSP rightly refuses foreign scripts. */
  bypassCSP?: boolean;
  /**
   * Same-origin requests the test makes fail on purpose, by path (a test that deletes the old
   * release's files, or asks for an unknown address). Any other failed one is a problem.
   */
  expectedFailures?: RegExp[];
  /** The browser's IANA time zone (a buyer in New York, Lagos …); Coimbatore's unless given. */
  timezoneId?: string;
};

export type Visit = {
  context: BrowserContext;
  page: Page;
  /**
   * Uncaught page errors, Content-Security-Policy violations and failed same-origin requests (no
   * answer, or an error status) not in `expectedFailures`, in every tab of the visit.
   */
  problems: string[];
  /** Loads a path of the site and waits until the page is interactive. */
  goto: (path: string) => Promise<Response | null>;
  close: () => Promise<void>;
};

/** Chromium reports a CSP violation on the console as "Refused to … because it violates …". */
const CSP_VIOLATION = /Content Security Policy|Refused to (load|execute|connect|apply|frame|create)/i;

function watchForProblems(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`${page.url()}: page error: ${error.message}`));
  page.on('console', (message) => {
    if (CSP_VIOLATION.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
  });
}

/**
 * A same-origin request that got no answer or an error status is a problem, unless the test said
 * it expects it. A request the page itself abandoned (a download cut short by leaving the page)
 * did not fail.
 */
function watchRequests(context: BrowserContext, problems: string[], expected: RegExp[]): void {
  const sameOrigin = (url: string) => new URL(url).origin === SITE_ORIGIN;
  const isExpected = (url: string) => expected.some((pattern) => pattern.test(new URL(url).pathname));
  context.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'failed';
    if (!sameOrigin(request.url()) || isExpected(request.url()) || error === 'net::ERR_ABORTED') return;
    problems.push(`${request.url()}: request failed: ${error}`);
  });
  context.on('response', (response) => {
    if (response.status() < 400 || !sameOrigin(response.url()) || isExpected(response.url())) return;
    problems.push(`${response.url()}: answered ${response.status()}`);
  });
}

export async function openVisit(browser: Browser, options: VisitOptions = {}): Promise<Visit> {
  const context = await browser.newContext({
    viewport: options.viewport ?? VIEWPORTS.desktop,
    baseURL: SITE_ORIGIN,
    bypassCSP: options.bypassCSP ?? false,
    timezoneId: options.timezoneId ?? VISITOR_TIMEZONE,
    locale: 'en-IN',
    // The site honours reduced motion (all cards at once, no carousel): test the full experience.
    reducedMotion: 'no-preference',
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  const problems: string[] = [];
  context.on('page', (page) => watchForProblems(page, problems));
  watchRequests(context, problems, options.expectedFailures ?? []);
  const page = await context.newPage();
  return {
    context,
    page,
    problems,
    goto: async (path) => {
      const response = await page.goto(path);
      await waitForHydration(page);
      return response;
    },
    close: () => context.close(),
  };
}

/**
 * Whether the current page is interactive: the site marks <html data-hydrated> once the page's code
 * runs and the islands that wake at load have taken over (web/src/app/islands/wake-islands.ts).
 */
const pageIsHydrated = () => document.documentElement.hasAttribute('data-hydrated');
const HYDRATED_PAGE = 'html[data-hydrated]';

/** Polls on an interval because a paused fake clock also stops requestAnimationFrame. */
async function waitForReact(page: Page): Promise<void> {
  await page.waitForFunction(pageIsHydrated, undefined, { polling: 10 });
  await settle(page);
}

/** Resolves once the page is hydrated, its effects have run and the page has stopped changing. */
export async function waitForHydration(page: Page): Promise<void> {
  await waitForReact(page);
}

/** How many rounds `settle` watches for a quiet one before it fails. */
const MAX_SETTLE_ROUNDS = 20;

/**
 * Lets the page finish the work it has already queued (React commits state from timers and runs
 * its effects in later tasks): rounds of three trips through the task queue, which fake clocks do
 * not touch, until a round passes in which the document did not change. A page still changing
 * after MAX_SETTLE_ROUNDS fails the test, naming what kept changing.
 */
export async function settle(page: Page): Promise<void> {
  const stillChanging = await page.evaluate(async (maxRounds) => {
    const nextTask = () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(null);
      });
    let lastChange = '';
    const describe = (record: MutationRecord) => {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      const where = target
        ? `${target.tagName.toLowerCase()}${target.className ? `.${String(target.className).split(' ')[0]}` : ''}`
        : 'document';
      return `${record.type}${record.attributeName ? ` ${record.attributeName}` : ''} on ${where}`;
    };
    for (let round = 0; round < maxRounds; round += 1) {
      const records: MutationRecord[] = [];
      const observer = new MutationObserver((found) => records.push(...found));
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      await nextTask();
      await nextTask();
      await nextTask();
      records.push(...observer.takeRecords());
      observer.disconnect();
      if (records.length === 0) return null;
      lastChange = describe(records[records.length - 1] as MutationRecord);
    }
    return lastChange;
  }, MAX_SETTLE_ROUNDS);
  if (stillChanging)
    throw new Error(
      `The page did not settle in ${MAX_SETTLE_ROUNDS} rounds; it kept changing (last: ${stillChanging}).`,
    );
}

/** A Friday evening in Coimbatore: a moment with a two-digit hour past noon and padded day and month. */
export const VISIT_TIME = new Date('2025-03-07T21:05:09+05:30');

/**
 * Puts the page's timers on a clock that moves only when the test says so (`page.clock.runFor`).
 * Call before the first navigation.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: VISIT_TIME });
  await page.clock.pauseAt(VISIT_TIME.getTime() + 1000);
}

/** One animation frame on a fake clock. */
const FRAME_MS = 16;
/** How long a paused page gets to start on zero-delay timers alone before time is let through. */
const ZERO_TIME_BOOT_MS = 3_000;

/**
 * Lets a paused page get on until `readySelector` matches in it. The site's loader waits for the
 * first paint and then a zero-delay timer, so the clock is stepped by 0 ms at first; a page that
 * needs time to pass gets it a frame at a time.
 */
async function runPausedClockUntil(page: Page, readySelector: string, what: string): Promise<void> {
  const started = Date.now();
  const ready = () => page.evaluate((selector) => document.querySelector(selector) !== null, readySelector);
  while (!(await ready())) {
    const waited = Date.now() - started;
    if (waited > UI_TIMEOUT_MS) throw new Error(`${what} on a paused clock`);
    await page.clock.runFor(waited < ZERO_TIME_BOOT_MS ? 0 : FRAME_MS);
  }
  await waitForReact(page);
}

/**
 * How long ago, on the page's clock, the matching islands took over (the earliest of them): their
 * timers (card reveal, popup countdown, carousel) started then, up to this much before "now".
 */
const awakeFor = (page: Page, islands: string) =>
  page.evaluate((selector) => {
    const times = Array.from(document.querySelectorAll(selector), (island) =>
      Number(island.getAttribute('data-awake')),
    );
    return times.length ? Date.now() - Math.min(...times) : 0;
  }, islands);

/** Loads a path on a paused clock and lets the site start (see runPausedClockUntil). */
export async function gotoOnPausedClock(
  page: Page,
  path: string,
): Promise<{ response: Response | null; jitterMs: number }> {
  const response = await page.goto(path);
  await runPausedClockUntil(page, HYDRATED_PAGE, `${path} did not start`);
  return { response, jitterMs: await awakeFor(page, '[data-island]:not([data-wake])[data-awake]') };
}

/**
 * Follows a link on a paused clock: `click` opens `path` (each page is its own document), which
 * then starts as gotoOnPausedClock's does.
 */
export async function followOnPausedClock(
  page: Page,
  click: () => Promise<void>,
  path: string,
): Promise<{ jitterMs: number }> {
  await Promise.all([page.waitForURL((url) => url.pathname === path, { waitUntil: 'commit' }), click()]);
  await runPausedClockUntil(page, HYDRATED_PAGE, `${path} did not start`);
  return { jitterMs: await awakeFor(page, '[data-island]:not([data-wake])[data-awake]') };
}

/**
 * Scrolls an island into view on a paused clock and lets it take over (islands that wake as they
 * come into view start their timers then, not with the page).
 */
export async function wakeOnPausedClock(page: Page, island: string): Promise<{ jitterMs: number }> {
  const selector = `[data-island="${island}"]`;
  await page.locator(`${selector} > *`).first().scrollIntoViewIfNeeded();
  await runPausedClockUntil(page, `${selector}[data-awake]`, `the ${island} island did not wake`);
  return { jitterMs: await awakeFor(page, `${selector}[data-awake]`) };
}

/** Whether the named island of the page has taken over its piece of the page. */
export const islandIsAwake = (page: Page, island: string) =>
  page
    .locator(`[data-island="${island}"][data-awake]`)
    .count()
    .then((count) => count > 0);

/** Moves a paused clock on and lets the page render what its timers changed, effects and all. */
export async function advanceClock(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  await waitForReact(page);
}

/**
 * A paused clock read as "ms since the page started": `at(ms)` moves it there (never back).
 * Timers the page set while starting are due at most `jitterMs` before their nominal time.
 */
export function pausedTimeline(page: Page, jitterMs: number) {
  let now = 0;
  return {
    jitterMs,
    get now() {
      return now;
    },
    async at(ms: number): Promise<void> {
      if (ms < now) throw new Error(`the clock cannot go back from ${now} ms to ${ms} ms`);
      await advanceClock(page, ms - now);
      now = ms;
    },
  };
}

/** The window's vertical scroll position. */
export const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * Scrolls through the whole page the way a reader would, so lazy images load and scroll-in
 * animations run; then brings each image into view in turn and waits for it to be loaded and
 * decoded (a picture taken next shows it); then returns to the top.
 */
export async function scrollThrough(page: Page): Promise<void> {
  const { height, viewport } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    viewport: window.innerHeight,
  }));
  for (let top = 0; top < height; top += Math.floor(viewport * 0.75)) {
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
    await settle(page);
    // A reader's eye rests on each screen long enough for what is on it to scroll in: revealed
    // cards well inside the viewport have been seen (a quick scroll can skip past them otherwise).
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('[data-state="visible"]')).every((card) => {
          const box = card.getBoundingClientRect();
          const seen = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
          return seen < box.height * 0.2 || card.classList.contains('visible');
        }),
      undefined,
      { polling: 50 },
    );
  }
  // Each image is brought into view and waited for in turn: a lazy image the scroll above passed
  // too quickly (a busy machine misses frames) starts loading only once it is near the viewport.
  const images = await page.evaluate(() => document.images.length);
  for (let index = 0; index < images; index += 1) {
    await page.evaluate(
      (i) => document.images[i]?.scrollIntoView({ block: 'center', behavior: 'instant' }),
      index,
    );
    await page
      .waitForFunction(
        (i) => {
          const image = document.images[i];
          return !image || (image.complete && image.naturalWidth > 0);
        },
        index,
        { polling: 50, timeout: IMAGE_TIMEOUT_MS },
      )
      .catch(async (error: unknown) => {
        const src = await page.evaluate((i) => document.images[i]?.currentSrc ?? '(gone)', index);
        throw new Error(`image ${index + 1} of ${images} (${src}) did not load on ${page.url()}`, {
          cause: error,
        });
      });
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/** Resolves once no CSS animation is half-way (a fading card is seen at its final colours). */
export async function waitForStillness(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running'),
    undefined,
    { polling: 50 },
  );
}

/** A test file's own picture folder: artifacts/screenshots/inbox-links for tests/e2e/inbox-links.test.ts. */
export const screenshotFolderOf = (testPath: string) =>
  join(SCREENSHOT_DIR, basename(testPath).replace(/\.test\.tsx?$/, ''));

/** Whether this test file has emptied its folder yet (each file runs in a fresh module graph). */
let ownFolderEmptied = false;

/**
 * Where the running test file saves a picture: its own folder, emptied at its first picture of a
 * run, so a file rewrites all of its pictures and never deletes another file's.
 */
export function screenshotPath(name: string): string {
  const folder = screenshotFolderOf(expect.getState().testPath ?? 'unknown');
  if (!ownFolderEmptied) {
    rmSync(folder, { recursive: true, force: true });
    ownFolderEmptied = true;
  }
  mkdirSync(folder, { recursive: true });
  return join(folder, `${name}.png`);
}

/** A full-length PNG of a real page is never this small; a blank one can be. */
export const MIN_SCREENSHOT_BYTES = 10_000;

/**
 * Saves the page as it is now to artifacts/screenshots/<test file>/<name>-<width>x<height>.png (the window's
 * size; the whole page's length with `fullPage`), and fails when the file is too small to hold
 * anything but a blank page.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  { fullPage = false, minBytes = MIN_SCREENSHOT_BYTES }: { fullPage?: boolean; minBytes?: number } = {},
): Promise<string> {
  const { width, height } = page.viewportSize() ?? VIEWPORTS.desktop;
  const path = screenshotPath(`${name}-${width}x${height}`);
  await page.screenshot({ path, fullPage });
  expect(statSync(path).size, path).toBeGreaterThan(minBytes);
  return path;
}

/**
 * Where the focused element stands: whether it shows a focus indicator (an outline or a ring
 * drawn with box-shadow), whether it is inside the viewport, and whether something else (a sticky
 * header, a floating button) covers its centre.
 */
export type FocusReport = {
  description: string;
  indicator: boolean;
  inViewport: boolean;
  uncovered: boolean;
};

export async function focusReport(page: Page): Promise<FocusReport | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      style.outlineColor !== 'transparent' &&
      style.outlineColor !== 'rgba(0, 0, 0, 0)';
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    const box = element.getBoundingClientRect();
    // Sub-pixel layout: an element scrolled flush to an edge may overhang it by a fraction.
    const slack = 1;
    const inViewport =
      box.width > 0 &&
      box.height > 0 &&
      box.top >= -slack &&
      box.left >= -slack &&
      box.bottom <= window.innerHeight + slack &&
      box.right <= window.innerWidth + slack;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const uncovered = Boolean(hit && (hit === element || element.contains(hit) || hit.contains(element)));
    const label =
      element.getAttribute('aria-label') ??
      (element.id ? `#${element.id}` : (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50));
    return {
      description: `<${element.tagName.toLowerCase()}> ${label}`,
      indicator: outline || ring,
      inViewport,
      uncovered,
    };
  });
}
