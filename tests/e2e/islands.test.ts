/**
 * On load, a page comes to life only where a visitor can touch it: React renders nothing but the
 * page's islands (and nothing at all where those are plain DOM code, until a form needs it), and
 * the rest of the page stays the HTML it arrived as. Each page is watched from
 * before its first byte: a stand-in for React's developer-tools hook counts the roots React makes
 * and every element it commits, and a MutationObserver records every change to the page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { POPUP_ON_DESCRIPTION_MS } from '../../web/src/features/enquiry/promo-popup';
import { advanceClock, gotoOnPausedClock, islandIsAwake, pauseClock, settle } from '../support/browser';
import { ERROR_SCREENS, polled, promoPopup, UNKNOWN_PATH } from './visitor';
import { useJourneys } from './journeys';

const journeys = useJourneys();

type Watched = {
  roots: number;
  /** Elements React committed outside any island (should be none). */
  outsideIslands: string[];
  /** Changes to the page outside its islands, its <head> and <html>'s own marks. */
  changedOutside: string[];
  reactLoaded: boolean;
};

/** Runs in the page before any of its scripts. */
function watchPage() {
  const state = {
    roots: new Set<unknown>(),
    outsideIslands: [] as string[],
    changedOutside: [] as string[],
    // The page's own, kept before a test's fake clock replaces it with one that lists no resources.
    performance: window.performance,
  };
  (window as unknown as Record<string, unknown>).__watched = state;
  type Fiber = { tag: number; stateNode: unknown; child: Fiber | null; sibling: Fiber | null };
  const HOST_COMPONENT = 5;
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      state.roots.add(root);
      const visit = (fiber: Fiber | null) => {
        for (let node = fiber; node; node = node.sibling) {
          if (
            node.tag === HOST_COMPONENT &&
            node.stateNode instanceof Element &&
            !node.stateNode.closest('[data-island]')
          )
            state.outsideIslands.push(node.stateNode.tagName.toLowerCase());
          visit(node.child);
        }
      };
      visit(root.current.child);
    },
  };
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`;
  // From the end of parsing on: what the parser builds is the page as it arrived.
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      if (!target || target.closest('head') || target.closest('[data-island]')) continue;
      // <html>'s own marks: the stylesheet is in, the page is interactive.
      if (target === document.documentElement && record.type === 'attributes') continue;
      state.changedOutside.push(`${record.type} on ${describe(target)}`);
    }
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true }),
  );
}

async function watched(page: Page): Promise<Watched> {
  await settle(page);
  return page.evaluate(() => {
    const state = (
      window as unknown as {
        __watched: {
          roots: Set<unknown>;
          outsideIslands: string[];
          changedOutside: string[];
          performance: Performance;
        };
      }
    ).__watched;
    return {
      roots: state.roots.size,
      outsideIslands: state.outsideIslands,
      changedOutside: state.changedOutside,
      reactLoaded: state.performance
        .getEntriesByType('resource')
        .some((entry) => /\/assets\/client-[^/]+\.js$/.test(entry.name)),
    };
  });
}

async function open(path: string) {
  const visit = await journeys.visit('mobile', { expectedFailures: ERROR_SCREENS });
  await visit.page.addInitScript(watchPage);
  await visit.goto(path);
  return visit.page;
}

describe('on load, a page comes to life only in its islands', () => {
  it.each(['/about', '/privacy-policy', '/terms-conditions', UNKNOWN_PATH])(
    '%s: no React at all, and nothing on the page changes',
    async (path) => {
      const page = await open(path);
      expect(await watched(page)).toEqual({
        roots: 0,
        outsideIslands: [],
        changedOutside: [],
        reactLoaded: false,
      });
    },
  );

  it('/products: the catalogue and the popup wake as plain DOM code, no React, and nothing else changes', async () => {
    const page = await open('/products');
    expect(await islandIsAwake(page, 'catalogue')).toBe(true);
    expect(await islandIsAwake(page, 'promo-popup')).toBe(true);
    // The popup's form waits for the popup to open.
    expect(await islandIsAwake(page, 'popup-form')).toBe(false);
    expect(await watched(page)).toEqual({
      roots: 0,
      outsideIslands: [],
      changedOutside: [],
      reactLoaded: false,
    });
  });

  it('/enquiry: the form alone', async () => {
    const page = await open('/enquiry');
    expect(await watched(page)).toMatchObject({ roots: 1, outsideIslands: [], changedOutside: [] });
  });

  it('/home: nothing until the visitor scrolls to the reviews and the form, then those two', async () => {
    const page = await open('/home');
    expect(await watched(page)).toEqual({
      roots: 0,
      outsideIslands: [],
      changedOutside: [],
      reactLoaded: false,
    });

    await page.locator('[data-island="testimonials"] > *').first().scrollIntoViewIfNeeded();
    await expect.poll(() => islandIsAwake(page, 'testimonials'), polled).toBe(true);
    await expect.poll(() => islandIsAwake(page, 'enquiry-form'), polled).toBe(true);
    expect(await watched(page)).toMatchObject({
      roots: 2,
      outsideIslands: [],
      changedOutside: [],
      reactLoaded: true,
    });
  });

  it("a product page: no React until its popup opens, then the popup's form alone; its menu and questions answer without it", async () => {
    const visit = await journeys.visit('mobile');
    const page = visit.page;
    await page.addInitScript(watchPage);
    await pauseClock(page);
    await gotoOnPausedClock(page, '/products/description/machine-weft');
    expect(await islandIsAwake(page, 'promo-popup')).toBe(true);
    expect(await watched(page)).toMatchObject({ roots: 0, outsideIslands: [], reactLoaded: false });
    const question = page.locator('.faq__toggle').first();
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await watched(page)).toMatchObject({ roots: 0, reactLoaded: false });

    await advanceClock(page, POPUP_ON_DESCRIPTION_MS);
    await promoPopup(page).waitFor();
    // The visitor's time runs on while the form's code arrives.
    await page.clock.resume();
    await expect.poll(() => islandIsAwake(page, 'popup-form'), polled).toBe(true);
    expect(await watched(page)).toMatchObject({ roots: 1, outsideIslands: [], reactLoaded: true });
  });
});
