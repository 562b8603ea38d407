/**
 * A buyer on a phone network types before the page's code has arrived. On Lighthouse's own
 * mobile network profile (and a slower one), each prerendered form is tapped and typed into from
 * its first paint at a person's pace; when the code takes over, every character, the focus and
 * the caret stay where the visitor left them, fields already left are validated, and the enquiry
 * then submits exactly as typed. The same holds for the popup's form, typed into the moment the
 * popup opens, before the form's code (which only the opening sends for) has arrived.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import { POPUP_ON_DESCRIPTION_MS } from '../../web/src/features/enquiry/promo-popup';
import {
  advanceClock,
  emulateNetwork,
  gotoOnPausedClock,
  NETWORK_PROFILES,
  pauseClock,
  waitForHydration,
  type NetworkProfile,
} from '../support/browser';
import { useJourneys } from './journeys';
import {
  fieldError,
  fullEnquiry,
  fullForm,
  polled,
  popupEnquiry,
  promoPopup,
  shortForm,
  thankYouDialog,
  TYPING_DELAY_MS,
  waitForFormReady,
  type FullForm,
} from './visitor';

const journeys = useJourneys({ stack: 'early-typing' });

type Placement = { path: string; formpage: string; scope: string };
const PLACEMENTS: Placement[] = [
  { path: '/enquiry', formpage: 'Enquirypage', scope: 'main' },
  { path: '/home', formpage: 'Homepage', scope: '#contact' },
];

/** What the visitor types once in the name field, tapping each next field as a phone user does. */
async function typeFromFirstPaint(page: Page, form: FullForm, enquiry: ReturnType<typeof fullEnquiry>) {
  await page.keyboard.type(enquiry.name, { delay: TYPING_DELAY_MS });
  await form.phone.click();
  await page.keyboard.type(enquiry.phone, { delay: TYPING_DELAY_MS });
  // A mistyped address, left at once: it must be flagged as soon as the form can speak.
  await form.email.click();
  await page.keyboard.type('meena@', { delay: TYPING_DELAY_MS });
  await form.city.click();
  await page.keyboard.type(enquiry.city, { delay: TYPING_DELAY_MS });
}

/**
 * Holds back every script the page asks for from now on until `release` is called: the visitor taps
 * the form before its code has arrived however quickly this machine drives the browser, and once
 * released the code comes at the network profile's pace while they type.
 */
async function holdCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/?]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether the form's code had taken over when the visitor finished typing (else the test proves nothing). */
const formIsLive = (form: Pick<FullForm, 'submit'>) =>
  form.submit.evaluate((button) => !(button as HTMLButtonElement).disabled);

describe.each(PLACEMENTS)('typing into the form on $path before its code arrives', (placement) => {
  it.each(Object.keys(NETWORK_PROFILES) as NetworkProfile[])(
    'on %s keeps every character, the focus and the caret, and sends the enquiry as typed',
    async (profile) => {
      const { page } = await journeys.visit('mobile');
      await emulateNetwork(page, profile);
      const releaseCode = await holdCode(page);
      await page.goto(placement.path, { waitUntil: 'commit' });
      const form = fullForm(page.locator(placement.scope));
      const enquiry = fullEnquiry('Pollachi');

      await form.name.scrollIntoViewIfNeeded();
      await form.name.click();
      // The journey proves something only if the visitor is ahead of the code.
      expect(await formIsLive(form), 'the form was live before the visitor started typing').toBe(false);
      releaseCode();
      await typeFromFirstPaint(page, form, enquiry);

      await waitForHydration(page);
      await waitForFormReady(form.submit);
      expect(await form.name.inputValue()).toBe(enquiry.name);
      expect(await form.phone.inputValue()).toBe(enquiry.phone);
      expect(await form.email.inputValue()).toBe('meena@');
      expect(await form.city.inputValue()).toBe(enquiry.city);
      // Still in the city field, the caret after the last letter typed.
      const caret = await form.city.evaluate((input) => ({
        focused: document.activeElement === input,
        start: (input as HTMLInputElement).selectionStart,
        end: (input as HTMLInputElement).selectionEnd,
      }));
      expect(caret).toEqual({ focused: true, start: enquiry.city.length, end: enquiry.city.length });
      // Fields the visitor left are validated as if the code had been there all along.
      await expect.poll(() => fieldError(form.email), polled).toBe('Email is required and must be valid.');
      expect(await fieldError(form.name)).toBeNull();
      expect(await fieldError(form.phone)).toBeNull();
      expect(await fieldError(form.city)).toBeNull();

      // The visitor carries on and sends it.
      await page.keyboard.type(' North', { delay: TYPING_DELAY_MS });
      await form.email.fill(enquiry.email);
      await form.companyname.fill(enquiry.companyname);
      await form.ordertype.selectOption(enquiry.ordertype);
      await form.message.fill(enquiry.message);
      await form.terms.check();
      await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
      await form.submit.click();
      await thankYouDialog(page).waitFor();

      const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);
      expect(doc.get('formpage')).toBe(placement.formpage);
      expect(doc.get('name')).toBe(enquiry.name);
      expect(doc.get('phone')).toBe(enquiry.phone);
      expect(doc.get('email')).toBe(enquiry.email);
      expect(doc.get('city')).toBe(`${enquiry.city} North`);
      expect(doc.get('message')).toBe(enquiry.message);
    },
  );
});

