/**
 * A buyer sending an enquiry, end to end on the local stack: the browser's form, the real
 * Firestore rules, the functions that email the sales team, and the SMTP catcher standing in for
 * the sales inbox. Full form on /home and /enquiry, short form in the popup, a failing database,
 * a double click, and a draft that survives a reload.
 */
import type { Page } from 'playwright-core';
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  BUSINESS_OPTIONS,
  checkEnquiryDocument,
  DEFAULT_BUSINESS,
  FORM_MESSAGES,
} from '../../functions/src/contract/enquiry/enquiry';
import { EXPIRES_AT_FIELD } from '../../functions/src/contract/enquiry/retention';
import {
  browserClock,
  fieldError,
  fillFullForm,
  fillShortForm,
  fullEnquiry,
  fullForm,
  mailsAbout,
  polled,
  popupEnquiry,
  shortForm,
  thankYouDialog,
  waitForFormReady,
  type FullEnquiry,
  type FullForm,
  openDescriptionPopup,
} from './visitor';
import { useJourneys } from './journeys';
import { VISITOR_TIMEZONE } from '../support/browser';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
  type EnquiryCollection,
} from '../../functions/src/contract/enquiry/collections';

/** Where functions/.env.local sends the sales team's mail. */
const SALES_INBOX = 'sales@example.com';

const journeys = useJourneys({ stack: 'forms' });
const visit = journeys.visit;

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

/** The document's fields without what the functions add: its delivery record and its expiry. */
function storedFields(doc: QueryDocumentSnapshot): Record<string, unknown> {
  const { notification: _delivery, [EXPIRES_AT_FIELD]: _expiry, ...fields } = doc.data();
  return fields;
}

/**
 * The one document the visitor's enquiry made, with the exact fields of the contract, and the one
 * mail the sales team got about it (counted again once the functions have recorded SENT).
 */
async function expectStoredAndMailedOnce(collection: EnquiryCollection, expected: Record<string, string>) {
  const doc = await journeys.store.waitForDocument(collection);
  const fields = storedFields(doc);
  expect(checkEnquiryDocument(collection, fields)).toEqual([]);
  const { createdAt, timezone, source, ...typed } = fields;
  expect(typed).toEqual(expected);
  // Where the visit began: a page of this site opened directly (lead-source.test.ts follows a campaign).
  expect(source).toEqual(
    expect.objectContaining({ referrer: '', utmSource: '', utmMedium: '', utmCampaign: '' }),
  );
  // The visitor's own zone, as their browser names it (Chromium keeps India's old name).
  expect([VISITOR_TIMEZONE, 'Asia/Calcutta']).toContain(timezone);
  const createdMs = (createdAt as { toMillis: () => number }).toMillis();
  expect(Math.abs(Date.now() - createdMs)).toBeLessThan(60_000);

  const mail = await journeys.catcher.waitForMessage(
    (candidate) => candidate.headers.get('x-enquiry-id') === doc.ref.path,
  );
  await journeys.store.waitForDeliveryState(doc.ref, 'SENT');
  expect(mailsAbout(journeys.catcher.messages, doc.ref.path)).toHaveLength(1);
  expect(journeys.catcher.messages).toHaveLength(1);
  expect(await journeys.store.documents(collection)).toHaveLength(1);
  expect(mail.envelope.to).toEqual([SALES_INBOX]);
  expect(mail.replyTo?.value).toEqual([{ name: expected.name, address: expected.email }]);
  for (const value of Object.values(expected).filter(Boolean)) expect(mail.text).toContain(value);
  return mail;
}

type Stamp = { date: string; time: string };
const stampOrder = ({ date, time }: Stamp) => `${date.split('-').reverse().join('')}${time}`;

/**
 * The date and time the enquiry carries: dd-mm-yyyy and hh:mm:ss (24 h) on the visitor's clock,
 * between the browser's readings just before the click and just after the thank-you.
 */
