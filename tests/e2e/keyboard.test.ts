/**
 * A visitor with a keyboard and no mouse: every Tab stop shows where focus is, on screen and not
 * hidden under anything; both full forms and the popup's short form can be reached, filled and
 * sent; the popup and the thank-you dialog open with focus inside and close with Enter or Escape.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import { CARD_REVEAL_DELAY_MS } from '../../web/src/lib/reveal-schedule';
import {
  POPUP_AFTER_CARDS_MS,
  POPUP_RESHOW_AFTER_CLOSE_MS,
} from '../../web/src/features/enquiry/promo-popup';
import {
  advanceClock,
  focusReport,
  gotoOnPausedClock,
  pauseClock,
  type FocusReport,
} from '../support/browser';
import { UI_TIMEOUT_MS } from '../support/deadlines';
import {
  FIRST_PRODUCT,
  fullEnquiry,
  fullForm,
  polled,
  popupEnquiry,
  PRODUCTS,
  shortForm,
  waitForFormReady,
  type FullEnquiry,
  type FullForm,
  promoPopup,
  closePopupWith,
} from './visitor';
import { useJourneys } from './journeys';

/** More Tab stops than any page has before its form. */
const MAX_TAB_STOPS = 60;

const journeys = useJourneys({ stack: 'keyboard' });
const visit = journeys.visit;

function expectFocusShown(report: FocusReport | null, where: string): asserts report is FocusReport {
  if (!report) throw new Error(`${where}: focus has left the page`);
  expect(report.indicator, `${where}: ${report.description} shows a focus indicator`).toBe(true);
  expect(report.inViewport, `${where}: ${report.description} is on screen`).toBe(true);
  expect(report.uncovered, `${where}: ${report.description} is not covered`).toBe(true);
}

/** Whether the element has focus now (without waiting for it to exist). */
const hasFocus = (target: Locator) =>
  target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));

const focusShown = (report: FocusReport | null) =>
  Boolean(report?.indicator && report.inViewport && report.uncovered);

/** Where focus is once the browser has scrolled to it (or the last report, to fail on). */
async function settledFocus(page: Page): Promise<FocusReport | null> {
  await expect
    .poll(async () => focusShown(await focusReport(page)), { timeout: UI_TIMEOUT_MS, interval: 50 })
    .toBe(true)
    .catch(() => undefined);
  return focusReport(page);
}

/** Presses a key and checks that focus is visibly where the visitor can see it. */
async function press(page: Page, key: string): Promise<FocusReport> {
  await page.keyboard.press(key);
  const report = await settledFocus(page);
  expectFocusShown(report, `after ${key}`);
  return report;
}

/** Tabs through the page until `target` has focus; every stop on the way must show focus. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<FocusReport[]> {
  const stops: FocusReport[] = [];
  const route = () => stops.map((stop) => stop.description).join(' → ');
  for (let stop = 1; stop <= MAX_TAB_STOPS; stop += 1) {
    await page.keyboard.press(key);
    const report = await settledFocus(page);
    if (report) stops.push(report);
    expectFocusShown(report, `Tab stop ${stop} (${route()})`);
    if (await hasFocus(target)) return stops;
  }
  throw new Error(`Tab never reached the target: ${route()}`);
}

/** Fills the full form with the keyboard alone, from its Name field on. */
/**
 * Types the whole form by keyboard; on /enquiry (`withLines`) the "What do you need" part sits
 * between the order type and the message, and its first stop is the button that adds a line.
 */
