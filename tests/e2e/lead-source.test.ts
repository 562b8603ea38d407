/**
 * Where a lead came from, on the whole local stack: a visit that lands from the Dubai hair expo's
 * link (`/home?utm_source=expo&utm_campaign=dubai-hair-expo`), browses two pages and sends the
 * enquiry form carries that first touch to the stored enquiry, the sales email and the CSV; a new
 * visit (a new tab, so a new session) without utm_ parameters, sending the popup, does not inherit
 * it. That popup, on the Machine Weft page, names the product, and its enquiry and email carry it.
 */
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import { enquiriesToCsv } from '../../functions/src/contract/enquiry/enquiry-columns';
import { readStoredEnquiry } from '../../functions/src/contract/enquiry/stored-enquiry';
import { useJourneys } from './journeys';
import {
  fillShortForm,
  fullEnquiry,
  openDescriptionPopup,
  polled,
  popupEnquiry,
  sendFullEnquiry,
  shortForm,
  waitForFormReady,
} from './visitor';
import { waitForHydration } from '../support/browser';

const journeys = useJourneys({ stack: 'lead-source' });

const mailFor = (path: string) =>
  journeys.catcher.waitForMessage((candidate) => candidate.headers.get('x-enquiry-id') === path);

describe('where a lead came from', () => {
  it('is the first touch of the visit, kept across pages, and a new visit starts its own', async () => {
    const first = await journeys.visit('desktop');
    await first.goto('/home?utm_source=expo&utm_campaign=dubai-hair-expo');
    // Browsing on: two pages, by the site's own links.
    await first.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Products', exact: true })
      .click();
    await first.page.waitForURL(/\/products$/);
    await waitForHydration(first.page);
    await first.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About', exact: true })
      .click();
    await first.page.waitForURL(/\/about$/);
    await waitForHydration(first.page);
    await first.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Enquiry', exact: true })
      .click();
    await first.page.waitForURL(/\/enquiry$/);
    await waitForHydration(first.page);
    const buyer = fullEnquiry('Dubai');
    await sendFullEnquiry(first.page, buyer);

    const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);
    expect(doc.get('source')).toEqual({
      landing: '/home',
      referrer: '',
      utmSource: 'expo',
      utmMedium: '',
      utmCampaign: 'dubai-hair-expo',
    });
    const mail = await mailFor(doc.ref.path);
    expect(String(mail.text)).toContain('Came from: dubai-hair-expo');
    expect(String(mail.text)).toContain('Landed on: /home');
    expect(String(mail.text)).toContain('utm_campaign: dubai-hair-expo');
    const csv = enquiriesToCsv(ENQUIRY_COLLECTION, [
      readStoredEnquiry({ collection: ENQUIRY_COLLECTION, id: doc.id }, doc.data()),
    ]);
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    // The message before them holds commas in quotes: the columns are found by their neighbours.
    expect(header).toContain(',Came from,Landing page,Referrer,utm_source,utm_medium,utm_campaign,');
    expect(row).toContain(',dubai-hair-expo,/home,,expo,,dubai-hair-expo,');

    // A new tab is a new visit: no utm_ parameters, so nothing inherited, and the popup says so too.
    const second = await journeys.visit('desktop');
    const popup = await openDescriptionPopup(second.page);
    expect(await popup.textContent()).toContain('prices and samples of Machine Weft');
    const form = shortForm(popup);
    await waitForFormReady(form.submit);
    await fillShortForm(form, popupEnquiry());
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    await form.submit.click();
    const popupDoc = await journeys.store.waitForDocument(POPUP_ENQUIRY_COLLECTION);
    expect(popupDoc.get('product')).toBe('machine-weft');
    expect(popupDoc.get('source')).toEqual({
      landing: '/products/description/machine-weft',
      referrer: '',
      utmSource: '',
      utmMedium: '',
      utmCampaign: '',
    });
    const popupMail = await mailFor(popupDoc.ref.path);
    expect(String(popupMail.text)).toContain('Came from: direct');
    expect(String(popupMail.text)).toContain('Sent from the page of: Machine Weft');
    expect(String(popupMail.text)).not.toContain('dubai-hair-expo');
  });
});
