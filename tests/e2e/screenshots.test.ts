/**
 * Pictures of every screen at phone and laptop width, full length, taken after scrolling through
 * so lazy images and scroll-in cards have appeared: artifacts/screenshots/screenshots/<screen>-<width>x<height>.png
 * (git-ignored), rewritten on every run so anyone can look at the site after `npm test`; the other
 * files' pictures, each in its own folder, are left as they are.
 * Then what a visitor sees at particular moments: a product page's first screen on a phone, the
 * products page part-way through its reveal, a product's quote beside its facts, the open enquiry
 * popup, and the thank-you dialog after a real enquiry. Then the sales inbox: the
 * list, the filter sheet, the summary, an enquiry's detail, a FAILED enquiry's explanation, a buyer
 * with three enquiries, and the owner's erasure (inbox-*.png).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_REVEAL_DELAY_MS } from '../../web/src/lib/reveal-schedule';
import {
  advanceClock,
  gotoOnPausedClock,
  launchBrowser,
  openVisit,
  pauseClock,
  saveScreenshot,
  SCREENSHOT_DIR,
  scrollThrough,
  VIEWPORT_NAMES,
  VIEWPORTS,
  waitForHydration,
  waitForStillness,
} from '../support/browser';
import { DEMO_OWNER_ACCOUNT } from '../../scripts/lib/sales-accounts';
import {
  cardOf,
  detail,
  openCard,
  openFilters,
  resultsStatus,
  seedDemoEnquiries,
  signIn,
  summary,
  useInboxAccounts,
} from './inbox-visit';
import { useJourneys } from './journeys';
import {
  ERROR_SCREENS,
  fillFullForm,
  FIRST_PRODUCT,
  fullEnquiry,
  fullForm,
  openDescriptionPopup,
  polled,
  PRODUCTS,
  routeAt,
  shortForm,
  SITE_ROUTES,
  thankYouDialog,
  waitForFormReady,
} from './visitor';

let browser: Browser;

/** A picture another file took (the layout journey's folder), which this file must leave alone. */
const OTHERS_PICTURE = join(SCREENSHOT_DIR, 'layout', 'taken-by-another-file.png');
const OTHERS_BYTES = Buffer.from('a picture this file did not take');

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(dirname(OTHERS_PICTURE), { recursive: true });
  writeFileSync(OTHERS_PICTURE, OTHERS_BYTES);
});

afterAll(async () => {
  rmSync(OTHERS_PICTURE, { force: true });
  await browser?.close();
});

describe.each(VIEWPORT_NAMES)('at %s width', (viewport) => {
  it(
    'saves every screen, full length',
    async () => {
      const visit = await openVisit(browser, {
        viewport: VIEWPORTS[viewport],
        expectedFailures: ERROR_SCREENS,
      });
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
          await saveScreenshot(page, route.name, { fullPage: true });
          await page.close();
        }
        expect(visit.problems).toEqual([]);
      } finally {
        await visit.close();
      }
      // Every screen, each image given its own deadline: a budget, not a speed limit.
    },
    SITE_ROUTES.length * 60_000,
  );
});