async function expectStampedBetween(
  collection: EnquiryCollection,
  before: Stamp,
  after: Stamp,
): Promise<Stamp> {
  const doc = await journeys.store.waitForDocument(collection);
  const stamp = { date: String(doc.get('date')), time: String(doc.get('time')) };
  expect(stamp.date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  expect(stamp.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  expect(stampOrder(stamp) >= stampOrder(before), `${stamp.time} is not before ${before.time}`).toBe(true);
  expect(stampOrder(stamp) <= stampOrder(after), `${stamp.time} is not after ${after.time}`).toBe(true);
  return stamp;
}

async function expectFormEmpty(form: FullForm): Promise<void> {
  for (const control of [form.name, form.companyname, form.phone, form.email, form.city, form.message])
    expect(await control.inputValue()).toBe('');
  expect(await form.ordertype.inputValue()).toBe('');
  expect(await form.terms.isChecked()).toBe(false);
  expect(await form.submit.getAttribute('aria-disabled')).toBe('true');
}

async function expectFormHolds(form: FullForm, enquiry: FullEnquiry): Promise<void> {
  expect(await form.name.inputValue()).toBe(enquiry.name);
  expect(await form.companyname.inputValue()).toBe(enquiry.companyname);
  expect(await form.phone.inputValue()).toBe(enquiry.phone);
  expect(await form.email.inputValue()).toBe(enquiry.email);
  expect(await form.city.inputValue()).toBe(enquiry.city);
  expect(await form.ordertype.inputValue()).toBe(enquiry.ordertype);
  expect(await form.message.inputValue()).toBe(enquiry.message);
  expect(await form.terms.isChecked()).toBe(true);
}

/** A valid, agreed form sent; resolves with the browser's date and time at the click. */
async function sendValidEnquiry(page: Page, form: FullForm, enquiry: FullEnquiry) {
  await fillFullForm(form, enquiry);
  await form.terms.check();
  await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
  const clock = await browserClock(page);
  await form.submit.click();
  return clock;
}

describe('the full enquiry form on /enquiry', () => {
  it('guides the visitor to a valid, agreed enquiry, then thanks them, resets, stores it and emails sales once', async () => {
    const { page, goto } = await visit('desktop');
    await page.clock.install({ time: new Date('2025-03-07T21:05:09+05:30') });
    await goto('/enquiry');
    const form = fullForm(page);
    await waitForFormReady(form.submit);
    expect(await form.submit.getAttribute('aria-disabled')).toBe('true');
    expect(await form.alert.textContent()).toBe('');

    // A field speaks up only once the visitor has been in it and left it wrong.
    await form.name.focus();
    expect(await fieldError(form.name)).toBeNull();
    await form.email.focus();
    expect(await fieldError(form.name)).toBe('Name is required.');
    await form.email.fill('meena@');
    expect(await fieldError(form.email)).toBeNull();
    await form.phone.focus();
    expect(await fieldError(form.email)).toBe('Email is required and must be valid.');
    await form.phone.fill('98400');
    await form.city.focus();
    expect(await fieldError(form.phone)).toBe('Phone is required and must be a 10-digit number.');
    await form.ordertype.focus();
    expect(await fieldError(form.city)).toBe('City is required.');
    await form.message.focus();
    expect(await fieldError(form.ordertype)).toBe('Order Type is required.');
    await form.message.fill('Price?');
    await form.companyname.focus();
    expect(await fieldError(form.message)).toBe(
      'Message is required and must be at least 10 characters long.',
    );
    await form.name.focus();
    expect(await fieldError(form.companyname)).toBeNull();

    // The submit is marked unavailable; pressing it anyway says why and goes to the first problem.
    expect(await form.submit.getAttribute('aria-disabled')).toBe('true');
    await form.submit.click({ force: true });
    await expect.poll(() => form.alert.textContent(), polled).toBe(FORM_MESSAGES.invalid);
    expect(await focusedId(page)).toBe(await form.name.getAttribute('id'));
    expect(await journeys.store.documents(ENQUIRY_COLLECTION)).toHaveLength(0);

    // Valid, but the terms are not accepted.
    const enquiry = fullEnquiry('Tiruppur');
    await fillFullForm(form, enquiry);
    await expect.poll(() => form.alert.textContent(), polled).toBe('');
    for (const control of [form.name, form.email, form.phone, form.city, form.ordertype, form.message])
      expect(await fieldError(control)).toBeNull();
    expect(await form.submit.getAttribute('aria-disabled')).toBe('true');
    await form.submit.click({ force: true });
    await expect.poll(() => form.alert.textContent(), polled).toBe(FORM_MESSAGES.termsRequired);
    expect(await focusedId(page)).toBe(await form.terms.getAttribute('id'));

    await form.terms.check();
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    const before = await browserClock(page);
    await form.submit.click();

    await thankYouDialog(page).waitFor();
    expect(await page.evaluate(() => document.querySelector('dialog[open]')?.matches(':modal'))).toBe(true);
    await expectFormEmpty(form);

    const after = await browserClock(page);
    const stamp = await expectStampedBetween(ENQUIRY_COLLECTION, before, after);
    expect(stamp.date).toBe('07-03-2025');
    expect(stamp.time).toMatch(/^21:0[5-9]:\d\d$/);
    const mail = await expectStoredAndMailedOnce(ENQUIRY_COLLECTION, {
      formpage: 'Enquirypage',
      ...enquiry,
      ...stamp,
    });
    expect(mail.subject).toBe(`New enquiry: ${enquiry.name}, Tiruppur (bulk)`);

    await thankYouDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => thankYouDialog(page).isVisible(), polled).toBe(false);
    // Focus returns to where the visitor was.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send Enquiry');
  });

  it('with the database unreachable, says the enquiry failed at once and keeps every field, then sends on retry', async () => {
    const { page, goto } = await visit('mobile');
    await page.route('http://127.0.0.1:8080/**', (route) => route.abort());
    await goto('/enquiry');
    const form = fullForm(page);
    await waitForFormReady(form.submit);
    const enquiry = fullEnquiry('Madurai');

    await sendValidEnquiry(page, form, enquiry);
    await expect.poll(() => form.alert.textContent(), polled).toBe(FORM_MESSAGES.submitFailed);
    expect(await thankYouDialog(page).isVisible()).toBe(false);
    await expectFormHolds(form, enquiry);
    expect(await form.submit.getAttribute('aria-disabled')).toBe('false');
    expect(await journeys.store.documents(ENQUIRY_COLLECTION)).toHaveLength(0);

    // The connection is back: the same click now goes through.
    await page.unroute('http://127.0.0.1:8080/**');
    const clock = await browserClock(page);
    await form.submit.click();
    await thankYouDialog(page).waitFor();
    await expectFormEmpty(form);
    const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);
    expect(doc.get('name')).toBe(enquiry.name);
    expect([clock.date, (await browserClock(page)).date]).toContain(doc.get('date'));
    await journeys.store.waitForDeliveryState(doc.ref, 'SENT');
    expect(journeys.catcher.messages).toHaveLength(1);
  });

  it('stores one enquiry and sends one email when the visitor double-clicks the submit', async () => {
    const { page, goto } = await visit('desktop');
    await goto('/enquiry');
    const form = fullForm(page);
    await waitForFormReady(form.submit);
    const enquiry = fullEnquiry('Erode');
    await fillFullForm(form, enquiry);
    await form.terms.check();
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');

    await form.submit.dblclick();
    await thankYouDialog(page).waitFor();
    const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);
    await journeys.store.waitForDeliveryState(doc.ref, 'SENT');
    expect(await journeys.store.documents(ENQUIRY_COLLECTION)).toHaveLength(1);
    expect(journeys.catcher.messages).toHaveLength(1);
  });

  it('stores a Malayalam name typed with chillus the older way (അവന്‍) as the letters a person sees (അവൻ)', async () => {
    const { page, goto } = await visit('desktop');
    await goto('/enquiry');
    const form = fullForm(page);
    await waitForFormReady(form.submit);
    const olderChillu = (consonant: string) => `${consonant}\u0d4d\u200d`;
    const enquiry = { ...fullEnquiry('കൊച്ചി'), name: `അവ${olderChillu('ന')} കുമാ${olderChillu('ര')}` };
    await fillFullForm(form, enquiry);
    // Typed key by key, as an older input method sends the three characters of each chillu.
    await form.name.clear();
    await form.name.pressSequentially(enquiry.name);
    await form.terms.check();
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    await form.submit.click();
    await thankYouDialog(page).waitFor();

    const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);
    expect(doc.get('name')).toBe('അവൻ കുമാർ');
    const mail = await journeys.catcher.waitForMessage(
      (candidate) => candidate.headers.get('x-enquiry-id') === doc.ref.path,
    );
    expect(mail.text).toContain('അവൻ കുമാർ');
  });

  it('keeps what the visitor typed across a reload, until the enquiry is sent', async () => {
    const { page, goto } = await visit('desktop');
    await goto('/enquiry');
    let form = fullForm(page);
    await waitForFormReady(form.submit);
    const enquiry = fullEnquiry('Salem');
    await fillFullForm(form, enquiry);
    await form.terms.check();

    await goto('/enquiry');
    form = fullForm(page);
    await waitForFormReady(form.submit);
    await expect.poll(() => form.name.inputValue(), polled).toBe(enquiry.name);
    await expectFormHolds(form, enquiry);
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    await form.submit.click();
    await thankYouDialog(page).waitFor();
    const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);

    await goto('/enquiry');
    form = fullForm(page);
    await waitForFormReady(form.submit);
    await expectFormEmpty(form);
    await journeys.store.waitForDeliveryState(doc.ref, 'SENT');
  });
});

