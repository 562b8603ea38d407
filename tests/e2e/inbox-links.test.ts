/**
 * Getting to one enquiry, and a buyer's data, in the sales inbox on the whole stack: the link in a
 * WhatsApp alert opens sign-in and then that enquiry (the address kept through sign-in), marking
 * it Contacted shows how fast it was answered and a reload keeps it; a link that names no enquiry
 * says so; enquiries from one buyer are linked; and only the owner's account can find and erase a
 * buyer's data, from the enquiry's detail (a sales account sees no such action, and the function
 * refuses it when called directly).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { PRIVACY_FUNCTION } from '../../functions/src/contract/inbox/privacy';
import { emulatorWhatsAppSettings } from '../../scripts/lib/local-sweep';
import { WHATSAPP_STAND_IN_ORIGIN } from '../../scripts/lib/local-services';
import { PORTS } from '../../scripts/lib/project';
import { DEMO_OWNER_ACCOUNT, DEMO_SALES_ACCOUNT } from '../../scripts/lib/sales-accounts';
import type { StandInMessage } from '../../scripts/lib/whatsapp-stand-in';
import { waitForStillness } from '../support/browser';
import { DELIVERY_TIMEOUT_MS } from '../support/deadlines';
import { PROJECT_ID } from '../support/firestore-admin';
import {
  card,
  cardOf,
  detail,
  detailHeading,
  openCard,
  seedDemoEnquiries,
  signIn,
  useInboxAccounts,
} from './inbox-visit';
import { useJourneys } from './journeys';
import { axeViolations, fullEnquiry, polled, sendFullEnquiry } from './visitor';

const journeys = useJourneys({ stack: 'inbox-links' });
useInboxAccounts('e2e-inbox-links');

/** The emulator stamps server times with this machine's clock: a second's slack for its rounding. */
const CLOCK_SLACK_MS = 1_000;

const standInMessages = async () =>
  (await (await fetch(`${WHATSAPP_STAND_IN_ORIGIN}/messages`)).json()) as StandInMessage[];

describe('the link in an alert', () => {
  it('opens sign-in, then that enquiry; Contacted shows how fast it was answered, and a reload keeps it', async () => {
    const visitor = await journeys.visit('mobile');
    await visitor.goto('/enquiry');
    const buyer = fullEnquiry('Salem');
    await sendFullEnquiry(visitor.page, buyer);
    const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);

    // The alert on a sales phone carries the link.
    const phones = emulatorWhatsAppSettings()?.numbers.length ?? 0;
    await expect
      .poll(async () => (await standInMessages()).length, { timeout: DELIVERY_TIMEOUT_MS })
      .toBe(phones);
    const [alert] = await standInMessages();
    const link = new URL(alert?.parameters[5] ?? '');
    expect(link.pathname).toBe(`/inbox/${ENQUIRY_COLLECTION}/${doc.id}`);

    const sales = await journeys.visit('mobile');
    await sales.goto(`${link.pathname}${link.search}`);
    await sales.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(sales.page, DEMO_SALES_ACCOUNT);
    await expect.poll(() => detailHeading(sales.page).textContent(), polled).toBe(buyer.name);
    expect(new URL(sales.page.url()).pathname).toBe(link.pathname);
    const response = detail(sales.page).locator('[data-response]');
    expect(await response.textContent()).toMatch(/^No contact yet: waiting \d+ (s|min)$/);

    await detail(sales.page).getByLabel('Status').selectOption('Contacted');
    const saved = Date.now();
    await detail(sales.page).getByRole('button', { name: 'Save follow-up' }).click();
    await expect
      .poll(() => response.textContent(), polled)
      .toMatch(/^First contact: answered in \d+ (s|min)$/);
    const answered = await response.textContent();
    await sales.page.reload();
    await expect
      .poll(() => detail(sales.page).locator('[data-response]').textContent(), polled)
      .toBe(answered);
    expect(await detail(sales.page).getByLabel('Status').inputValue()).toBe('Contacted');
    // Recorded at the server's time (this machine's clock, under the emulator), once: when it was saved.
    const firstContactAt = (await doc.ref.get()).get('followUp.firstContactAt') as unknown;
    expect(firstContactAt).toBeInstanceOf(Timestamp);
    expect((firstContactAt as Timestamp).toMillis()).toBeGreaterThanOrEqual(saved - CLOCK_SLACK_MS);
    expect((firstContactAt as Timestamp).toMillis()).toBeLessThanOrEqual(Date.now());
  });

  it('says plainly when it names no enquiry, cut short or erased', async () => {
    const { page, goto } = await journeys.visit('desktop');
    await goto(`/inbox/${ENQUIRY_COLLECTION}/not-an-enquiry`);
    await signIn(page, DEMO_SALES_ACCOUNT);
    const notice = page.locator('.inbox-missing');
    await expect.poll(() => notice.textContent(), polled).toContain('This link does not name an enquiry');

    await goto(`/inbox/${ENQUIRY_COLLECTION}/${'A'.repeat(20)}`);
    await expect.poll(() => notice.textContent(), polled).toContain('No enquiry is stored at this address');
    await notice.getByRole('button', { name: 'Back to the list' }).click();
    await expect.poll(() => new URL(page.url()).pathname, polled).toBe('/inbox');
  });
});

