/**
 * A buyer in New York, London or Lagos reaches sales as surely as one in Chennai, on the whole
 * local stack: the phone field's country part starts at the browser's time zone, each buyer's
 * number is stored as the contract says (E.164 abroad, ten digits in India), and the sales email's
 * call and WhatsApp links, the WhatsApp alert's phone, the acknowledgement and the inbox's call
 * button all carry that buyer's own number, never a +91 guess; a number too short for its country
 * is refused with its message.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
  type EnquiryCollection,
} from '../../functions/src/contract/enquiry/collections';
import { enquiryReference } from '../../functions/src/contract/enquiry/enquiry-reference';
import { WHATSAPP_STAND_IN_ORIGIN } from '../../scripts/lib/local-services';
import { DEMO_SALES_ACCOUNT } from '../../scripts/lib/sales-accounts';
import type { StandInMessage } from '../../scripts/lib/whatsapp-stand-in';
import { saveScreenshot } from '../support/browser';
import { DELIVERY_TIMEOUT_MS } from '../support/deadlines';
import { detail, detailHeading, signIn, useInboxAccounts } from './inbox-visit';
import { useJourneys } from './journeys';
import {
  fieldError,
  fillFullForm,
  fillShortForm,
  fullEnquiry,
  fullForm,
  openDescriptionPopup,
  polled,
  popupEnquiry,
  shortForm,
  thankYouDialog,
  waitForFormReady,
} from './visitor';

const journeys = useJourneys({ stack: 'buyers-abroad' });
useInboxAccounts('e2e-buyers-abroad');

const standInMessages = async () =>
  (await (await fetch(`${WHATSAPP_STAND_IN_ORIGIN}/messages`)).json()) as StandInMessage[];

type Buyer = {
  who: string;
  zone: string;
  /** Where the form is: /enquiry, /home, or the popup on a product page. */
  where: '/enquiry' | '/home' | 'popup';
  /** The country part's value when the form has woken in that zone. */
  defaultCountry: string;
  /** A country chosen from the country part before typing, if any. */
  chooses?: string;
  typed: string;
  stored: string;
  e164: string;
  display: string;
  country: string;
};

const BUYERS: Buyer[] = [
  {
    who: 'a New York buyer on /enquiry',
    zone: 'America/New_York',
    where: '/enquiry',
    defaultCountry: 'US',
    typed: '+1 212 555 0100',
    stored: '+12125550100',
    e164: '+12125550100',
    display: '+1 212 555 0100',
    country: 'United States',
  },
  {
    who: 'a London buyer on /home',
    zone: 'Europe/London',
    where: '/home',
    defaultCountry: 'GB',
    typed: '+44 7911 123456',
    stored: '+447911123456',
    e164: '+447911123456',
    display: '+44 7911 123456',
    // Google's plan puts 7911 1 on Guernsey, which shares +44.
    country: 'Guernsey',
  },
  {
    who: 'a Lagos buyer in the popup',
    zone: 'Africa/Lagos',
    where: 'popup',
    defaultCountry: 'NG',
    typed: '+234 803 123 4567',
    stored: '+2348031234567',
    e164: '+2348031234567',
    display: '+234 803 123 4567',
    country: 'Nigeria',
  },
  {
    who: 'a Chennai buyer on /enquiry',
    zone: 'Asia/Kolkata',
    where: '/enquiry',
    defaultCountry: 'IN',
    typed: '98765 43210',
    stored: '9876543210',
    e164: '+919876543210',
    display: '+91 98765 43210',
    country: 'India',
  },
  {
    who: 'an Accra buyer who chooses Ghana in the country part, on /home from India',
    zone: 'Asia/Kolkata',
    where: '/home',
    defaultCountry: 'IN',
    chooses: 'GH',
    typed: '024 412 3456',
    stored: '+233244123456',
    e164: '+233244123456',
    display: '+233 24 412 3456',
    country: 'Ghana',
  },
];

