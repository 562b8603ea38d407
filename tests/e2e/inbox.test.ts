/**
 * The sales inbox (/inbox) in Chromium against the whole stack: the Auth emulator with real
 * accounts and claims, the real rules, the functions and the SMTP catcher standing in for the
 * sales mailbox. A visitor's enquiry appears live; follow-up survives a reload; the filtered CSV
 * has the export's columns; a resend is exactly one more email and a failed one changes nothing;
 * accounts without the claim see no data; a buyer's typo is corrected with a history entry; the
 * enquiries left waiting are listed oldest first; and the inbox passes axe and works by keyboard
 * alone. (Its deep links and the owner's privacy tools: inbox-links.test.ts.)
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION, RESENDS_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { exportColumns } from '../../functions/src/contract/enquiry/enquiry-columns';
import { startOfIndiaWeek } from '../../functions/src/contract/base/india-time';
import { WEEK_MS } from '../../functions/src/contract/base/time';
import { DEMO_OWNER_ACCOUNT, DEMO_SALES_ACCOUNT, ensureAccount } from '../../scripts/lib/sales-accounts';
import { focusReport, screenshotPath, VIEWPORT_NAMES, type ViewportName } from '../support/browser';
import {
  card,
  cardOf,
  cards,
  detail,
  detailHeading,
  filterBy,
  openCard,
  openFilters,
  resultsStatus,
  seedDemoEnquiries,
  signIn,
  summary,
  useInboxAccounts,
} from './inbox-visit';
import { useJourneys } from './journeys';
import { axeViolations, fullEnquiry, mailsAbout, polled, sendFullEnquiry } from './visitor';

const journeys = useJourneys({ stack: 'inbox' });
const accounts = useInboxAccounts('e2e-inbox');
const BUYER = { email: 'buyer@example.com', password: 'buyer-pass-1' };
const FORMER_SALES = { email: 'former-sales@example.com', password: 'former-pass-1' };
/** A function's cold start, a send and the answer, on a busy machine. */
const RESEND_TIMEOUT_MS = 30_000;

async function openInbox(viewport: ViewportName = 'desktop', options: { bypassCSP?: boolean } = {}) {
  const visit = await journeys.visit(viewport, options);
  await visit.goto('/inbox');
  await visit.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  return visit;
}

/**
 * A download's text, read through its stream: the browser the journeys share is connected to, not
 * launched, and a connected browser's download has no local path.
 */