async function typeFullForm(
  page: Page,
  form: FullForm,
  enquiry: FullEnquiry,
  { withLines = false } = {},
): Promise<void> {
  expect(await hasFocus(form.name)).toBe(true);
  await page.keyboard.type(enquiry.name);
  await press(page, 'Tab');
  expect(await hasFocus(form.companyname)).toBe(true);
  await page.keyboard.type(enquiry.companyname);
  // The phone's country part comes first, left as the time zone chose it.
  await press(page, 'Tab');
  expect(await hasFocus(form.country)).toBe(true);
  await press(page, 'Tab');
  expect(await hasFocus(form.phone)).toBe(true);
  await page.keyboard.type(enquiry.phone);
  await press(page, 'Tab');
  expect(await hasFocus(form.email)).toBe(true);
  await page.keyboard.type(enquiry.email);
  await press(page, 'Tab');
  expect(await hasFocus(form.city)).toBe(true);
  await page.keyboard.type(enquiry.city);
  await press(page, 'Tab');
  expect(await hasFocus(form.ordertype)).toBe(true);
  // Type-ahead on a closed select picks the option without opening it.
  await page.keyboard.type('Bulk');
  expect(await form.ordertype.inputValue()).toBe('bulk');
  await press(page, 'Tab');
  if (withLines) {
    expect(await hasFocus(form.form.getByRole('button', { name: 'Add a product' }))).toBe(true);
    await press(page, 'Tab');
  }
  expect(await hasFocus(form.message)).toBe(true);
  await page.keyboard.type(enquiry.message);
  await press(page, 'Tab');
  expect(await hasFocus(form.terms)).toBe(true);
  await press(page, 'Space');
  expect(await form.terms.isChecked()).toBe(true);
  // The terms link inside the label comes next, then the submit.
  await press(page, 'Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/terms-conditions');
  await press(page, 'Tab');
  expect(await hasFocus(form.submit)).toBe(true);
  await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
}

/** Sends with Enter, and closes the thank-you with Escape: focus goes in, then back to the submit. */
async function sendAndDismissThankYou(page: Page, form: FullForm): Promise<void> {
  await page.keyboard.press('Enter');
  const thankYou = page.getByRole('dialog', { name: 'Thank you!' });
  await thankYou.waitFor();
  const inside = await thankYou.evaluate((dialog) => dialog.contains(document.activeElement));
  expect(inside, 'focus moves into the thank-you dialog').toBe(true);
  expectFocusShown(await focusReport(page), 'thank-you dialog');
  await page.keyboard.press('Escape');
  await expect.poll(() => thankYou.isVisible(), polled).toBe(false);
  expect(await hasFocus(form.submit), 'focus returns to the submit').toBe(true);
  expect(await form.name.inputValue()).toBe('');
}

async function expectOneMailedDocument(
  collection: typeof ENQUIRY_COLLECTION | typeof POPUP_ENQUIRY_COLLECTION,
  fields: Record<string, string>,
) {
  const doc = await journeys.store.waitForDocument(collection);
  expect(doc.data()).toMatchObject(fields);
  await journeys.store.waitForDeliveryState(doc.ref, 'SENT');
  expect(await journeys.store.documents(collection)).toHaveLength(1);
  expect(journeys.catcher.messages).toHaveLength(1);
}

describe('the full forms by keyboard', () => {
  it('on /enquiry: skip link, every field, the terms, a touched-field message and Enter to send', async () => {
    const { page, goto } = await visit('desktop');
    await goto('/enquiry');
    const form = fullForm(page);
    await waitForFormReady(form.submit);

    const first = await press(page, 'Tab');
    expect(first.description).toContain('Skip to content');
    await tabTo(page, form.name);
    // Leaving a required field empty says so at once.
    await press(page, 'Tab');
    expect(await form.form.getByText('Name is required.').isVisible()).toBe(true);
    await press(page, 'Shift+Tab');

    const enquiry = fullEnquiry('Pollachi');
    await typeFullForm(page, form, enquiry, { withLines: true });
    await sendAndDismissThankYou(page, form);
    await expectOneMailedDocument(ENQUIRY_COLLECTION, { formpage: 'Enquirypage', ...enquiry });
  });

  it('on /home: from the top of the page, past the carousel, into the contact form and sent', async () => {
    const { page, goto } = await visit('mobile');
    await goto('/home');
    const form = fullForm(page.locator('#contact'));
    const stops = await tabTo(page, page.getByRole('button', { name: 'Pause testimonials' }));
    expect(stops.map((stop) => stop.description)).toContainEqual(expect.stringContaining('Book an Enquiry'));
    // The visitor stops the moving reviews (WCAG 2.2.2) and tabs on into the form below them.
    // If the carousel's code is still on its way, the press waits for it and is answered once it
    // has taken over (islands keep a button pressed early): the label turns to Play then.
    await page.keyboard.press('Enter');
    await expect
      .poll(() => hasFocus(page.getByRole('button', { name: 'Play testimonials' })), polled)
      .toBe(true);
    await waitForFormReady(form.submit);
    await tabTo(page, form.name);

    const enquiry = fullEnquiry('Tiruppur');
    await typeFullForm(page, form, enquiry);
    await sendAndDismissThankYou(page, form);
    await expectOneMailedDocument(ENQUIRY_COLLECTION, { formpage: 'Homepage', ...enquiry });
  });
});

