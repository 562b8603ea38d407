/**
 * The promotional enquiry popup on a controlled clock: when it opens on the products and the
 * description pages, when it comes back, the three ways to close it, and that it leaves a visitor
 * alone once they have sent an enquiry.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { POPUP_ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { CARD_REVEAL_DELAY_MS } from '../../web/src/lib/reveal-schedule';
import {
  POPUP_AFTER_CARDS_MS,
  POPUP_ON_DESCRIPTION_MS,
  POPUP_RESHOW_AFTER_CLOSE_MS,
} from '../../web/src/features/enquiry/promo-popup';
import { advanceClock, followOnPausedClock, gotoOnPausedClock, pauseClock } from '../support/browser';
import {
  closePopupWith,
  fillShortForm,
  FIRST_PRODUCT,
  polled,
  popupEnquiry,
  PRODUCTS,
  shortForm,
  waitForFormReady,
  POPUP_NAME,
  promoPopup,
} from './visitor';
import { useJourneys } from './journeys';

/** The last product card is revealed this long after the page is ready. */
const LAST_CARD_MS = (PRODUCTS.length - 1) * CARD_REVEAL_DELAY_MS;
/** Far longer than any popup delay: nothing that did not open by then will. */
const LONG_WAIT_MS = 5 * 60_000;

const journeys = useJourneys({ stack: 'popups' });
const visit = journeys.visit;

const popup = promoPopup;
/** Open as a modal: shown, over an inert page. */
const popupIsOpen = (page: Page) =>
  page.evaluate(() => Boolean(document.querySelector('dialog.enquiry-popup')?.matches('[open]:modal')));

/**
 * The popup is closed just before `ms` from now and open at `ms`. A countdown the page started
 * while loading may be due up to `jitterMs` early (see gotoOnPausedClock).
 */
async function expectPopupAfter(page: Page, ms: number, jitterMs = 0): Promise<void> {
  await advanceClock(page, ms - jitterMs - 1);
  expect(await popupIsOpen(page), `closed ${jitterMs + 1} ms before ${ms} ms`).toBe(false);
  await advanceClock(page, jitterMs + 1);
  expect(await popupIsOpen(page), `open at ${ms} ms`).toBe(true);
  expect(await popup(page).isVisible()).toBe(true);
}

async function expectNoPopupFor(page: Page, ms: number): Promise<void> {
  await advanceClock(page, ms);
  expect(await popupIsOpen(page)).toBe(false);
}

const closeWith = {
  overlay: async (page: Page) => page.mouse.click(5, 5),
  closeButton: async (page: Page) => popup(page).getByRole('button', { name: 'Close' }).click(),
  escape: async (page: Page) => page.keyboard.press('Escape'),
};

/**
 * Closes the popup and waits until the page has handled it: the dialog's close event arrives in a
 * task of its own (so the reshow countdown starts now, not after the clock's next jump).
 */
async function closePopup(page: Page, how: keyof typeof closeWith): Promise<void> {
  await closePopupWith(page, () => closeWith[how](page));
  expect(await popupIsOpen(page)).toBe(false);
  expect(await popup(page).isVisible()).toBe(false);
}

describe('on the products page', () => {
  it('opens 30 s after the last card appears and again 45 s after each close, by overlay, × or Escape', async () => {
    const { page } = await visit('desktop');
    await pauseClock(page);
    const { jitterMs } = await gotoOnPausedClock(page, '/products');
    await advanceClock(page, LAST_CARD_MS);
    expect(await page.locator('li.product-card[data-state="hidden"]').count()).toBe(0);

    await expectPopupAfter(page, POPUP_AFTER_CARDS_MS, jitterMs);
    // Clicking inside the popup's panel does not close it.
    await popup(page).getByRole('heading', { name: POPUP_NAME }).click();
    expect(await popupIsOpen(page)).toBe(true);
    await closePopup(page, 'overlay');

    await expectPopupAfter(page, POPUP_RESHOW_AFTER_CLOSE_MS);
    await closePopup(page, 'escape');

    await expectPopupAfter(page, POPUP_RESHOW_AFTER_CLOSE_MS);
    await closePopup(page, 'closeButton');

    await expectPopupAfter(page, POPUP_RESHOW_AFTER_CLOSE_MS);
  });

  it('does not follow a visitor who leaves the page before it opens', async () => {
    const { page } = await visit('mobile');
    await pauseClock(page);
    await gotoOnPausedClock(page, '/products');
    await advanceClock(page, LAST_CARD_MS + POPUP_AFTER_CARDS_MS / 2);
    expect(await popupIsOpen(page)).toBe(false);
    await page.getByRole('link', { name: 'Customer Support' }).click();
    // The next page's code loads while the visitor's time runs on.
    await page.clock.resume();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), polled)
      .toBe('Book an Enquiry');
    await expectNoPopupFor(page, LONG_WAIT_MS);
  });
});

