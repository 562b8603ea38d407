/**
 * Pictures of every screen at phone and laptop width, full length, taken after scrolling through
 * so lazy images and scroll-in cards have appeared: artifacts/screenshots/<screen>-<width>x<height>.png
 * (git-ignored), rewritten on every run so anyone can look at the site after `npm test`.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_REVEAL_DELAY_MS } from '../../web/src/features/catalogue/reveal-schedule';
import {
  launchBrowser,
  openVisit,
  SCREENSHOT_DIR,
  screenshotPath,
  scrollThrough,
  VIEWPORT_NAMES,
  VIEWPORTS,
  waitForHydration,
  waitForStillness,
} from '../support/browser';
import { PRODUCTS, SITE_ROUTES } from './visitor';

/** A full-length PNG of a real page is never this small; a blank one can be. */
const MIN_SCREENSHOT_BYTES = 10_000;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // The sales inbox's pictures (inbox-*.png) belong to tests/e2e/inbox.test.ts, which may run first.
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const file of readdirSync(SCREENSHOT_DIR))
    if (!file.startsWith('inbox-')) rmSync(join(SCREENSHOT_DIR, file), { recursive: true, force: true });
});

afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORT_NAMES)('at %s width', (viewport) => {
  it('saves every screen, full length', async () => {
    const { width, height } = VIEWPORTS[viewport];
    const visit = await openVisit(browser, { viewport: VIEWPORTS[viewport] });
    try {
      await visit.context.clock.install();
      for (const route of SITE_ROUTES) {
        // A fresh tab per screen: nothing remembered from the screen before.
        const page = await visit.context.newPage();
        await page.goto(route.path);
        await waitForHydration(page);
        await page.clock.runFor(PRODUCTS.length * CARD_REVEAL_DELAY_MS);
        await scrollThrough(page);
        await waitForStillness(page);
        const path = screenshotPath(`${route.name}-${width}x${height}`);
        await page.screenshot({ path, fullPage: true });
        expect(statSync(path).size, path).toBeGreaterThan(MIN_SCREENSHOT_BYTES);
        await page.close();
      }
      expect(visit.problems).toEqual([]);
    } finally {
      await visit.close();
    }
  });
});
