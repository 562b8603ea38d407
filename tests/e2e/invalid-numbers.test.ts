/**
 * Numbers and zones that keep the rules' shapes but mean nothing, on the whole local stack: a
 * stranger writes `+1` and fourteen digits with a time zone that is an advert, straight through the
 * real rules with the client SDK; a visitor types `0000000000` in the real form, which keeps the
 * spec's ten-digit rule. The sales email, the WhatsApp alert and the inbox say each number is not
 * valid and offer nothing to tap, and the advert is never shown as a zone or as a buyer's clock.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  getFirestore,
  serverTimestamp,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { buildEnquiryPayload } from '../../functions/src/contract/enquiry/enquiry';
import { WHATSAPP_STAND_IN_ORIGIN } from '../../scripts/lib/local-services';
import { DEMO_SALES_ACCOUNT } from '../../scripts/lib/sales-accounts';
import type { StandInMessage } from '../../scripts/lib/whatsapp-stand-in';
import { DELIVERY_TIMEOUT_MS } from '../support/deadlines';
import { firestoreEmulatorHost, PROJECT_ID } from '../support/emulator';
import { card, detail, detailHeading, openCard, signIn, useInboxAccounts } from './inbox-visit';
import { useJourneys } from './journeys';
import { fullEnquiry, polled, sendFullEnquiry } from './visitor';

const journeys = useJourneys({ stack: 'invalid-numbers' });
useInboxAccounts('e2e-invalid-numbers');

/** A visitor's client, as a script would use it: no account, the real rules. */
const stranger = initializeApp({ projectId: PROJECT_ID, apiKey: 'any' }, 'invalid-numbers-stranger');
const strangerDb = getFirestore(stranger);
beforeAll(() => {
  const [host, port] = firestoreEmulatorHost().split(':');
  connectFirestoreEmulator(strangerDb, host ?? '127.0.0.1', Number(port));
});
afterAll(() => deleteApp(stranger));

const SPAM_ZONE = 'Call_us_on_WhatsApp_at_spam-example';

const standInMessages = async () =>
  (await (await fetch(`${WHATSAPP_STAND_IN_ORIGIN}/messages`)).json()) as StandInMessage[];

type Sent = { phone: string; note: string; name: string; path: string };

/** The sales email and the WhatsApp alert of one enquiry: why the number is not valid, nothing to dial. */
async function expectMarkedDeliveries(enquiry: Sent): Promise<void> {
  const mail = await journeys.catcher.waitForMessage(
    (candidate) => candidate.headers.get('x-enquiry-id') === enquiry.path,
    DELIVERY_TIMEOUT_MS,
  );
  for (const part of [String(mail.html), String(mail.text)]) {
    expect(part).not.toMatch(/tel:|wa\.me/);
    expect(part).toContain(`${enquiry.phone} (${enquiry.note})`);
    expect(part).not.toContain('Call_us_on_WhatsApp');
  }
  const link = `/inbox/${enquiry.path}`;
  const alerts = async () =>
    (await standInMessages()).filter((message) => message.parameters[5]?.endsWith(link));
  await expect.poll(alerts, { timeout: DELIVERY_TIMEOUT_MS }).not.toHaveLength(0);
  for (const alert of await alerts()) {
    expect(alert.parameters[4]).toBe(enquiry.note);
    expect(alert.text).not.toMatch(/\d(?:[\s().-]?\d){6,}/);
  }
}

describe('numbers no country has, and a zone that is an advert', () => {
  it('are marked not valid in the email, the alert and the inbox, with no call or WhatsApp, and the zone is dropped', async () => {
    // The stranger's write, through the rules: +1 and fourteen digits, and an advert for a zone.
    const scripted = { ...fullEnquiry('Anywhere'), phone: '+112345678901234' };
    const written = await addDoc(collection(strangerDb, ENQUIRY_COLLECTION), {
      ...buildEnquiryPayload(scripted, 'Enquirypage', new Date(), SPAM_ZONE),
      createdAt: serverTimestamp(),
    });
    const fromScript: Sent = {
      phone: scripted.phone,
      note: 'not a valid number for the United States',
      name: scripted.name,
      path: written.path,
    };
    await expectMarkedDeliveries(fromScript);

    // The visitor's, through the form: ten digits, as the spec asks, from a browser in India.
    const typed = { ...fullEnquiry('Erode'), phone: '0000000000' };
    const visitor = await journeys.visit('mobile');
    await visitor.goto('/enquiry');
    await sendFullEnquiry(visitor.page, typed);
    const docs = await journeys.store.waitForDocuments(ENQUIRY_COLLECTION, 2);
    const doc = docs.find((candidate) => candidate.get('name') === typed.name);
    expect(doc?.get('phone')).toBe(typed.phone);
    const fromForm: Sent = {
      phone: typed.phone,
      note: 'not a valid number for India',
      name: typed.name,
      path: doc?.ref.path ?? '',
    };
    await expectMarkedDeliveries(fromForm);
    const enquiries = [fromScript, fromForm];

    // The inbox: each card says so; each detail has the number as text, no call and no WhatsApp,
    // and the stranger's advert is no clock, where the visitor's own browser zone is one.
    const sales = await journeys.visit('mobile');
    await sales.goto('/inbox');
    await signIn(sales.page, DEMO_SALES_ACCOUNT);
    for (const [index, enquiry] of enquiries.entries()) {
      const item = card(sales.page, enquiry.name);
      await item.waitFor({ timeout: DELIVERY_TIMEOUT_MS });
      const { note } = enquiry;
      expect(await item.locator('[data-phone-invalid]').textContent()).toBe(
        note.charAt(0).toUpperCase() + note.slice(1),
      );
      await openCard(item);
      await expect.poll(() => detailHeading(sales.page).textContent(), polled).toBe(enquiry.name);
      const opened = detail(sales.page);
      await opened.getByRole('link', { name: 'Reply by email' }).waitFor();
      expect(await opened.getByRole('link', { name: /^Call/ }).count()).toBe(0);
      expect(await opened.getByRole('link', { name: 'WhatsApp' }).count()).toBe(0);
      expect(await opened.locator('a[href^="tel:"], a[href*="wa.me"]').count()).toBe(0);
      expect(await opened.locator('.inbox-fields__phone').textContent()).toBe(
        `${enquiry.phone}${note}: no call or WhatsApp button`,
      );
      expect(await opened.textContent()).not.toContain('Call_us_on_WhatsApp');
      expect(await opened.locator('[data-buyer-time]').count()).toBe(index === 0 ? 0 : 1);
      await opened.getByRole('button', { name: 'Back to the list' }).click();
    }
  });
});