async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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
    const enquiry = fullEnquiry('Erode');
    await sendFullEnquiry(visitor.page, enquiry);

    // Live: the enquiry appears in the open inbox without a reload, with its message's first line.
    const item = card(sales.page, enquiry.name);
    await item.waitFor({ timeout: RESEND_TIMEOUT_MS });
    expect(await item.textContent()).toContain(enquiry.message);
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
    await openCard(item);
    await expect.poll(() => detailHeading(sales.page).textContent(), polled).toBe(enquiry.name);
    expect(new URL(sales.page.url()).pathname).toBe(`/inbox/${path}`);
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
    expect(await card(sales.page, enquiry.name).locator('[data-status]').textContent()).toBe('Contacted');

    // Filter to it and download the CSV: the export's columns, this enquiry's row.
    await detail(sales.page).getByRole('button', { name: 'Back to the list' }).click();
    await filterBy(sales.page, { Form: 'full' });
    await sales.page.getByRole('searchbox').fill(enquiry.email);
    await expect.poll(() => cards(sales.page).count(), polled).toBe(1);
    expect(new URL(sales.page.url()).searchParams.get('q')).toBe(enquiry.email);
    expect(new URL(sales.page.url()).searchParams.get('form')).toBe('full');
    const sheet = await openFilters(sales.page);
    const [download] = await Promise.all([
      sales.page.waitForEvent('download'),
      sheet.getByRole('button', { name: 'Download Full form CSV' }).click(),
    ]);
    const csv = (await downloadText(download)).replace(/^\uFEFF/, '');
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
    await sheet.getByRole('button', { name: 'Show enquiries' }).click();

    // Resend: exactly one more email, and one recorded request.
    await openCard(card(sales.page, enquiry.name));
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
    const enquiries = await seedDemoEnquiries(journeys.store.db, 4);
    const first = enquiries.find((enquiry) => !enquiry.followUp);
    if (!first) throw new Error('no demo enquiry without follow-up');
    const { page } = await openInbox('desktop');
    await signIn(page, DEMO_SALES_ACCOUNT);
    await openCard(cardOf(page, first));
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
        firstContactAt: Timestamp.now(),
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
    const [first] = await seedDemoEnquiries(journeys.store.db, 4);
    if (!first) throw new Error('no demo enquiry');
    const path = `${first.collection}/${first.id}`;
    const { page } = await openInbox('desktop');
    await signIn(page, DEMO_SALES_ACCOUNT);
    await openCard(cardOf(page, first));

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
    const seeded = await seedDemoEnquiries(journeys.store.db, 6);
    await ensureAccount(accounts.auth, BUYER, false);
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
    for (const enquiry of seeded) expect(text).not.toContain(enquiry.fields.name);
    expect(await cards(page).count()).toBe(0);
    // The account it is signed in as, and the way out.
    expect(await page.getByRole('banner').textContent()).toContain(BUYER.email);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it('sends a lost session back to sign-in with the filter kept', async () => {
    await seedDemoEnquiries(journeys.store.db, 12);
    const uid = await ensureAccount(accounts.auth, FORMER_SALES, true);
    const { page } = await openInbox('desktop');
    await signIn(page, FORMER_SALES);
    await filterBy(page, { 'Email state': 'HELD' });
    await page.getByRole('searchbox').fill('a');
    await expect.poll(() => cards(page).count(), polled).toBeGreaterThan(0);

    await accounts.auth.updateUser(uid, { disabled: true });
    await accounts.auth.revokeRefreshTokens(uid);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await cards(page).count()).toBe(0);

    await accounts.auth.updateUser(uid, { disabled: false });
    await signIn(page, FORMER_SALES);
    await expect.poll(() => page.getByRole('searchbox').inputValue(), polled).toBe('a');
    await expect.poll(() => cards(page).count(), polled).toBeGreaterThan(0);
    for (const badge of await page.locator('.inbox-card [data-state]').all())
      expect(await badge.getAttribute('data-state')).toBe('HELD');
    const sheet = await openFilters(page);
    expect(await sheet.getByLabel('Email state').inputValue()).toBe('HELD');
  });

  it('lets a salesperson correct a buyer’s typo, recorded in the history with who and when', async () => {
    const enquiries = await seedDemoEnquiries(journeys.store.db, 6);
    const target = enquiries.find((enquiry) => enquiry.collection === ENQUIRY_COLLECTION);
    if (!target) throw new Error('no full-form demo enquiry');
    const { page } = await openInbox('mobile');
    await signIn(page, DEMO_SALES_ACCOUNT);
    await openCard(cardOf(page, target));
    await detail(page).getByRole('button', { name: 'Correct the buyer’s details' }).click();

    // Checked as the site's forms check: a phone must be ten digits.
    await detail(page).getByLabel('Phone').fill('98400 1234');
    await detail(page).getByRole('button', { name: 'Save correction' }).click();
    await expect
      .poll(() => detail(page).locator('.inbox-correction').textContent(), polled)
      .toContain('Phone is required and must be a 10-digit number.');

    await detail(page).getByLabel('Phone').fill('+91 98400 12399');
    await detail(page).getByLabel('City').fill('Tiruppur');
    await detail(page).getByRole('button', { name: 'Save correction' }).click();
    await expect.poll(() => detail(page).textContent(), polled).toContain('Corrected: Phone, City.');
    const history = detail(page).locator('.inbox-history');
    await expect
      .poll(() => history.textContent(), polled)
      .toMatch(
        new RegExp(
          `^Phone, City corrected by ${DEMO_SALES_ACCOUNT.email}, \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2}$`,
        ),
      );
    const stored = (await journeys.store.db.collection(target.collection).doc(target.id).get()).data() ?? {};
    expect(stored).toMatchObject({ phone: '9840012399', city: 'Tiruppur', name: target.fields.name });
    expect(stored.followUp).toMatchObject({
      history: { '0': { corrected: ['phone', 'city'], byEmail: DEMO_SALES_ACCOUNT.email } },
    });
    expect(await detail(page).locator('.inbox-fields__phone').textContent()).toBe('9840012399');
  });

  it('records the first contact when a salesperson taps Reply by email, leaving the status as it was', async () => {
    const enquiries = await seedDemoEnquiries(journeys.store.db, 6);
    const waiting = enquiries.find(
      (enquiry) => !enquiry.followUp && enquiry.notification.state !== 'DUPLICATE',
    );
    if (!waiting) throw new Error('no demo enquiry waiting for a first contact');
    const { page } = await openInbox('desktop');
    await signIn(page, DEMO_SALES_ACCOUNT);
    await openCard(cardOf(page, waiting));
    const response = detail(page).locator('[data-response]');
    await expect.poll(() => response.getAttribute('data-response'), polled).toBe('waiting');
    await detail(page).getByRole('link', { name: 'Reply by email' }).click();
    await expect.poll(() => response.textContent(), polled).toMatch(/^First contact: answered in /);
    const stored = (await journeys.store.db.collection(waiting.collection).doc(waiting.id).get()).get(
      'followUp',
    ) as { status: string; firstContactAt: Timestamp };
    expect(stored.status).toBe('New');
    expect(Math.abs(stored.firstContactAt.toMillis() - Date.now())).toBeLessThan(RESEND_TIMEOUT_MS);
    expect(await detail(page).getByLabel('Status').inputValue()).toBe('New');
  });

  it('keeps an address, a number, an ID and every label on one line at phone width', async () => {
    const enquiries = await seedDemoEnquiries(journeys.store.db);
    const longest = [...enquiries].sort(
      (a, b) => (b.fields.email?.length ?? 0) - (a.fields.email?.length ?? 0),
    )[0];
    if (!longest) throw new Error('no demo enquiry');
    const { page } = await openInbox('mobile');
    await signIn(page, DEMO_SALES_ACCOUNT);
    await expect.poll(() => resultsStatus(page).textContent(), polled).toMatch(/^30 newest/);
    /** How many lines the element's text takes: its boxes' tops, those less than a line apart counted once. */
    const linesOf = (element: Locator) =>
      element.evaluate((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const lineHeight = parseFloat(getComputedStyle(node).fontSize);
        const tops = [...range.getClientRects()].map((rect) => rect.top).sort((a, b) => a - b);
        return tops.filter((top, index) => index === 0 || top - (tops[index - 1] ?? top) > lineHeight / 2)
          .length;
      });
    for (const label of await page.locator('.inbox-status, .inbox-tag, .inbox-badge').all())
      expect(await linesOf(label), (await label.textContent()) ?? '').toBe(1);
    await openCard(cardOf(page, longest));
    for (const field of ['email', 'phone', 'id']) {
      const value = detail(page).locator(`.inbox-fields__${field}`);
      expect(await linesOf(value), `${field}: ${(await value.textContent()) ?? ''}`).toBe(1);
    }
    expect(await linesOf(detail(page).getByRole('link', { name: /^Call/ }))).toBe(1);
  });

  it('counts the leads left waiting over an hour, and lists them oldest first in one tap', async () => {
    const enquiries = await seedDemoEnquiries(journeys.store.db);
    const { page } = await openInbox('mobile');
    await signIn(page, DEMO_SALES_ACCOUNT);
    const late = page.locator('.inbox-late');
    await expect.poll(() => late.textContent(), polled).toMatch(/waited more than 1 h/);
    const counted = Number(/^(\d+)/.exec((await late.textContent()) ?? '')?.[1]);
    await late.getByRole('button', { name: 'List them, oldest first' }).click();
    await expect
      .poll(() => resultsStatus(page).textContent(), polled)
      .toMatch(new RegExp(`^${counted} waiting more than 1 h since last Monday`));
    const listed = await page.locator('.inbox-card').evaluateAll((elements) =>
      elements.map((element) => ({
        key: element.getAttribute('data-enquiry') ?? '',
        at: element.querySelector('time')?.getAttribute('datetime') ?? '',
      })),
    );
    expect(listed.map((item) => item.at)).toEqual(listed.map((item) => item.at).sort());
    // Exactly the seeded enquiries since last week's Monday (India time) that nobody has answered
    // and that are more than an hour old: a duplicate waits for nobody.
    const now = Date.now();
    const since = startOfIndiaWeek(new Date(now)).getTime() - WEEK_MS;
    const waiting = enquiries
      .filter(
        (enquiry) =>
          !enquiry.followUp &&
          enquiry.notification.state !== 'DUPLICATE' &&
          enquiry.createdAt.getTime() >= since &&
          enquiry.createdAt.getTime() < now - 3_600_000,
      )
      .map((enquiry) => `${enquiry.collection}/${enquiry.id}`);
    expect(waiting.length).toBeGreaterThan(0);
    expect(counted).toBe(waiting.length);
    expect(listed.map((item) => item.key).sort()).toEqual([...waiting].sort());
    for (const item of await cards(page).all())
      expect(await item.locator('[data-status]').textContent()).toBe('New');

    // The summary's figures come from the weekly histograms.
    await summary(page).locator('summary').click();
    const figures = summary(page).locator('.inbox-figures');
    await expect.poll(() => figures.textContent(), polled).toContain('This week');
    expect(await figures.textContent()).toContain('Last week');
    await summary(page).locator('.inbox-chart').waitFor();
  });

  it('is the inbox’s own page: its header, the account and sign-out, none of the public site’s chrome', async () => {
    const { page } = await openInbox('mobile');
    expect(await page.locator('.site-header, .site-footer, .chat-dock').count()).toBe(0);
    expect(await page.getByRole('banner').textContent()).toContain('Sales inbox');
    await signIn(page, DEMO_SALES_ACCOUNT);
    await expect
      .poll(() => page.getByRole('banner').textContent(), polled)
      .toContain(DEMO_SALES_ACCOUNT.email);
    expect(await page.getByRole('navigation').count()).toBe(0);
  });
});

