/**
 * The sales inbox (/inbox) in Chromium against the whole stack: the Auth emulator with real
 * accounts and claims, the real rules, the functions and the SMTP catcher standing in for the
 * sales mailbox. A visitor's enquiry appears live; follow-up survives a reload; the filtered CSV
 * has the export's columns; a resend is exactly one more email and a failed one changes nothing;
 * accounts without the claim see no data; and the inbox passes axe and works by keyboard alone.
 */
import { readFileSync } from 'node:fs';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry';
import { exportColumns } from '../../functions/src/contract/enquiry-columns';
import { RESENDS_COLLECTION } from '../../functions/src/resend';
import { demoEnquiries } from '../../scripts/lib/demo-enquiries';
import { AUTH_EMULATOR_HOST, DEMO_SALES_ACCOUNT, ensureAccount } from '../../scripts/lib/sales-accounts';
import {
  focusReport,
  screenshotPath,
  VIEWPORT_NAMES,
  VIEWPORTS,
  type ViewportName,
} from '../support/browser';
import { PROJECT_ID } from '../support/firestore-admin';
import { useJourneys } from './journeys';
import {
  axeViolations,
  fillFullForm,
  fullEnquiry,
  fullForm,
  mailsAbout,
  polled,
  thankYouDialog,
  waitForFormReady,
} from './visitor';

const journeys = useJourneys({ stack: 'inbox' });
const BUYER = { email: 'buyer@example.com', password: 'buyer-pass-1' };
const FORMER_SALES = { email: 'former-sales@example.com', password: 'former-pass-1' };
/** A function's cold start, a send and the answer, on a busy machine. */
const RESEND_TIMEOUT_MS = 30_000;

let adminApp: App;
let auth: Auth;

beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= AUTH_EMULATOR_HOST;
  adminApp = initializeApp({ projectId: PROJECT_ID }, 'e2e-inbox-auth');
  auth = getAuth(adminApp);
  await ensureAccount(auth, DEMO_SALES_ACCOUNT, true);
  await ensureAccount(auth, BUYER, false);
});

afterAll(async () => {
  await deleteApp(adminApp);
});

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const resultsStatus = (page: Page) => page.locator('.inbox-results > [role="status"]');
const listItem = (page: Page, text: string) => page.locator('.inbox-item', { hasText: text });
const detail = (page: Page) => page.locator('article.inbox-detail');

async function openInbox(viewport: ViewportName = 'desktop', options: { bypassCSP?: boolean } = {}) {
  const visit = await journeys.visit(viewport, options);
  await visit.goto('/inbox');
  await visit.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  return visit;
}

/** Writes demo enquiries straight to the database (each with a delivery record: no emails). */
async function seedDemoEnquiries(count = 12): Promise<ReturnType<typeof demoEnquiries>> {
  const batch = journeys.store.db.batch();
  const enquiries = demoEnquiries(new Date(), count);
  for (const enquiry of enquiries) {
    batch.set(journeys.store.db.collection(enquiry.collection).doc(enquiry.id), {
      ...enquiry.fields,
      createdAt: Timestamp.fromDate(enquiry.createdAt),
      notification: {
        ...enquiry.notification,
        sentAt: enquiry.notification.sentAt ? Timestamp.fromDate(enquiry.notification.sentAt) : null,
        nextAttemptAt: null,
        updatedAt: Timestamp.fromDate(enquiry.createdAt),
      },
    });
  }
  await batch.commit();
  return enquiries;
}