describe('the full enquiry form on /home', () => {
  it('loads as the visitor scrolls to it, then stores an enquiry tagged Homepage and emails sales once', async () => {
    const { page, goto } = await visit('mobile');
    await page.clock.install({ time: new Date('2025-12-31T09:04:03+05:30') });
    await goto('/home');
    const contact = page.locator('#contact');
    await contact.scrollIntoViewIfNeeded();
    const form = fullForm(contact);
    await waitForFormReady(form.submit);

    await form.name.focus();
    await form.phone.focus();
    expect(await fieldError(form.name)).toBe('Name is required.');
    await form.submit.click({ force: true });
    await expect.poll(() => form.alert.textContent(), polled).toBe(FORM_MESSAGES.invalid);

    const enquiry = fullEnquiry('Bengaluru');
    const before = await sendValidEnquiry(page, form, enquiry);
    await thankYouDialog(page).waitFor();
    await expectFormEmpty(form);
    const stamp = await expectStampedBetween(ENQUIRY_COLLECTION, before, await browserClock(page));
    expect(stamp.date).toBe('31-12-2025');
    expect(stamp.time).toMatch(/^09:0[4-9]:\d\d$/);
    const mail = await expectStoredAndMailedOnce(ENQUIRY_COLLECTION, {
      formpage: 'Homepage',
      ...enquiry,
      ...stamp,
    });
    expect(mail.subject).toBe(`New enquiry: ${enquiry.name}, Bengaluru (bulk)`);
    await page.keyboard.press('Escape');
    await expect.poll(() => thankYouDialog(page).isVisible(), polled).toBe(false);
  });
});