describe('moments a visitor sees', () => {
  const journeys = useJourneys({ stack: 'screenshots' });

  it("shows a product's name, category bar and picture within a phone's first screen", async () => {
    const { height } = VIEWPORTS.mobile;
    const { page, goto } = await journeys.visit('mobile');
    await goto(routeAt('/products/description').path);
    const title = page.getByRole('heading', { level: 1 });
    expect(await title.textContent()).toBe(FIRST_PRODUCT.productName);
    const box = await title.boundingBox();
    // The whole name is on the first screen, with room to spare for the start of the picture.
    expect(box && box.y + box.height).toBeLessThan(height * 0.75);
    await saveScreenshot(page, 'product-description-first-screen');
  });

  it.each(VIEWPORT_NAMES)(
    'shows the products page part-way through its reveal, at %s width',
    async (viewport) => {
      const { page } = await journeys.visit(viewport);
      await pauseClock(page);
      await gotoOnPausedClock(page, '/products');
      // Where the fifth card is, mid-screen: five cards out, the sixth still to come.
      await page
        .locator('li.product-card')
        .nth(4)
        .evaluate((card) => card.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await advanceClock(page, 4 * CARD_REVEAL_DELAY_MS);
      const states = await page
        .locator('li.product-card')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-state')));
      expect(states.filter((state) => state === 'visible')).toHaveLength(5);
      await waitForStillness(page);
      await saveScreenshot(page, 'products-mid-reveal');
    },
  );

  it.each(VIEWPORT_NAMES)("shows a product's quote beside its facts, at %s width", async (viewport) => {
    const { page, goto } = await journeys.visit(viewport);
    await goto('/products/description/machine-weft');
    const quote = page.getByRole('link', { name: 'Request a quote for Machine Weft' });
    await quote.evaluate((link) => link.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await waitForStillness(page);
    expect(await quote.isVisible()).toBe(true);
    await saveScreenshot(page, 'product-quote');
  });

  it.each(VIEWPORT_NAMES)('shows the enquiry popup open, at %s width', async (viewport) => {
    const { page } = await journeys.visit(viewport);
    const popup = await openDescriptionPopup(page);
    // Its short form's code comes when it opens: picture it with the form in place.
    await waitForFormReady(shortForm(popup).submit);
    await waitForStillness(page);
    expect(await popup.isVisible()).toBe(true);
    await saveScreenshot(page, 'popup');
  });

  it.each(VIEWPORT_NAMES)(
    'shows the thank-you dialog after a real enquiry, at %s width',
    async (viewport) => {
      const { page, goto } = await journeys.visit(viewport);
      await goto('/enquiry');
      const form = fullForm(page);
      await waitForFormReady(form.submit);
      await fillFullForm(form, fullEnquiry());
      await form.terms.check();
      await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
      await form.submit.click();
      await thankYouDialog(page).waitFor();
      await waitForStillness(page);
      await saveScreenshot(page, 'thank-you');
      // The sales email went out, so no undelivered enquiry is left behind for the next test.
      await journeys.catcher.waitForMessages(1);
    },
  );
});

describe('the sales inbox, as a salesperson sees it', () => {
  const journeys = useJourneys({ stack: 'screenshots-inbox' });
  useInboxAccounts('screenshots-inbox');

  /** The picture, after the page has stopped moving; a screen the size of the window unless `fullPage`. */
  async function picture(page: Page, name: string, fullPage = false) {
    // The pointer rests off the cards, whose full dates show on hover.
    await page.mouse.move(0, 0);
    await waitForStillness(page);
    await saveScreenshot(page, `inbox-${name}`, { fullPage });
  }

  it.each(VIEWPORT_NAMES)('pictures every screen of the inbox at %s width', async (viewport) => {
    const enquiries = await seedDemoEnquiries(journeys.store.db);
    const failed = enquiries.find((enquiry) => enquiry.notification.state === 'FAILED');
    const priya = enquiries.find(
      (enquiry) => enquiry.fields.name === 'Priya Raman' && enquiry.notification.state === 'SENT',
    );
    const sent = enquiries.at(-1);
    if (!failed || !priya || !sent)
      throw new Error('the demo enquiries lack a FAILED one, a SENT one or Priya');
    const { page, goto } = await journeys.visit(viewport);
    await goto('/inbox');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await picture(page, 'signin');
    await signIn(page, DEMO_OWNER_ACCOUNT);
    await expect.poll(() => resultsStatus(page).textContent(), polled).toMatch(/^30 newest/);
    await expect.poll(() => page.locator('.inbox-late').count(), polled).toBe(1);
    await picture(page, 'list');
    await picture(page, 'list-full', true);

    const sheet = await openFilters(page);
    await sheet.getByLabel('Email state').selectOption('FAILED');
    await picture(page, 'filters');
    await sheet.getByLabel('Email state').selectOption('');
    await page.keyboard.press('Escape');

    await summary(page).locator('summary').click();
    await summary(page).locator('.inbox-chart').waitFor();
    await summary(page).locator('.inbox-figures').waitFor();
    await picture(page, 'summary');
    await summary(page).locator('summary').click();

    await openCard(cardOf(page, sent));
    await detail(page).locator('h3[data-buyer-enquiries]').waitFor();
    await picture(page, 'detail');
    await picture(page, 'detail-full', true);
    await detail(page).getByRole('button', { name: 'Back to the list' }).click();

    await openCard(cardOf(page, failed));
    const delivery = detail(page).locator('.inbox-delivery').first();
    await delivery.getByText('Details', { exact: true }).click();
    await delivery.scrollIntoViewIfNeeded();
    await picture(page, 'failed');
    await detail(page).getByRole('button', { name: 'Back to the list' }).click();

    await openCard(cardOf(page, priya));
    const buyer = detail(page).locator('h3[data-buyer-enquiries]');
    await expect.poll(() => buyer.textContent(), polled).toBe('3 enquiries from this buyer');
    await buyer.scrollIntoViewIfNeeded();
    await picture(page, 'buyer');
    await detail(page).getByRole('button', { name: 'Find this buyer’s data' }).click();
    await detail(page).getByRole('button', { name: 'Erase…' }).click();
    await page.getByRole('dialog', { name: 'Erase this buyer’s data?' }).waitFor();
    await picture(page, 'erase');
  });
});

describe('the pictures of other files', () => {
  it('are left as they were, once this file has taken all of its own', () => {
    expect(existsSync(OTHERS_PICTURE) && readFileSync(OTHERS_PICTURE)).toEqual(OTHERS_BYTES);
  });
});