/** Phone widths at which the header once cut the signed-in address to its first letter. */
const NARROW_INBOX_WIDTHS = [320, 390];

describe('the inbox header on a phone', () => {
  it.each(
    NARROW_INBOX_WIDTHS.flatMap((width) =>
      [DEMO_OWNER_ACCOUNT, DEMO_SALES_ACCOUNT].map((account) => [width, account.email, account] as const),
    ),
  )('at %i px shows %s whole, so accounts are told apart', async (width, _email, account) => {
    const { page } = await openInbox('mobile');
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, account);
    const address = page.locator('.inbox-header__email');
    await expect.poll(() => address.textContent(), polled).toContain(account.email);
    // Owner's header has its two links too: wait for them, as they take their room.
    if (account === DEMO_OWNER_ACCOUNT)
      await page.getByRole('navigation', { name: 'Parts of the inbox' }).waitFor();
    const shown = await address.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { cut: element.scrollWidth > element.clientWidth, right: box.right, width: innerWidth };
    });
    expect(shown).toEqual({ cut: false, right: shown.right, width });
    expect(shown.right).toBeLessThanOrEqual(width);
    if (width === 390 && account === DEMO_OWNER_ACCOUNT)
      await page.getByRole('banner').screenshot({ path: screenshotPath(`inbox-header-${width}`) });
  });
});