describe('the short form in the popup', () => {
  it('asks for name, email, phone and business, then thanks the visitor in place, stores it and emails sales once', async () => {
    const { page } = await visit('mobile');
    const popup = await openDescriptionPopup(page);
    const form = shortForm(popup);
    await waitForFormReady(form.submit);

    expect(await form.business.inputValue()).toBe(DEFAULT_BUSINESS);
    expect(await form.business.locator('option').allTextContents()).toEqual([...BUSINESS_OPTIONS]);
    expect(await form.submit.getAttribute('aria-disabled')).toBe('true');

    await form.name.focus();
    await form.email.focus();
    expect(await fieldError(form.name)).toBe('Name is required.');
    await form.email.fill('karthik@example');
    await form.phone.focus();
    expect(await fieldError(form.email)).toBe('Email is required and must be valid.');
    await form.phone.fill('+91 90000');
    await form.business.focus();
    expect(await fieldError(form.phone)).toBe('Phone is required and must be a 10-digit number.');
    await form.submit.click({ force: true });
    await expect.poll(() => form.alert.textContent(), polled).toBe(FORM_MESSAGES.invalid);

    const enquiry = popupEnquiry('I am a Salon Retailer');
    await fillShortForm(form, enquiry);
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    const before = await browserClock(page);
    await form.submit.click();

    const thanks = popup.getByRole('status');
    await expect.poll(() => thanks.textContent(), polled).toContain('Thank you!');
    expect(await popup.locator('form').count()).toBe(0);
    const stamp = await expectStampedBetween(POPUP_ENQUIRY_COLLECTION, before, await browserClock(page));
    // Opened on the Machine Weft page: the enquiry carries that product.
    const mail = await expectStoredAndMailedOnce(POPUP_ENQUIRY_COLLECTION, {
      ...enquiry,
      ...stamp,
      product: 'machine-weft',
    });
    expect(mail.subject).toBe(`New popup enquiry: ${enquiry.name} (I am a Salon Retailer)`);

    await popup.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => popup.isVisible(), polled).toBe(false);
  });
});
