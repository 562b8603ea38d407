/**
 * Each page's inline CSS is what its first screen needs, and no less (scripts/prerender.ts: the
 * rules for the part of the page that firstScreenOf keeps). Every prerendered page, at phone,
 * tablet and desktop sizes, is drawn twice without JavaScript: once with the full stylesheet (the
 * <noscript> link) and once with that stylesheet refused, so only the inline CSS styles it. On the
 * first screen, every element must sit in the same place with the same looks. Web fonts are
 * refused both times: the metric-matched fallbacks stand in, so only the CSS differs.
 *
 * Below the first screen nothing shows before the full stylesheet is in: not unstyled text, and
 * never the enquiry form's trap field for bots, which a person could fill in by mistake.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { privatePaths, sitePaths } from '../../web/src/app/site-paths';
import { get, SITE_ORIGIN } from '../support/hosting';
import { useJourneys } from './journeys';
import { polled } from './visitor';

const journeys = useJourneys();

/** A short phone, a tall phone, a tall tablet (the home page's third block shows), two desktops. */
const SCREENS = [
  { width: 360, height: 640 },
  { width: 412, height: 915 },
  { width: 1024, height: 1366 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
const PAGES = [...sitePaths, ...privatePaths, '/no-such-page'];
/** Fewer elements than this on a first screen would be a blank page, not a page. */
const MIN_DRAWN = 20;
/** The private inbox before sign-in is only its own header and one line saying it is checking. */
const MIN_DRAWN_PRIVATE = 4;

/** What the browser draws for each element on the first screen: its box within the screen and its looks. */
type Drawn = Record<string, string>;

async function firstScreen(
  browser: Browser,
  screen: { width: number; height: number },
  fullStylesheet: string | null,
): Promise<Map<string, Drawn>> {
  const context = await browser.newContext({
    viewport: screen,
    baseURL: SITE_ORIGIN,
    javaScriptEnabled: false,
  });
  await context.route(/\.woff2$/, (route) => route.abort());
  if (fullStylesheet) await context.route(`**${fullStylesheet}`, (route) => route.abort());
  const page = await context.newPage();
  const drawn = new Map<string, Drawn>();
  try {
    for (const path of PAGES) {
      await page.goto(path, { waitUntil: 'load' });
      drawn.set(
        path,
        await page.evaluate(() => {
          const looks = [
            'display',
            'visibility',
            'opacity',
            'color',
            'backgroundColor',
            'backgroundImage',
            'fontFamily',
            'fontSize',
            'fontWeight',
            'lineHeight',
            'letterSpacing',
            'textTransform',
            'textDecorationLine',
            'borderTopWidth',
            'borderTopColor',
            'borderRadius',
            'boxShadow',
            'transform',
            'outlineStyle',
          ] as const;
          const elements = [...document.body.querySelectorAll('*')];
          const seen: Record<string, string> = {};
          elements.forEach((element, index) => {
            const box = element.getBoundingClientRect();
            if (box.bottom <= 0 || box.top >= innerHeight || (box.width === 0 && box.height === 0)) return;
            // Only the part on the screen: a block that runs on below it may grow with later CSS.
            const top = Math.max(box.top, 0);
            const bottom = Math.min(box.bottom, innerHeight);
            const style = getComputedStyle(element);
            const where = [box.left, top, box.width, bottom - top].map(Math.round).join(',');
            const name = `${index} <${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`;
            seen[name] = `${where} ${looks.map((look) => style[look]).join(' | ')}`;
          });
          return seen;
        }),
      );
    }
  } finally {
    await context.close();
  }
  return drawn;
}

const stylesheetOf = async (path: string) =>
  /<script data-style="([^"]+)"/.exec(await (await get(path)).text())?.[1] ?? '';

describe("a page's inline CSS", () => {
  it('draws the first screen of every page exactly as the full stylesheet does', async () => {
    const stylesheet = await stylesheetOf('/home');
    expect(stylesheet).toMatch(/^\/assets\/style-[\w-]+\.css$/);
    for (const screen of SCREENS) {
      const full = await firstScreen(journeys.browser, screen, null);
      const inline = await firstScreen(journeys.browser, screen, stylesheet);
      for (const path of PAGES) {
        const seen = full.get(path) ?? {};
        expect(Object.keys(seen).length, `${path} at ${screen.width} × ${screen.height}`).toBeGreaterThan(
          privatePaths.includes(path) ? MIN_DRAWN_PRIVATE : MIN_DRAWN,
        );
        expect(inline.get(path), `${path} at ${screen.width} × ${screen.height}`).toEqual(seen);
      }
    }
  });

  it('keeps the rest of the page out of sight until the full stylesheet is in', async () => {
    const stylesheet = await stylesheetOf('/home');
    const { page } = await journeys.visit('mobile');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${stylesheet}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/home', { waitUntil: 'commit' });
    // The boot script has painted the first screen and asked for the stylesheet.
    await page.waitForSelector(`link[rel="stylesheet"][href="${stylesheet}"]`, { state: 'attached' });
    const looks = () =>
      page.evaluate(() => {
        const visibility = (selector: string) => {
          const element = document.querySelector(selector);
          return element ? getComputedStyle(element).visibility : 'missing';
        };
        return {
          styled: document.documentElement.hasAttribute('data-styled'),
          hero: visibility('main > :first-child h1'),
          form: visibility('main form'),
          trap: visibility('.enquiry-form__trap input'),
          trapOnScreen:
            (document.querySelector('.enquiry-form__trap')?.getBoundingClientRect().right ?? 0) > 0,
          footer: visibility('main ~ footer'),
        };
      });
    expect(await looks()).toEqual({
      styled: false,
      hero: 'visible',
      form: 'hidden',
      trap: 'hidden',
      trapOnScreen: true,
      footer: 'hidden',
    });
    release();
    await expect.poll(looks, polled).toEqual({
      styled: true,
      hero: 'visible',
      form: 'visible',
      trap: 'visible',
      trapOnScreen: false,
      footer: 'visible',
    });
  });
});