describe('the sales inbox', () => {
  it('shows a visitor’s enquiry live, keeps follow-up over a reload, downloads it as CSV and resends it once', async () => {
    const sales = await openInbox('desktop');
    await signIn(sales.page, DEMO_SALES_ACCOUNT);
    await expect.poll(() => resultsStatus(sales.page).textContent(), polled).toMatch(/^0 newest enquiries/);
    // Marks this document: a reload would lose it.
    await sales.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const visitor = await journeys.visit('mobile');
    await visitor.goto('/enquiry');
    const form = fullForm(visitor.page);
    await waitForFormReady(form.submit);
    const enquiry = fullEnquiry('Erode');
    await fillFullForm(form, enquiry);
    await form.terms.check();
    await form.submit.click();
    await thankYouDialog(visitor.page).waitFor();

    // Live: the enquiry appears in the open inbox without a reload.
    const item = listItem(sales.page, enquiry.name);
    await item.waitFor({ timeout: RESEND_TIMEOUT_MS });
    expect(await sales.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
      true,
    );
    const [doc] = await journeys.store.waitForDocuments(ENQUIRY_COLLECTION, 1);
    if (!doc) throw new Error('the enquiry is not stored');
    const path = `${ENQUIRY_COLLECTION}/${doc.id}`;
    await journeys.catcher.waitForMessage(
      (mail) => mail.headers.get('x-enquiry-id') === path,
      RESEND_TIMEOUT_MS,
    );
    await item.getByRole('button').click();
    await expect
      .poll(() => detail(sales.page).getByRole('heading', { level: 2 }).textContent(), polled)
      .toBe(enquiry.name);
    await expect
      .poll(() => detail(sales.page).locator('[data-state]').getAttribute('data-state'), {
        timeout: RESEND_TIMEOUT_MS,
      })
      .toBe('SENT');
    for (const value of [enquiry.email, enquiry.city, enquiry.message, enquiry.companyname])
      expect(await detail(sales.page).textContent()).toContain(value);
    expect(await detail(sales.page).getByRole('link', { name: /^Call/ }).getAttribute('href')).toBe(
      `tel:+91${enquiry.phone}`,
    );
    expect(await detail(sales.page).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(
      new RegExp(`^https://wa\\.me/91${enquiry.phone}\\?`),
    );
    expect(
      await detail(sales.page).getByRole('link', { name: 'Reply by email' }).getAttribute('href'),
    ).toMatch(/^mailto:meena\.[a-f0-9-]+@example\.com\?subject=/);

    // Follow-up: Contacted with a note, kept over a reload, with who and when.
    const note = 'Called at 11:40; sending the bulk price list on WhatsApp.';
    await detail(sales.page).getByLabel('Status').selectOption('Contacted');
    await detail(sales.page).getByLabel('Internal note').fill(note);
    await detail(sales.page).getByRole('button', { name: 'Save follow-up' }).click();
    await expect.poll(() => detail(sales.page).textContent(), polled).toContain('Follow-up saved.');
    await sales.page.reload();
    await detail(sales.page).waitFor({ timeout: RESEND_TIMEOUT_MS });
    expect(await detail(sales.page).getByLabel('Status').inputValue()).toBe('Contacted');
    expect(await detail(sales.page).getByLabel('Internal note').inputValue()).toBe(note);
    expect(await detail(sales.page).textContent()).toContain(`Last changed by ${DEMO_SALES_ACCOUNT.email}`);
    expect(await listItem(sales.page, enquiry.name).textContent()).toContain('Contacted');

    // Filter to it and download the CSV: the export's columns, this enquiry's row.
    await sales.page.getByLabel('Form', { exact: true }).selectOption('full');
    await sales.page.getByRole('searchbox').fill(enquiry.email);
    await expect.poll(() => sales.page.locator('.inbox-item').count(), polled).toBe(1);
    expect(new URL(sales.page.url()).searchParams.get('q')).toBe(enquiry.email);
    const [download] = await Promise.all([
      sales.page.waitForEvent('download'),
      sales.page.getByRole('button', { name: 'Download Full form CSV' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      exportColumns(ENQUIRY_COLLECTION)
        .map((column) => column.header)
        .join(','),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(doc.id);
    expect(rows[0]).toContain(enquiry.name);
    expect(rows[0]).toContain(',SENT,');

    // Resend: exactly one more email, and one recorded request.
    expect(mailsAbout(journeys.catcher.messages, path)).toHaveLength(1);
    await detail(sales.page).getByRole('button', { name: 'Resend email' }).click();
    await expect
      .poll(() => detail(sales.page).locator('.inbox-resend').textContent(), { timeout: RESEND_TIMEOUT_MS })
      .toContain('The sales email was sent again');
    expect(mailsAbout(journeys.catcher.messages, path)).toHaveLength(2);
    const resends = await journeys.store.db.collection(RESENDS_COLLECTION).where('enquiry', '==', path).get();
    expect(resends.docs.map((resend) => resend.get('state'))).toEqual(['SENT']);

    // A failed resend says so and changes nothing.
    const before = (await doc.ref.get()).get('notification') as unknown;
    journeys.catcher.setRejecting(true);
    try {
      await detail(sales.page).getByRole('button', { name: 'Resend email' }).click();
      const alert = detail(sales.page).locator('.inbox-resend [role="alert"]');
      await expect
        .poll(() => alert.textContent(), { timeout: RESEND_TIMEOUT_MS })
        .toMatch(/^The email was not sent/);
    } finally {
      journeys.catcher.setRejecting(false);
    }
    expect((await doc.ref.get()).get('notification')).toEqual(before);
    expect(await detail(sales.page).locator('[data-state]').getAttribute('data-state')).toBe('SENT');
    expect(mailsAbout(journeys.catcher.messages, path)).toHaveLength(2);
  });

  it('shows a follow-up a colleague saved first beside yours, instead of overwriting it', async () => {
    const [first] = await seedDemoEnquiries(4);
    if (!first) throw new Error('no demo enquiry');
    const { page } = await openInbox('desktop');
    await signIn(page, DEMO_SALES_ACCOUNT);
    await listItem(page, first.fields.name ?? '')
      .getByRole('button')
      .click();
    await detail(page).getByLabel('Status').selectOption('Quoted');
    await detail(page).getByLabel('Internal note').fill('Quoted ₹4,100 a kilo on the phone.');

    // A colleague saves first, from another device (as their inbox would write it).
    const ref = journeys.store.db.collection(first.collection).doc(first.id);
    const stored = ((await ref.get()).get('followUp.version') as number | undefined) ?? 0;
    await ref.update({
      followUp: {
        status: 'Contacted',
        note: 'Left a voicemail.',
        updatedBy: 'colleague',
        updatedByEmail: 'colleague@example.com',
        updatedAt: Timestamp.now(),
        version: stored + 1,
      },
    });
    await detail(page).getByRole('button', { name: 'Save follow-up' }).click();

    const conflict = detail(page).locator('.inbox-conflict');
    await expect.poll(() => conflict.textContent(), polled).toContain('Left a voicemail.');
    expect(await conflict.textContent()).toContain('colleague@example.com');
    expect(await conflict.textContent()).toContain('Quoted ₹4,100 a kilo on the phone.');
    expect((await ref.get()).get('followUp.note')).toBe('Left a voicemail.');

    await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
    await expect.poll(() => detail(page).textContent(), polled).toContain('Follow-up saved.');
    expect((await ref.get()).get('followUp')).toMatchObject({
      status: 'Quoted',
      note: 'Quoted ₹4,100 a kilo on the phone.',
      updatedByEmail: DEMO_SALES_ACCOUNT.email,
      version: stored + 2,
    });
  });

  it('sends nothing more when a resend whose answer was lost is clicked again', async () => {
    const [first] = await seedDemoEnquiries(4);
    if (!first) throw new Error('no demo enquiry');
    const path = `${first.collection}/${first.id}`;
    const { page } = await openInbox('desktop');
    await signIn(page, DEMO_SALES_ACCOUNT);
    await listItem(page, first.fields.name ?? '')
      .getByRole('button')
      .click();

    // The function runs and mails; its answer never reaches the browser.
    let lost = 0;
    await page.route('**/resendEnquiryEmail', async (route) => {
      if (lost > 0) return route.continue();
      lost += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await detail(page).getByRole('button', { name: 'Resend email' }).click();
    const alert = detail(page).locator('.inbox-resend [role="alert"]');
    await expect
      .poll(() => alert.textContent(), { timeout: RESEND_TIMEOUT_MS })
      .toContain('will not send a second email');
    await journeys.catcher.waitForMessage(
      (mail) => mail.headers.get('x-enquiry-id') === path,
      RESEND_TIMEOUT_MS,
    );

    await detail(page).getByRole('button', { name: 'Resend email' }).click();
    await expect
      .poll(() => detail(page).locator('.inbox-resend').textContent(), { timeout: RESEND_TIMEOUT_MS })
      .toContain('The sales email was sent again');
    expect(mailsAbout(journeys.catcher.messages, path)).toHaveLength(1);
    const resends = await journeys.store.db.collection(RESENDS_COLLECTION).where('enquiry', '==', path).get();
    expect(resends.size).toBe(1);
  });

  it('tells a wrong password plainly, and shows an account without the claim no enquiry at all', async () => {
    await seedDemoEnquiries(6);
    const names = demoEnquiries(new Date(), 6).map((enquiry) => enquiry.fields.name ?? '');
    const { page } = await openInbox('mobile');
    await signIn(page, { email: DEMO_SALES_ACCOUNT.email, password: 'not-the-password' });
    await expect
      .poll(() => page.getByRole('alert').textContent(), polled)
      .toBe('The email or password is not right. Check both and try again.');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(DEMO_SALES_ACCOUNT.email);

    await signIn(page, BUYER);
    await expect
      .poll(() => page.locator('.inbox-noaccess [role="alert"]').textContent(), polled)
      .toBe('This account has no access to the sales inbox.');
    const text = (await page.locator('main').textContent()) ?? '';
    for (const name of names) expect(text).not.toContain(name);
    expect(await page.locator('.inbox-item').count()).toBe(0);
  });

  it('sends a lost session back to sign-in with the filter kept', async () => {
    await seedDemoEnquiries(12);
    const uid = await ensureAccount(auth, FORMER_SALES, true);
    const { page } = await openInbox('desktop');
    await signIn(page, FORMER_SALES);
    await page.getByLabel('Email state').selectOption('HELD');
    await page.getByRole('searchbox').fill('a');
    await expect.poll(() => page.locator('.inbox-item').count(), polled).toBeGreaterThan(0);

    await auth.updateUser(uid, { disabled: true });
    await auth.revokeRefreshTokens(uid);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.locator('.inbox-item').count()).toBe(0);

    await auth.updateUser(uid, { disabled: false });
    await signIn(page, FORMER_SALES);
    await expect.poll(() => page.getByLabel('Email state').inputValue(), polled).toBe('HELD');
    expect(await page.getByRole('searchbox').inputValue()).toBe('a');
    await expect.poll(() => page.locator('.inbox-item').count(), polled).toBeGreaterThan(0);
    for (const badge of await page.locator('.inbox-item [data-state]').all())
      expect(await badge.getAttribute('data-state')).toBe('HELD');
  });
});

describe.each(VIEWPORT_NAMES)('the inbox at %s width', (viewport) => {
  it('has no axe violations on sign-in, list and detail, and is pictured', async () => {
    await seedDemoEnquiries(30);
    const { width, height } = VIEWPORTS[viewport];
    const { page } = await openInbox(viewport, { bypassCSP: true });
    expect(await axeViolations(page)).toEqual([]);
    await signIn(page, DEMO_SALES_ACCOUNT);
    await expect.poll(() => resultsStatus(page).textContent(), polled).toMatch(/^30 newest/);
    await page.locator('.inbox-chart svg').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // FAILED, HELD and DUPLICATE stand out in the list.
    expect(await page.locator('.inbox-item--attention').count()).toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath(`inbox-list-${width}x${height}`), fullPage: true });

    await page.locator('.inbox-item--attention button').first().click();
    await detail(page).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`inbox-detail-${width}x${height}`), fullPage: true });
  });
});

/** How long a focus indicator may take to appear. */
const FOCUS_SETTLE_MS = 2_000;

/** Presses Tab until `target` has focus; every stop on the way must show where focus is. */
async function tabTo(
  page: Page,
  target: Locator,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
  maxStops = 80,
): Promise<void> {
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press(key);
    // A focus ring may fade in (the site's transitions): wait for it, briefly.
    await expect
      .poll(async () => (await focusReport(page))?.indicator ?? true, {
        timeout: FOCUS_SETTLE_MS,
        interval: 50,
      })
      .toBe(true)
      .catch(() => undefined);
    const report = await focusReport(page);
    // A date input's calendar button is focused inside the input's own shadow tree: the input
    // then no longer matches :focus, and the ring (inbox.css) is on that button, out of reach here.
    const onCalendarButton = await page.evaluate(
      () => document.activeElement?.matches('input[type="date"]:not(:focus)') ?? false,
    );
    if (report && !onCalendarButton) expect(report.indicator, `${report.description} shows focus`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

describe('the inbox by keyboard alone', () => {
  it('signs in, opens an enquiry, records follow-up and goes back to the list', async () => {
    await seedDemoEnquiries(8);
    const { page } = await openInbox('desktop');
    await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(DEMO_SALES_ACCOUNT.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_SALES_ACCOUNT.password);
    await page.keyboard.press('Enter');
    await expect.poll(() => resultsStatus(page).textContent(), polled).toMatch(/^8 newest/);

    const first = page.locator('.inbox-item button').first();
    const name = (await page.locator('.inbox-item__name').first().textContent()) ?? '';
    await tabTo(page, first);
    await page.keyboard.press('Enter');
    const heading = detail(page).getByRole('heading', { level: 2 });
    await expect
      .poll(() => heading.evaluate((element) => element === document.activeElement), polled)
      .toBe(true);
    expect(await heading.textContent()).toBe(name);

    await tabTo(page, detail(page).getByLabel('Status'));
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Quoted on the phone; buyer chose another supplier.');
    await tabTo(page, detail(page).getByRole('button', { name: 'Save follow-up' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => detail(page).textContent(), polled).toContain('Follow-up saved.');
    expect(await detail(page).getByLabel('Status').inputValue()).toBe('Lost');

    await tabTo(page, detail(page).getByRole('button', { name: 'Back to the list' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => detail(page).count(), polled).toBe(0);
    await expect
      .poll(() => first.evaluate((element) => element === document.activeElement), polled)
      .toBe(true);
  });
});