describe.each(VIEWPORT_NAMES)('the inbox at %s width', (viewport) => {
  it('has no axe violations on sign-in, list, filter sheet, summary and detail', async () => {
    const enquiries = await seedDemoEnquiries(journeys.store.db);
    const { page } = await openInbox(viewport, { bypassCSP: true });
    expect(await axeViolations(page)).toEqual([]);
    await signIn(page, DEMO_SALES_ACCOUNT);
    await expect.poll(() => resultsStatus(page).textContent(), polled).toMatch(/^30 newest/);
    expect(await axeViolations(page)).toEqual([]);
    // FAILED, HELD and DUPLICATE stand out in the list.
    expect(await page.locator('.inbox-card--attention').count()).toBeGreaterThan(0);

    await openFilters(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await summary(page).locator('summary').click();
    await summary(page).locator('.inbox-chart').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const failed = enquiries.find((enquiry) => enquiry.notification.state === 'FAILED');
    if (!failed) throw new Error('no FAILED demo enquiry');
    await openCard(cardOf(page, failed));
    await detail(page).waitFor();
    await detail(page).getByText('Details', { exact: true }).click();
    expect(await axeViolations(page)).toEqual([]);
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
    // then no longer matches :focus, and the ring (inbox-shell.css) is on that button, out of reach here.
    const onCalendarButton = await page.evaluate(
      () => document.activeElement?.matches('input[type="date"]:not(:focus)') ?? false,
    );
    if (report && !onCalendarButton) expect(report.indicator, `${report.description} shows focus`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

describe('the inbox by keyboard alone', () => {
  it('signs in, filters, opens an enquiry, records follow-up and goes back to the list', async () => {
    await seedDemoEnquiries(journeys.store.db, 8);
    const { page } = await openInbox('desktop');
    await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(DEMO_SALES_ACCOUNT.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_SALES_ACCOUNT.password);
    await page.keyboard.press('Enter');
    await expect.poll(() => resultsStatus(page).textContent(), polled).toMatch(/^8 newest/);

    // The filter sheet opens, takes focus, and Escape gives it back.
    const filters = page.getByRole('button', { name: /^Filters/ });
    await tabTo(page, filters);
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Filter enquiries' });
    await sheet.waitFor();
    await tabTo(page, sheet.getByLabel('Form', { exact: true }));
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await expect
      .poll(() => filters.evaluate((element) => element === document.activeElement), polled)
      .toBe(true);

    const first = page.locator('.inbox-card button').first();
    const name = (await page.locator('.inbox-card__name').first().textContent()) ?? '';
    await tabTo(page, first);
    await page.keyboard.press('Enter');
    const heading = detailHeading(page);
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
