/**
 * The body font never stands between a visitor and the first screen (web/src/styles/fonts.css):
 * a first page view paints in the metric-matched fallback and downloads nothing for the font until
 * the page has loaded; the next view paints in the body font from the cache, before its first
 * paint, so it never swaps. The web app manifest, likewise, is only linked once the page has loaded.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { polled } from './visitor';
import { useJourneys } from './journeys';

const journeys = useJourneys();

/** What the page itself recorded about the body font and its first paint. */
const fontTimeline = (page: Page) =>
  page.evaluate(() => {
    const font = document.querySelector('script[data-font]')?.getAttribute('data-font') ?? '';
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const download = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
      (entry) => new URL(entry.name).pathname === font,
    );
    return {
      font,
      flagged: document.documentElement.hasAttribute('data-body-font'),
      bodyFont: getComputedStyle(document.body).fontFamily,
      firstPaint: paint?.startTime ?? NaN,
      loadEvent: navigation?.loadEventStart ?? NaN,
      fontRequested: download?.startTime ?? null,
      fontEnded: download?.responseEnd ?? null,
      fontBytesOverNetwork: download?.transferSize ?? null,
      fontInUse: document.fonts.check('16px "Manrope Variable"'),
      noted: localStorage.getItem('body-font'),
    };
  });

describe('the body font', () => {
  it('waits for the first page to load, then paints the next one from the cache without a swap', async () => {
    const { page, goto } = await journeys.visit('mobile');
    await goto('/about');
    const first = await fontTimeline(page);
    expect(first.font).toMatch(/^\/assets\/body-[\w-]+\.woff2$/);
    expect(first.flagged).toBe(false);
    expect(first.bodyFont).toMatch(/^"Manrope Fallback"/);
    await expect.poll(() => fontTimeline(page).then((timeline) => timeline.noted), polled).toBe(first.font);
    const fetched = await fontTimeline(page);
    // Downloaded once the page had painted and loaded, and not put to use on this page.
    expect(fetched.fontRequested).toBeGreaterThanOrEqual(fetched.loadEvent);
    expect(fetched.fontRequested).toBeGreaterThan(fetched.firstPaint);
    expect(fetched.bodyFont).toMatch(/^"Manrope Fallback"/);

    await goto('/privacy-policy');
    const next = await fontTimeline(page);
    expect(next.flagged).toBe(true);
    expect(next.bodyFont).toMatch(/^"Manrope Variable"/);
    expect(next.fontInUse).toBe(true);
    // From the HTTP cache, and there before the first paint: the text never showed the fallback.
    expect(next.fontBytesOverNetwork).toBe(0);
    expect(next.fontEnded).not.toBeNull();
    expect(next.fontEnded).toBeLessThan(next.firstPaint);
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