describe('the popup by keyboard', () => {
  it('takes focus when it opens, closes with Enter on ×, and its short form can be filled, sent and dismissed', async () => {
    const { page } = await visit('desktop');
    await pauseClock(page);
    await gotoOnPausedClock(page, '/products');
    await advanceClock(page, (PRODUCTS.length - 1) * CARD_REVEAL_DELAY_MS);
    // The visitor is reading the catalogue with the keyboard when the popup opens.
    await tabTo(page, page.getByRole('link', { name: `Read More about ${FIRST_PRODUCT.productName}` }));
    const focusedBefore = await focusReport(page);
    await advanceClock(page, POPUP_AFTER_CARDS_MS);
    const popup = promoPopup(page);
    await popup.waitFor();

    // Focus moves to the popup's first control, the × button; Enter closes the popup.
    const closeButton = popup.getByRole('button', { name: 'Close' });
    expect(await hasFocus(closeButton)).toBe(true);
    expectFocusShown(await focusReport(page), 'popup opened');
    await closePopupWith(page, () => page.keyboard.press('Enter'));
    expect(await popup.isVisible()).toBe(false);
    expect((await focusReport(page))?.description).toBe(focusedBefore?.description);

    await advanceClock(page, POPUP_RESHOW_AFTER_CLOSE_MS);
    await popup.waitFor();
    expect(await hasFocus(closeButton)).toBe(true);
    // From here the visitor's time runs on (the form inside loads).
    await page.clock.resume();
    const form = shortForm(popup);
    await waitForFormReady(form.submit);

    const enquiry = popupEnquiry('I am a Hair Stylist');
    await press(page, 'Tab');
    expect(await hasFocus(form.name)).toBe(true);
    await page.keyboard.type(enquiry.name);
    await press(page, 'Tab');
    expect(await hasFocus(form.email)).toBe(true);
    await page.keyboard.type(enquiry.email);
    await press(page, 'Tab');
    expect(await hasFocus(form.country)).toBe(true);
    await press(page, 'Tab');
    expect(await hasFocus(form.phone)).toBe(true);
    await page.keyboard.type(enquiry.phone);
    await press(page, 'Tab');
    expect(await hasFocus(form.business)).toBe(true);
    await page.keyboard.type(enquiry.business);
    expect(await form.business.inputValue()).toBe(enquiry.business);
    await press(page, 'Tab');
    expect(await hasFocus(form.submit)).toBe(true);
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => popup.getByRole('status').textContent(), polled).toContain('Thank you!');

    // The page behind stays out of reach while the popup is open.
    for (let stop = 0; stop < 3; stop += 1) {
      await page.keyboard.press('Tab');
      const outside = await popup.evaluate(
        (dialog) => document.activeElement !== document.body && !dialog.contains(document.activeElement),
      );
      expect(outside, 'Tab stays out of the page behind the popup').toBe(false);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => popup.isVisible(), polled).toBe(false);
    await expectOneMailedDocument(POPUP_ENQUIRY_COLLECTION, enquiry);
  });
});

describe('the mobile menu by keyboard', () => {
  it('opens with Enter, leads on with Tab and Enter, and closes with Escape back onto its button', async () => {
    const { page, goto } = await visit('mobile');
    await goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: /^(Open|Close) menu$/ });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    expect(await toggle.textContent()).toBe('Close menu');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await press(page, 'Tab');
    expect(await hasFocus(nav.getByRole('link', { name: 'Home' }))).toBe(true);
    await press(page, 'Tab');
    expect(await hasFocus(nav.getByRole('link', { name: 'Products' }))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname, polled).toBe('/products');
    await expect.poll(() => nav.getByRole('list').isVisible(), polled).toBe(false);

    // The new page's content has focus; the menu button is back up the page.
    await tabTo(page, toggle, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await press(page, 'Tab');
    expect(await hasFocus(nav.getByRole('link', { name: 'Home' }))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => nav.getByRole('list').isVisible(), polled).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // The link that had focus is gone with the menu: focus must land on the menu button, not be lost.
    expect(await hasFocus(toggle), 'focus returns to the menu button').toBe(true);
    expectFocusShown(await settledFocus(page), 'after Escape');
  });
});
