/**
 * The body text is set in one face on every page, whatever the visitor saw before
 * (web/src/styles/fonts.css): a first page view and the views after it paint their body text in
 * the same local face, and no page downloads a body font. The headings' web font still comes after
 * the first paint. The web app manifest, likewise, is only linked once the page has loaded.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { polled } from './visitor';
import { useJourneys } from './journeys';

const journeys = useJourneys();

/** The face the browser drew each part of the page in, and the fonts the page downloaded. */
const typeOf = (page: Page) =>
  page.evaluate(() => {
    const family = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? getComputedStyle(element).fontFamily : null;
    };
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const fonts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
      /\.woff2$/.test(new URL(entry.name).pathname),
    );
    return {
      body: family('body'),
      navigation: family('.site-nav__link'),
      heading: family('h1'),
      bodyFaceReady: document.fonts.check('16px "Body Sans"'),
      fonts: fonts.map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      firstPaint: paint?.startTime ?? NaN,
    };
  });

describe('the body font', () => {
  it('is the same face on a first page view and on every view after it, and never downloads', async () => {
    const { page, goto } = await journeys.visit('mobile');
    await goto('/about');
    // The headings' face comes with the full stylesheet, after the first paint: wait for it.
    await expect
      .poll(
        () => typeOf(page).then((type) => type.fonts.some((font) => /\/display-/.test(font.path))),
        polled,
      )
      .toBe(true);
    const first = await typeOf(page);
    expect(first.body).toMatch(/^"Body Sans"/);
    expect(first.navigation).toBe(first.body);
    expect(first.bodyFaceReady).toBe(true);
    // The one web font is the headings' face, fetched after the first paint.
    expect(first.heading).toMatch(/^"Cormorant Garamond Variable"/);
    expect(first.fonts.map((font) => font.path)).toEqual([expect.stringMatching(/\/display-[\w-]+\.woff2$/)]);
    for (const font of first.fonts) expect(font.startTime).toBeGreaterThan(first.firstPaint);

    // A later view, in the same browser, after a page that had every chance to cache anything.
    for (const path of ['/privacy-policy', '/products']) {
      await goto(path);
      const next = await typeOf(page);
      expect(next.body, path).toBe(first.body);
      expect(next.navigation, path).toBe(first.body);
      expect(
        next.fonts.filter((font) => !/\/display-/.test(font.path)),
        path,
      ).toEqual([]);
    }
  });
});

describe('the web app manifest', () => {
  it('is linked once the page has loaded, not on the first round trips', async () => {
    const { page, goto } = await journeys.visit('mobile');
    const response = await goto('/home');
    expect(await response?.text()).not.toContain('rel="manifest"');
    await expect
      .poll(() => page.locator('link[rel="manifest"]').getAttribute('href'), polled)
      .toBe('/manifest.webmanifest');
  });
});