describe("typing into the popup's form before its code arrives", () => {
  it.each(Object.keys(NETWORK_PROFILES) as NetworkProfile[])(
    'on %s keeps every character, the focus and the caret, and sends the popup enquiry as typed',
    async (profile) => {
      const { page } = await journeys.visit('mobile');
      await emulateNetwork(page, profile);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await pauseClock(page);
      await gotoOnPausedClock(page, '/products/description/machine-weft');
      // No React, no form code yet: the page has only its plain DOM code until the popup opens.
      expect(scripts.filter((path) => /\/(client|enquiry-form)-[^/]+\.js$/.test(path))).toEqual([]);
      // The popup's opening sends for its form's code.
      const releaseCode = await holdCode(page);
      await advanceClock(page, POPUP_ON_DESCRIPTION_MS);
      const popup = promoPopup(page);
      await popup.waitFor();
      // The visitor's time runs on while the form's code comes over the network.
      await page.clock.resume();
      const form = shortForm(popup);
      const enquiry = popupEnquiry('I am a Hair Trader');

      await form.name.click();
      expect(await formIsLive(form), 'the form was live before the visitor started typing').toBe(false);
      releaseCode();
      await page.keyboard.type(enquiry.name, { delay: TYPING_DELAY_MS });
      // A mistyped address, left at once: it must be flagged as soon as the form can speak.
      await form.email.click();
      await page.keyboard.type('karthik@', { delay: TYPING_DELAY_MS });
      await form.phone.click();
      await page.keyboard.type(enquiry.phone, { delay: TYPING_DELAY_MS });

      await waitForFormReady(form.submit);
      expect(await form.name.inputValue()).toBe(enquiry.name);
      expect(await form.email.inputValue()).toBe('karthik@');
      expect(await form.phone.inputValue()).toBe(enquiry.phone);
      const caret = await form.phone.evaluate((input) => ({
        focused: document.activeElement === input,
        start: (input as HTMLInputElement).selectionStart,
        end: (input as HTMLInputElement).selectionEnd,
      }));
      expect(caret).toEqual({ focused: true, start: enquiry.phone.length, end: enquiry.phone.length });
      await expect.poll(() => fieldError(form.email), polled).toBe('Email is required and must be valid.');
      expect(await fieldError(form.name)).toBeNull();
      expect(await fieldError(form.phone)).toBeNull();

      await form.email.fill(enquiry.email);
      await form.business.selectOption(enquiry.business);
      await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
      await form.submit.click();
      await expect.poll(() => popup.getByRole('status').textContent(), polled).toContain('Thank you!');

      const doc = await journeys.store.waitForDocument(POPUP_ENQUIRY_COLLECTION);
      expect(doc.get('name')).toBe(enquiry.name);
      expect(doc.get('email')).toBe(enquiry.email);
      expect(doc.get('phone')).toBe(enquiry.phone);
      expect(doc.get('business')).toBe(enquiry.business);
    },
  );
});