/** The form of a buyer's page, woken and ready; the popup opens on a product page. */
async function openForm(page: Page, goto: (path: string) => Promise<unknown>, where: Buyer['where']) {
  if (where === 'popup') {
    const popup = await openDescriptionPopup(page);
    const form = shortForm(popup);
    await waitForFormReady(form.submit);
    return { short: true as const, form };
  }
  await goto(where);
  const scope = where === '/home' ? page.locator('#contact') : page;
  if (where === '/home') await page.locator('#contact').scrollIntoViewIfNeeded();
  const form = fullForm(scope);
  await waitForFormReady(form.submit);
  return { short: false as const, form };
}

const countryPart = (form: { country: ReturnType<Page['locator']> }) => form.country;

describe('a buyer abroad', () => {
  it.for(BUYERS)('$who reaches sales on their own number, and gets a reference', async (buyer) => {
    const visitor = await journeys.visit('mobile', { timezoneId: buyer.zone });
    const opened = await openForm(visitor.page, visitor.goto, buyer.where);
    const country = countryPart(opened.form);
    // The time zone's country is looked up once the buyer reaches into the form (India's at once).
    await opened.form.name.focus();
    await expect.poll(() => country.inputValue(), polled).toBe(buyer.defaultCountry);
    if (buyer.chooses) await country.selectOption(buyer.chooses);

    let collection: EnquiryCollection;
    if (opened.short) {
      const enquiry = { ...popupEnquiry(), phone: buyer.typed };
      await fillShortForm(opened.form, enquiry);
      collection = POPUP_ENQUIRY_COLLECTION;
    } else {
      const enquiry = { ...fullEnquiry('Anywhere'), phone: buyer.typed };
      await fillFullForm(opened.form, enquiry);
      await opened.form.terms.check();
      collection = ENQUIRY_COLLECTION;
    }
    // A number typed with its country code takes the country part with it.
    expect(await country.inputValue()).toBe(buyer.chooses ?? buyer.defaultCountry);
    await expect.poll(() => opened.form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    await opened.form.submit.click();
    const thanks = opened.short ? visitor.page.getByRole('status') : thankYouDialog(visitor.page);
    await expect.poll(() => thanks.textContent(), polled).toMatch(/Your reference is SME-\w{4}-\w{4}/);

    // Stored as the contract says, with the browser's zone.
    const doc = await journeys.store.waitForDocument(collection);
    expect(doc.get('phone')).toBe(buyer.stored);
    // As Chromium names it: India's zone keeps its old name there.
    const zone = String(doc.get('timezone'));
    expect(zone).toBe(buyer.zone === 'Asia/Kolkata' ? 'Asia/Calcutta' : buyer.zone);
    const reference = enquiryReference(doc.id);
    expect(await thanks.textContent()).toContain(reference);

    // The sales email calls and messages that number.
    const mail = await journeys.catcher.waitForMessage(
      (candidate) => candidate.headers.get('x-enquiry-id') === doc.ref.path,
    );
    const digits = buyer.e164.slice(1);
    for (const part of [String(mail.html), String(mail.text)]) {
      expect(part).toContain(`tel:${buyer.e164}`);
      expect(part).toContain(`https://wa.me/${digits}`);
      expect(part).toContain(reference);
      if (!buyer.e164.startsWith('+91')) expect(part).not.toContain(`+91${buyer.stored.replace('+', '')}`);
    }
    expect(String(mail.text)).toContain(`Phone: ${buyer.display}`);
    expect(String(mail.text)).toContain(`Country: ${buyer.country}`);

    // The WhatsApp alert on the sales phones gives the same number, and the reference.
    const link = `/inbox/${collection}/${doc.id}`;
    await expect
      .poll(
        async () => (await standInMessages()).filter((message) => message.parameters[5]?.endsWith(link)),
        {
          timeout: DELIVERY_TIMEOUT_MS,
        },
      )
      .not.toHaveLength(0);
    for (const alert of (await standInMessages()).filter((message) =>
      message.parameters[5]?.endsWith(link),
    )) {
      expect(alert.parameters[4]).toBe(buyer.display);
      expect(alert.parameters[6]).toBe(reference);
    }

    // The buyer's acknowledgement: the reference and when to expect the reply, on their own clock.
    const acknowledgement = await journeys.catcher.waitForAcknowledgement((candidate) =>
      String(candidate.subject).endsWith(reference),
    );
    expect(String(acknowledgement.text)).toContain(`Your reference is ${reference}.`);
    const place = zone.split('/').at(-1)?.replace(/_/g, ' ') ?? '';
    expect(String(acknowledgement.text)).toMatch(
      new RegExp(`We reply within one business day: by \\w+day \\d\\d:\\d\\d your time \\(${place}\\)\\.`),
    );
    if (buyer.zone === 'America/New_York') {
      // The email as the buyer's mail client draws it.
      const mailView = await journeys.visit('mobile');
      await mailView.page.setContent(String(acknowledgement.html));
      await saveScreenshot(mailView.page, 'acknowledgement-email-new-york-buyer');
    }

    // The inbox's call button rings that number.
    const sales = await journeys.visit('mobile');
    await sales.goto(link);
    await signIn(sales.page, DEMO_SALES_ACCOUNT);
    await detailHeading(sales.page).waitFor();
    const call = detail(sales.page).getByRole('link', { name: /^Call / });
    expect(await call.getAttribute('href')).toBe(`tel:${buyer.e164}`);
    expect(await call.textContent()).toBe(`Call ${buyer.display}`);
    expect(await detail(sales.page).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(
      new RegExp(`^https://wa\\.me/${digits}\\?`),
    );
    expect(await detail(sales.page).locator('[data-reference]').textContent()).toBe(reference);
    if (buyer.zone === 'America/New_York') {
      expect(await detail(sales.page).locator('[data-buyer-time]').textContent()).toMatch(
        /^Buyer’s time now: \d{1,2}:\d\d (am|pm) in New York/,
      );
      await saveScreenshot(sales.page, 'inbox-detail-new-york-buyer');
    }
  });

  it('is refused a number too short for their country, with the message in the spec’s voice', async () => {
    const { page, goto } = await journeys.visit('mobile', { timezoneId: 'America/New_York' });
    await goto('/enquiry');
    const form = fullForm(page);
    await waitForFormReady(form.submit);
    await form.name.focus();
    await expect.poll(() => countryPart(form).inputValue(), polled).toBe('US');
    await fillFullForm(form, { ...fullEnquiry('New York'), phone: '+1 212 555 01' });
    await form.terms.check();
    await form.phone.focus();
    await form.city.focus();
    await expect
      .poll(() => fieldError(form.phone), polled)
      .toBe('Phone is required and must be a valid number for the United States.');
    expect(await form.submit.getAttribute('aria-disabled')).toBe('true');

    // India keeps the spec's own words.
    await countryPart(form).selectOption('IN');
    await form.phone.fill('98400');
    await form.city.focus();
    await expect
      .poll(() => fieldError(form.phone), polled)
      .toBe('Phone is required and must be a 10-digit number.');
    expect(await form.submit.getAttribute('aria-disabled')).toBe('true');
    expect(await journeys.store.documents(ENQUIRY_COLLECTION)).toHaveLength(0);
  });

  it('shows the country part beside the number at 390 px, every country listed once the form wakes', async () => {
    const { page, goto } = await journeys.visit('mobile', { timezoneId: 'Africa/Lagos' });
    const { form } = await openForm(page, goto, '/enquiry');
    const country = countryPart(form);
    // Awake but untouched, the form has not fetched the table of time zones: no visitor pays for
    // it at load. Reaching into the form fetches it.
    expect(await country.inputValue()).toBe('IN');
    await form.name.focus();
    await expect.poll(() => country.inputValue(), polled).toBe('NG');
    expect(await country.locator('option').count()).toBeGreaterThan(240);
    await form.phone.scrollIntoViewIfNeeded();
    // A native list opens outside the page; drawn as a list box, it shows what the visitor picks from.
    await country.evaluate((select: HTMLSelectElement) => {
      select.size = 8;
      select.style.position = 'relative';
      select.style.zIndex = '5';
      select.style.height = 'auto';
    });
    await saveScreenshot(page, 'phone-field-country-open');
  });
});