describe("a buyer's enquiries and data", () => {
  it('links the three enquiries of one buyer, and lets the owner find and erase them all', async () => {
    const enquiries = await seedDemoEnquiries(journeys.store.db);
    const [first] = enquiries.filter((enquiry) => enquiry.fields.name === 'Priya Raman');
    const others = enquiries.filter((enquiry) => enquiry.fields.name !== 'Priya Raman');
    if (!first) throw new Error('no demo enquiry from Priya Raman');
    const { page, goto } = await journeys.visit('desktop', { bypassCSP: true });
    await goto('/inbox');
    await signIn(page, DEMO_OWNER_ACCOUNT);
    await expect
      .poll(() => card(page, 'Priya Raman').first().locator('[data-buyer-enquiries]').textContent(), polled)
      .toBe('3 from this buyer');
    await openCard(cardOf(page, first));
    await expect
      .poll(() => detail(page).locator('h3[data-buyer-enquiries]').textContent(), polled)
      .toBe('3 enquiries from this buyer');

    await detail(page).getByRole('button', { name: 'Find this buyer’s data' }).click();
    const found = detail(page).locator('.inbox-privacy');
    await expect
      .poll(() => found.textContent(), polled)
      .toContain('Stored under priya@glowsalon.in: 3 enquiries');
    expect(await axeViolations(page)).toEqual([]);
    await found.getByRole('button', { name: 'Erase…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Erase this buyer’s data?' });
    expect(await confirm.textContent()).toContain('3 enquiries, 0 resend records and 0 admission records');
    await waitForStillness(page);
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Erase 3 enquiries' }).click();

    const notice = page.locator('.inbox-missing');
    await expect
      .poll(() => notice.textContent(), { timeout: DELIVERY_TIMEOUT_MS })
      .toContain('Erased 3 enquiries');
    const remaining = await Promise.all(
      enquiries.map(
        async (enquiry) =>
          (await journeys.store.db.collection(enquiry.collection).doc(enquiry.id).get()).exists,
      ),
    );
    expect(remaining.filter((exists) => !exists)).toHaveLength(3);
    expect(remaining.filter(Boolean)).toHaveLength(others.length);
    await expect.poll(() => card(page, 'Priya Raman').count(), polled).toBe(0);
  });

  it('shows a sales account without the owner’s claim no such action, and the function refuses it', async () => {
    const enquiries = await seedDemoEnquiries(journeys.store.db);
    const first = enquiries.find((enquiry) => enquiry.fields.name === 'Priya Raman');
    if (!first) throw new Error('no demo enquiry from Priya Raman');
    const { page, goto } = await journeys.visit('mobile');
    await goto(`/inbox/${first.collection}/${first.id}`);
    await signIn(page, DEMO_SALES_ACCOUNT);
    await expect.poll(() => detailHeading(page).textContent(), polled).toBe('Priya Raman');
    await detail(page).locator('h3[data-buyer-enquiries]').waitFor();
    expect(await detail(page).getByRole('button', { name: 'Find this buyer’s data' }).count()).toBe(0);
    expect(await detail(page).textContent()).not.toContain('Buyer’s data (owner)');

    // The same request, straight to the function with this account's token: refused.
    const signedIn = (await (
      await fetch(
        `http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...DEMO_SALES_ACCOUNT, returnSecureToken: true }),
        },
      )
    ).json()) as { idToken: string };
    const answer = await fetch(
      `http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/asia-south1/${PRIVACY_FUNCTION}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${signedIn.idToken}`,
        },
        body: JSON.stringify({ data: { action: 'erase', kind: 'email', value: 'priya@glowsalon.in' } }),
      },
    );
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: { status: string } }).error.status).toBe('PERMISSION_DENIED');
    expect((await journeys.store.db.collection(first.collection).doc(first.id).get()).exists).toBe(true);
  });
});
