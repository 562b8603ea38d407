/**
 * A visitor's enquiry reaches the sales phones on WhatsApp, on the whole local stack: the form on
 * /home in Chromium, the real rules, the emulated trigger, and the WhatsApp Cloud API stand-in the
 * launcher runs on :9190 (as npm start does), which holds what the phones would show.
 */
import { describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { ENQUIRY_ALERT_TEMPLATE } from '../../functions/src/channels/whatsapp/templates';
import { emulatorWhatsAppSettings } from '../../scripts/lib/local-sweep';
import { WHATSAPP_STAND_IN_ORIGIN } from '../../scripts/lib/local-services';
import type { StandInMessage } from '../../scripts/lib/whatsapp-stand-in';
import { saveScreenshot, VIEWPORT_NAMES } from '../support/browser';
import { DELIVERY_TIMEOUT_MS } from '../support/deadlines';
import { useJourneys } from './journeys';
import { fillFullForm, fullEnquiry, fullForm, polled, thankYouDialog, waitForFormReady } from './visitor';

const journeys = useJourneys({ stack: 'whatsapp-alert' });

/** A picture of the stand-in's page with messages on it is never this small; a blank one can be. */
const STAND_IN_MIN_BYTES = 5_000;

const standInMessages = async () =>
  (await (await fetch(`${WHATSAPP_STAND_IN_ORIGIN}/messages`)).json()) as StandInMessage[];

describe('the WhatsApp alert of an enquiry sent on /home', () => {
  it('reaches every sales phone once, naming the buyer and linking to the enquiry in the inbox', async () => {
    const { page, goto } = await journeys.visit('mobile');
    await goto('/home');
    // The home page's form loads as the visitor scrolls to it.
    const contact = page.locator('#contact');
    await contact.scrollIntoViewIfNeeded();
    const form = fullForm(contact);
    await waitForFormReady(form.submit);
    const buyer = fullEnquiry('Salem');
    await fillFullForm(form, buyer);
    await form.terms.check();
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    await form.submit.click();
    await thankYouDialog(page).waitFor();

    const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);
    const link = `/inbox/${ENQUIRY_COLLECTION}/${doc.id}`;
    const phones = emulatorWhatsAppSettings()?.numbers ?? [];
    expect(phones.length).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          (await standInMessages()).filter((message) => message.parameters[5]?.endsWith(link)).length,
        {
          timeout: DELIVERY_TIMEOUT_MS,
        },
      )
      .toBe(phones.length);
    const alerts = (await standInMessages()).filter((message) => message.parameters[5]?.endsWith(link));
    expect(alerts.map((alert) => alert.to).sort()).toEqual([...phones].sort());
    for (const alert of alerts) {
      expect(alert.template).toBe(ENQUIRY_ALERT_TEMPLATE.name);
      expect(alert.text).toContain(buyer.name);
      expect(alert.text).toContain('Salem');
      expect(alert.text).toContain(`+91 ${buyer.phone.slice(0, 5)} ${buyer.phone.slice(5)}`);
    }
    // Every phone answered by the stand-in: the alert's record says so once its write lands.
    await expect
      .poll(async () => (await doc.ref.get()).get('notification.whatsapp.state') as unknown, {
        timeout: DELIVERY_TIMEOUT_MS,
      })
      .toBe('SENT');

    // What the sales phones show, as the stand-in draws it, at both widths (artifacts/screenshots/whatsapp-alert).
    for (const viewport of VIEWPORT_NAMES) {
      const phone = await journeys.visit(viewport);
      await phone.page.goto(`${WHATSAPP_STAND_IN_ORIGIN}/`);
      await phone.page.getByText(buyer.name).first().waitFor();
      await saveScreenshot(phone.page, 'whatsapp-stand-in', { fullPage: true, minBytes: STAND_IN_MIN_BYTES });
    }
  });
});