describe('on the product description page', () => {
  it('opens 30 s after entry and 30 s after each switch, never again once closed', async () => {
    const { page } = await visit('mobile');
    await pauseClock(page);
    const { jitterMs } = await gotoOnPausedClock(page, '/products/description/back-clip-ponytail');

    await expectPopupAfter(page, POPUP_ON_DESCRIPTION_MS, jitterMs);
    await closePopup(page, 'closeButton');
    await expectNoPopupFor(page, LONG_WAIT_MS);

    // Each product in the sidebar opens its own page, which starts its own countdown.
    const sidebar = page.locator('aside.description__sidebar');
    const switchTo = (name: string, slug: string) =>
      followOnPausedClock(
        page,
        () => sidebar.getByRole('link', { name }).click(),
        `/products/description/${slug}`,
      );
    let switched = await switchTo('Single Clip-In Extension', 'single-clip-in-extension');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Single Clip-In Extension');
    await expectPopupAfter(page, POPUP_ON_DESCRIPTION_MS, switched.jitterMs);
    await closePopup(page, 'overlay');
    await expectNoPopupFor(page, LONG_WAIT_MS);

    // A switch restarts the countdown.
    await switchTo('3 Clip-In Extensions', '3-clip-in-extensions');
    await advanceClock(page, POPUP_ON_DESCRIPTION_MS / 2);
    switched = await switchTo('5 Clip-In Extensions', '5-clip-in-extensions');
    await expectPopupAfter(page, POPUP_ON_DESCRIPTION_MS, switched.jitterMs);
    await closePopup(page, 'escape');
    await expectNoPopupFor(page, LONG_WAIT_MS);
  });
});

describe('after the visitor has sent an enquiry', () => {
  it('does not open again, on this page or any other, for the rest of the visit', async () => {
    const { page, goto } = await visit('desktop');
    // Time runs on by itself (the form inside needs it), and the test jumps it forward.
    await page.clock.install();
    await goto('/products');
    // In two jumps: the countdown starts only once the page has shown the last card.
    await advanceClock(page, LAST_CARD_MS);
    await advanceClock(page, POPUP_AFTER_CARDS_MS);
    await expect.poll(() => popupIsOpen(page), polled).toBe(true);

    const form = shortForm(popup(page));
    await waitForFormReady(form.submit);
    const enquiry = popupEnquiry('I am a Distributor');
    await fillShortForm(form, enquiry);
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    await form.submit.click();
    await expect.poll(() => popup(page).getByRole('status').textContent(), polled).toContain('Thank you!');
    await closePopup(page, 'closeButton');

    // No reshow on this page...
    await advanceClock(page, LONG_WAIT_MS);
    expect(await popupIsOpen(page)).toBe(false);
    // ...nor on a product's page...
    await page.getByRole('link', { name: `Read More about ${FIRST_PRODUCT.productName}` }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), polled)
      .toBe(FIRST_PRODUCT.productName);
    await advanceClock(page, LONG_WAIT_MS);
    expect(await popupIsOpen(page)).toBe(false);
    // ...nor after a reload in the same tab.
    await goto('/products');
    await advanceClock(page, LAST_CARD_MS);
    await advanceClock(page, POPUP_AFTER_CARDS_MS + POPUP_RESHOW_AFTER_CLOSE_MS);
    expect(await popupIsOpen(page)).toBe(false);

    const doc = await journeys.store.waitForDocument(POPUP_ENQUIRY_COLLECTION);
    expect(doc.get('name')).toBe(enquiry.name);
    await journeys.store.waitForDeliveryState(doc.ref, 'SENT');
    expect(journeys.catcher.messages).toHaveLength(1);
  });
});
